import Features

/// A console that plays a script of input lines and records all output.
///
/// It records what a terminal would be sent: each line made inert, as the
/// ``Features/Console`` contract requires, without colour. Made as a file
/// (`outputIsTerminal: false`), it records an export's records as a file
/// or a pipe receives them: exactly. Thread safe, so a scope
/// holding it stays `Sendable`; each test makes its own, so tests running in
/// parallel never share one.
public final class RecordingConsole: Console {
    private struct State {
        var input: [String]
        var output = ""
        var errors = ""
        var roles: [TextRole] = []
    }

    private let state: Locked<State>
    private let outputIsTerminal: Bool

    /// A console whose input is `lines`, one `readLine` each, then end of
    /// input, writing to a terminal unless `outputIsTerminal` is false.
    ///
    /// Like a script piped to `people`, each line is read once the screen
    /// on top has settled, unless `typesAhead`: then the lines arrive as a
    /// person's keys do, before a load has, which is what a test of
    /// cancelling a load needs (`q` while the page is still loading).
    ///
    /// It records progress lines (`People · loading…`) as a terminal
    /// shows them, unless `showsProgress` is false, as a pipe's output is.
    public init(
        input lines: [String] = [], outputIsTerminal: Bool = true, typesAhead: Bool = false,
        showsProgress: Bool = true
    ) {
        state = Locked(State(input: lines))
        self.outputIsTerminal = outputIsTerminal
        self.typesAhead = typesAhead
        self.showsProgress = showsProgress
    }

    /// Whether progress lines that a later line replaces are written.
    public let showsProgress: Bool

    /// Whether the lines arrive as a person's keys do, before a load has.
    public let typesAhead: Bool

    /// Everything written to standard output so far, a newline after each line.
    public var output: String { state.withLock(\.output) }

    /// The lines of input not read yet: what a test checks to see that a
    /// script waited for a screen.
    public var unread: [String] { state.withLock(\.input) }

    /// Everything written to standard error so far, a newline after each line.
    public var errors: String { state.withLock(\.errors) }

    /// The role of each line written to standard output, in order.
    public var roles: [TextRole] { state.withLock(\.roles) }

    /// Output always reaches this console.
    public var outputProblem: OutputProblem? { nil }

    public func writeLine(_ text: String, as role: TextRole) {
        state.withLock {
            $0.output += InertText.inert(text) + "\n"
            $0.roles.append(role)
        }
    }

    public func writeRecords(_ lines: [String]) {
        guard !outputIsTerminal else { return writeLines(lines, as: .plain) }
        state.withLock {
            for line in lines { $0.output += line + "\n" }
            $0.roles += lines.map { _ in .plain }
        }
    }

    public func writeErrorLine(_ text: String) {
        state.withLock { $0.errors += InertText.inert(text) + "\n" }
    }

    public func readLine(prompt: String) async -> String? {
        state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }
}
