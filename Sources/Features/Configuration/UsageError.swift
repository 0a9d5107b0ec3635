/// A mistake in how `people` was called: an unknown option, a missing or bad
/// value, an unknown command.
///
/// Its description is one line naming the bad value; `main` prints it and
/// exits with ``ExitCode/usage``.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, naming the bad value.
    public let message: String

    /// An error with this one-line message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
