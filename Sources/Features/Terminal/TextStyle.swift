/// How the terminal views dress their text: plain, or coloured by a theme.
///
/// Colour is on only for a person at a terminal who has not set `NO_COLOR`;
/// the scope decides that once, and every view gets the same style.
public struct TextStyle: Sendable, Equatable {
    /// Whether escape sequences are written at all.
    public let usesColor: Bool
    /// The colours, when they are used.
    public let theme: Theme

    /// A style that colours text with `theme` only when `usesColor` is true.
    public init(usesColor: Bool, theme: Theme = .standard) {
        self.usesColor = usesColor
        self.theme = theme
    }

    /// Plain text for pipes, files and tests.
    public static let plain = TextStyle(usesColor: false)

    /// A screen's title line.
    public func title(_ text: String) -> String {
        wrap(text, "\u{1B}[1m" + theme.title.foregroundEscape)
    }

    /// The line listing the keys a screen accepts.
    public func keys(_ text: String) -> String { wrap(text, theme.keys.foregroundEscape) }

    /// Something went wrong.
    public func error(_ text: String) -> String { wrap(text, theme.error.foregroundEscape) }

    /// Something went right.
    public func success(_ text: String) -> String { wrap(text, theme.success.foregroundEscape) }

    private func wrap(_ text: String, _ start: String) -> String {
        usesColor ? start + text + "\u{1B}[0m" : text
    }
}
