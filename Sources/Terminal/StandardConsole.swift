import Features
import Foundation

/// The process's own standard input, output and error.
///
/// Prompts are shown only when a person is typing (standard input is a
/// terminal); a script piping commands in gets clean output instead. Every
/// line is rendered by the ``TextStyle``: inert first, then coloured.
///
/// Writing can fail, and the console says so instead of hiding it: a full
/// disk (`people list > /dev/full`) is recorded as
/// ``Features/OutputProblem/failed(_:)``, and a reader that went away
/// (`people list | head -1`) as ``Features/OutputProblem/closed``, after which nothing
/// more is written. The application turns either into its exit status
/// through ``Features/Console/settle(_:)``.
///
/// An export's records (``Features/Console/writeRecords(_:)``) are written
/// exactly as stored to a file or a pipe, and inert only to a terminal.
public final class StandardConsole: Console {
    private let showsPrompts: Bool
    private let outputIsTerminal: Bool
    private let style: TextStyle
    private let state = Locked(State())

    /// What the console's writes share, behind one lock.
    private struct State {
        /// Why output stopped reaching its reader, if it has.
        var problem: OutputProblem?
        /// The prompt on screen while a line is awaited, made inert: a
        /// line written meanwhile takes its place, and it follows.
        var prompt: String?
    }

    /// A console on the process's standard streams.
    ///
    /// A closed pipe would normally end the process with SIGPIPE before any
    /// error could be seen; the console turns that signal off for the
    /// process, so that a closed pipe arrives as an error it can act on.
    ///
    /// - Parameters:
    ///   - showsPrompts: whether standard input is a terminal.
    ///   - outputIsTerminal: whether standard output is a terminal, which
    ///     gets an export's records inert.
    ///   - style: how lines are dressed; plain unless colour is on.
    public init(showsPrompts: Bool, outputIsTerminal: Bool, style: TextStyle) {
        self.showsPrompts = showsPrompts
        self.outputIsTerminal = outputIsTerminal
        self.style = style
        signal(SIGPIPE, SIG_IGN)
    }

    public var outputProblem: OutputProblem? {
        state.withLock(\.problem)
    }

    /// A person at a terminal types ahead; a pipe or a file is a script.
    public var typesAhead: Bool { showsPrompts }

    /// Progress lines only to a person at a terminal: when either end is a
    /// pipe or a file (`printf 'x\nq\n' | people`, `people > out`), a script
    /// is reading, and gets only the settled pages.
    public var showsProgress: Bool { showsPrompts && outputIsTerminal }

    public func writeLine(_ text: String, as role: TextRole) {
        writeOutput(style.render(text, as: role) + "\n")
    }

    /// Each line made inert and dressed, then the whole block in one write.
    public func writeLines(_ block: String, as role: TextRole) {
        writeLines(
            block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            as: role)
    }

    /// Each line made inert and dressed, then all of them in one write.
    public func writeLines(_ lines: [String], as role: TextRole) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            bytes.append(contentsOf: style.render(line, as: role).utf8)
            bytes.append(0x0A)
        }
        writeOutput(bytes)
    }

    /// Each record as it is, in one write; inert, as any line, on a terminal.
    public func writeRecords(_ lines: [String]) {
        guard !outputIsTerminal else { return writeLines(lines, as: .plain) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        writeOutput(bytes)
    }

    public func writeErrorLine(_ text: String) {
        // Nowhere is left to report a failure to write the errors themselves.
        _ = Self.send(InertText.inert(text) + "\n", to: STDERR_FILENO)
    }

    /// Shows the prompt, then waits for a line on a thread of its own: the
    /// read blocks, and the main actor must stay free to draw a page that
    /// arrives meanwhile.
    ///
    /// The prompt belongs below the page it asks about, so a page (or its
    /// failure) that arrives while the line is awaited is written in the
    /// prompt's place, and the prompt again after it: `> ` never sits
    /// before the page that loads behind it.
    public func readLine(prompt: String) async -> String? {
        if showsPrompts {
            let inert = InertText.inert(prompt)
            state.withLock { state in
                guard state.problem == nil else { return }
                state.problem = Self.send(Array(inert.utf8), to: STDOUT_FILENO)
                state.prompt = inert
            }
        }
        return await withCheckedContinuation { line in
            Self.input.async { [state] in
                let read = Swift.readLine(strippingNewline: true)
                state.withLock { $0.prompt = nil }
                line.resume(returning: read)
            }
        }
    }

    /// What takes the prompt's place on its line before a line is written
    /// under it: back to the start of the line, and the line cleared.
    private static let promptCleared = Array("\r\u{1B}[K".utf8)

    /// The one thread standard input is read on, a line at a time in order.
    private static let input = DispatchQueue(label: "people.standard-input")

    private func writeOutput(_ text: String) {
        writeOutput(Array(text.utf8))
    }

    /// Writes `bytes`, in the place of the prompt if one is on screen,
    /// and the prompt again after them.
    private func writeOutput(_ bytes: [UInt8]) {
        state.withLock { state in
            guard state.problem == nil else { return }
            let written =
                state.prompt.map { Self.promptCleared + bytes + Array($0.utf8) } ?? bytes
            state.problem = Self.send(written, to: STDOUT_FILENO)
        }
    }

    /// Writes all of `text` to `descriptor`, or says why it could not.
    private static func send(_ text: String, to descriptor: Int32) -> OutputProblem? {
        send(Array(text.utf8), to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, or says why it could not.
    private static func send(_ bytes: [UInt8], to descriptor: Int32) -> OutputProblem? {
        bytes.withUnsafeBytes { buffer -> OutputProblem? in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return nil }
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR, EAGAIN: continue
                case EPIPE: return .closed
                case let code: return .failed(String(cString: strerror(code)))
                }
            }
            return nil
        }
    }
}
