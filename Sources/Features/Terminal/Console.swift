/// The text channel between the app and the person at the keyboard.
///
/// Views write through it and the navigator reads through it; neither knows
/// whether it is a real terminal, a pipe, or a test's script.
public protocol Console: Sendable {
    /// Writes `text` to standard output as it is.
    func write(_ text: String)

    /// Writes `text` to standard error as it is.
    func writeError(_ text: String)

    /// Shows `prompt` where that helps, then reads one line without its newline.
    ///
    /// - Returns: the line, or `nil` at the end of the input.
    func readLine(prompt: String) -> String?
}

extension Console {
    /// Writes `text` and a newline to standard output.
    public func writeLine(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` and a newline to standard error.
    public func writeErrorLine(_ text: String) {
        writeError(text + "\n")
    }
}
