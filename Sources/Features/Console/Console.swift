/// The text channel between the app and the person at the keyboard.
///
/// Views write through it and the navigator reads through it; neither knows
/// whether it is a real terminal, a pipe, or a test's script.
///
/// It is also the one boundary every line crosses on its way to a terminal,
/// so it is where text from outside is made harmless: an implementation
/// writes `text` as ``InertText/inert(_:)`` shows it, never the raw
/// characters. A name holding an escape sequence or a line break then prints
/// as visible symbols on its own line, whatever screen shows it. The one
/// exception is ``writeRecords(_:)``, an export's records, which reach a
/// file or a pipe exactly as stored (and a terminal inert all the same).
public protocol Console: Sendable {
    /// Writes `text` as one line on standard output, dressed for `role`
    /// where colour is on.
    func writeLine(_ text: String, as role: TextRole)

    /// Writes a block of the program's own text, such as a help page or a
    /// JSON document, one line per line break, each dressed for `role`.
    ///
    /// A requirement, with a default that writes line by line, so that a
    /// console can write a whole block at once.
    func writeLines(_ block: String, as role: TextRole)

    /// Writes each of `lines` as one line, as ``writeLine(_:as:)`` would:
    /// inert, so a line break inside one is shown, never obeyed.
    ///
    /// For a caller with many lines at once (an export writes its records
    /// with ``writeRecords(_:)``). A requirement, with a
    /// default that writes line by line, so that a console can send a
    /// whole page in one write instead of a million writes for a million
    /// persons.
    func writeLines(_ lines: [String], as role: TextRole)

    /// Writes each of `lines`, records of a file another program will read
    /// (an export), as they are when standard output is a file or a pipe,
    /// and inert like every other line when it is a terminal.
    ///
    /// An export must keep what was stored: a line feed inside a quoted CSV
    /// field is part of the value, and a stand-in (`␊`) would change the
    /// value read back. Only a terminal obeys what it is sent, so only a
    /// terminal gets the stand-ins. A requirement, with a default that
    /// writes the lines inert, as a terminal needs them: the safe choice
    /// for a console that cannot tell.
    func writeRecords(_ lines: [String])

    /// Writes `text` as one line on standard error.
    func writeErrorLine(_ text: String)

    /// Shows `prompt` where that helps, then waits for one line, without
    /// its newline.
    ///
    /// Async so that waiting for a key never holds the main actor: a load
    /// that arrives meanwhile is drawn at once.
    ///
    /// - Returns: the line, or `nil` at the end of the input.
    func readLine(prompt: String) async -> String?

    /// Why standard output stopped reaching its reader, or `nil` while it does.
    var outputProblem: OutputProblem? { get }

    /// Whether input may arrive before the screen on top has finished
    /// loading: true for a person at a terminal, who may quit while a page
    /// loads; false for a script, whose next line is read only once
    /// the screen on top has settled (``Screen/settled()``), so the same
    /// script always meets the same screens.
    var typesAhead: Bool { get }

    /// Whether a line that a later one replaces (`People · loading…`) is
    /// worth writing: to a person watching a terminal, it says the program
    /// is at work; to a pipe or a file, it is noise between the pages, so
    /// a script's output holds only the pages it settled on.
    var showsProgress: Bool { get }
}

/// Why output written to a console was not kept.
public enum OutputProblem: Sendable, Equatable {
    /// The reader went away, as `head -1` does once it has its line.
    case closed
    /// Writing failed, such as on a full disk; the text says how.
    case failed(String)
}

extension Console {
    /// Progress is shown unless a console says it goes nowhere a person
    /// watches: only the process's own console can tell.
    public var showsProgress: Bool { true }

    /// Writes `text` as one plain line on standard output.
    public func writeLine(_ text: String = "") {
        writeLine(text, as: .plain)
    }

    /// Writes a block of the program's own text one line per line break,
    /// through ``writeLine(_:as:)``.
    public func writeLines(_ block: String, as role: TextRole) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            writeLine(String(line), as: role)
        }
    }

    /// Writes each of `lines` as one line, through ``writeLine(_:as:)``.
    public func writeLines(_ lines: [String], as role: TextRole) {
        for line in lines { writeLine(line, as: role) }
    }

    /// Writes each of `lines` inert, as any line, for a console that
    /// cannot tell a terminal from a file.
    public func writeRecords(_ lines: [String]) {
        writeLines(lines, as: .plain)
    }

    /// Writes a block of plain text, one line per line break.
    public func writeLines(_ block: String) {
        writeLines(block, as: .plain)
    }

    /// The exit status for a run that ended with `status`, once its output
    /// is accounted for.
    ///
    /// Output that could not be written makes the run a failure, said in one
    /// line on standard error: a script must not take lost output for
    /// success. A reader that went away on purpose (`people list | head -1`)
    /// ends the run quietly, with the status it had.
    public func settle(_ status: ExitCode) -> ExitCode {
        guard case .failed(let reason) = outputProblem else { return status }
        writeErrorLine("people: cannot write the output: \(reason)")
        return .failure
    }
}
