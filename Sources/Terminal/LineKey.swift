/// One key of the line front end: what to type, its word on the key line,
/// and what it does.
///
/// The line front end's successor of a key declared in `Features`: the
/// business module says what can be asked of a screen
/// (``Features/ScreenIntent``), and ``LineKeyMap`` says which line asks for
/// it, so the key line, the `?` help and `people --help` are all drawn from
/// one map and cannot fall out of step.
public struct LineKey: Sendable, Equatable {
    /// What to type, as the help shows it: `n`, `/text`, `1, 2, …`.
    public let keys: String
    /// The word for it on the key line: `next`.
    public let word: String
    /// What it does, for the help: `next page`.
    public let summary: String

    /// A key with these words.
    public init(_ keys: String, _ word: String, _ summary: String) {
        self.keys = keys
        self.word = word
        self.summary = summary
    }

    /// The key as the key line shows it: `n next`.
    public var keyLineEntry: String { "\(keys) \(word)" }
}
