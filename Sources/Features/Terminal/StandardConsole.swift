import Foundation

/// The process's own standard input, output and error.
///
/// Prompts are shown only when a person is typing (standard input is a
/// terminal); a script piping commands in gets clean output instead.
public struct StandardConsole: Console {
    private let showsPrompts: Bool

    /// A console on the process's standard streams.
    ///
    /// - Parameter showsPrompts: whether standard input is a terminal.
    public init(showsPrompts: Bool) {
        self.showsPrompts = showsPrompts
    }

    public func write(_ text: String) {
        // A closed pipe (`people list | head -1`) is not worth a crash.
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    public func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    public func readLine(prompt: String) -> String? {
        if showsPrompts { write(prompt) }
        return Swift.readLine(strippingNewline: true)
    }
}
