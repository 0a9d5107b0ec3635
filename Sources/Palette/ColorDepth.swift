/// How many colours a terminal shows: none, the 16 of ANSI, the 256 of
/// xterm, or any 24-bit colour.
///
/// A theme is written in 24-bit colours, and not every terminal draws
/// them: the Linux console has 16, Terminal.app before macOS 26 has 256,
/// and a terminal sent a colour it lacks draws another one, or none. The
/// launch edge reads the depth from the environment once
/// (`LaunchEnvironment.colorDepth`), and a front end draws each of the
/// theme's colours as the nearest one of that depth (``TerminalTheme``).
public enum ColorDepth: Sendable, Hashable, CaseIterable {
    /// No colour at all: a `NO_COLOR` that is not empty, `TERM=dumb`, an
    /// empty or no `TERM`, or not a terminal. Emphasis is drawn by
    /// attributes alone (bold, reverse video).
    case noColor
    /// The 8 ANSI colours and their bright forms (`ESC[31m`, `ESC[91m`), as
    /// the Linux console and an ordinary `xterm` or `vt100` have.
    case ansi16
    /// The 256 colours of xterm (`ESC[38;5;Nm`): a `TERM` such as
    /// `xterm-256color` or `tmux-256color`.
    case ansi256
    /// Any 24-bit colour (`ESC[38;2;R;G;Bm`): `COLORTERM` of `truecolor`
    /// or `24bit`, or a `TERM` ending in `-direct` (`xterm-direct`).
    case trueColor

    /// The escape sequence that sets `color`, or the nearest colour this
    /// depth has, as the text colour; empty with no colour.
    public func foregroundEscape(for color: RGBColor) -> String {
        switch self {
        case .noColor: ""
        case .trueColor: color.foregroundEscape
        case .ansi256:
            Self.nearest(to: color, among: Self.xterm256).map { "\u{1B}[38;5;\($0)m" } ?? ""
        case .ansi16:
            // Among 16, the nearest colour to a pale one is often a grey: a
            // light red would draw as grey, and a theme's meaning with it.
            // So a colour is drawn as one of the 12 colours, a grey as one
            // of the 4 greys (black, white and their bright forms). 0–7
            // are ESC[30m–ESC[37m; their bright forms, 8–15, ESC[90m–ESC[97m.
            Self.nearest(
                to: color, among: Self.ansi16Colors.filter { $0.value.isGrey == color.isGrey }
            ).map { index in
                index < 8 ? "\u{1B}[3\(index)m" : "\u{1B}[9\(index - 8)m"
            } ?? ""
        }
    }
}
