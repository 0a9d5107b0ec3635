import Features
import Palette

/// How a console dresses its lines: plain, or coloured by a theme.
///
/// Colour is on only for a person at a terminal who has not set `NO_COLOR`
/// and whose `TERM` is not `dumb`;
/// the launch parser decides that once (`Configuration.usesColor`),
/// `AppInjector` hands it to the console, and the console applies it to
/// every line.
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

    /// One line as the terminal receives it: `text` made inert, then wrapped
    /// in the colour for `role`.
    ///
    /// The order matters: the text is neutralised first, so the escapes added
    /// here are the only ones in the result.
    public func render(_ text: String, as role: TextRole) -> String {
        let shown = InertText.inert(text)
        guard usesColor, let start = escape(for: role) else { return shown }
        return start + shown + "\u{1B}[0m"
    }

    private func escape(for role: TextRole) -> String? {
        switch role {
        case .plain: nil
        case .title: "\u{1B}[1m" + theme.title.foregroundEscape
        case .keys: theme.keys.foregroundEscape
        case .error: theme.error.foregroundEscape
        case .success: theme.success.foregroundEscape
        }
    }
}
