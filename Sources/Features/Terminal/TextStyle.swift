/// How the terminal views dress their text: plain, or with ANSI colour.
///
/// Colour is on only for a person at a terminal who has not set `NO_COLOR`;
/// the scope decides that once, and every view gets the same style.
public struct TextStyle: Sendable, Equatable {
    /// Whether escape sequences are written at all.
    public let usesColor: Bool

    /// A style that colours text only when `usesColor` is true.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Plain text for pipes, files and tests.
    public static let plain = TextStyle(usesColor: false)

    /// A screen's title line.
    public func title(_ text: String) -> String { wrap(text, "1") }

    /// The line listing the keys a screen accepts.
    public func keys(_ text: String) -> String { wrap(text, "2") }

    /// Something went wrong.
    public func error(_ text: String) -> String { wrap(text, "31") }

    /// Something went right.
    public func success(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
