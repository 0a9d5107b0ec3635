/// The theme as one terminal draws it: each role's escape sequence, at the
/// terminal's colour depth.
///
/// Each colour is mapped to the nearest of the depth once, here, when the
/// front end is made: a frame sets a colour on every run of cells, and a
/// search of 240 colours for each would cost every key.
public struct TerminalTheme: Sendable, Hashable {
    /// The colour depth the escapes are for.
    public let depth: ColorDepth
    /// Screen titles' colour; empty with no colour, as are the others.
    public let title: String
    /// The colour of the line of keys under each screen.
    public let keys: String
    /// The colour of errors and questions that need care.
    public let error: String
    /// The colour of confirmations such as "Saved".
    public let success: String

    /// `theme` at `depth`: each colour the nearest the depth has.
    public init(_ theme: Theme, depth: ColorDepth) {
        self.depth = depth
        title = depth.foregroundEscape(for: theme.title)
        keys = depth.foregroundEscape(for: theme.keys)
        error = depth.foregroundEscape(for: theme.error)
        success = depth.foregroundEscape(for: theme.success)
    }
}
