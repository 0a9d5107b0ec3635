import Features
import Palette

/// How a console dresses its lines: plain, or coloured by a theme.
///
/// Colour is on only for a person at a terminal who has not set `NO_COLOR`
/// and whose `TERM` is set and not `dumb`, in the colours the terminal has
/// (24-bit, 256 or 16); the launch edge decides that once
/// (`LaunchEnvironment.colorDepth`), `AppInjector` hands it to the
/// console, and the console applies it to every line.
public struct TextStyle: Sendable, Equatable {
    /// The theme's colours as the terminal draws them, mapped once.
    public let colors: TerminalTheme

    /// A style that colours text with `theme`, each colour the nearest
    /// `depth` has, and not at all at ``Palette/ColorDepth/noColor``.
    public init(depth: ColorDepth, theme: Theme = .standard) {
        colors = TerminalTheme(theme, depth: depth)
    }

    /// Plain text for pipes, files and tests.
    public static let plain = TextStyle(depth: .noColor)

    /// Whether escape sequences are written at all.
    public var usesColor: Bool { colors.depth != .noColor }

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
        case .title: "\u{1B}[1m" + colors.title
        case .keys: colors.keys
        case .error: colors.error
        case .success: colors.success
        }
    }
}
