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
    private let problem = Locked<OutputProblem?>(nil)

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
        problem.withLock { $0 }
    }

    /// A person at a terminal types ahead; a pipe or a file is a script.
    public var typesAhead: Bool { showsPrompts }

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
    public func readLine(prompt: String) async -> String? {
        if showsPrompts { writeOutput(InertText.inert(prompt)) }
        return await withCheckedContinuation { line in
            Self.input.async { line.resume(returning: Swift.readLine(strippingNewline: true)) }
        }
    }

    /// The one thread standard input is read on, a line at a time in order.
    private static let input = DispatchQueue(label: "people.standard-input")

    private func writeOutput(_ text: String) {
        writeOutput(Array(text.utf8))
    }

    private func writeOutput(_ bytes: [UInt8]) {
        problem.withLock { problem in
            guard problem == nil else { return }
            problem = Self.send(bytes, to: STDOUT_FILENO)
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
