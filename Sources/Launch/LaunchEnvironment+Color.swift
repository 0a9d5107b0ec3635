import Features
import Palette

extension LaunchEnvironment {
    /// The colours standard output can show, as its environment says.
    ///
    /// None when it is not a terminal, when `NO_COLOR` is set to anything
    /// but the empty text (no-color.org), or when `TERM` is `dumb`, empty or
    /// not set; 24-bit when `COLORTERM` is `truecolor` or `24bit` (or the
    /// terminal's `TERM` ends in `-direct`, as `xterm-direct`); 256 when
    /// `TERM` names 256 colours (`xterm-256color`, `tmux-256color`,
    /// `screen.xterm-256color`); else the 16 of ANSI, which every terminal
    /// that is not dumb draws (`xterm`, `linux`, `vt100`, `screen`).
    ///
    /// The variables may hold any bytes: they are only compared with the
    /// names above, never written anywhere.
    public static func colorDepth(variables: [String: String], outputIsTerminal: Bool)
        -> ColorDepth
    {
        let term = variables["TERM"] ?? ""
        guard outputIsTerminal, (variables["NO_COLOR"] ?? "").isEmpty, !term.isEmpty,
            term != "dumb"
        else { return .noColor }
        if ["truecolor", "24bit"].contains(variables["COLORTERM"]?.lowercased())
            || term.hasSuffix("-direct")
        {
            return .trueColor
        }
        if term.contains("256color") || term.contains("256colour") { return .ansi256 }
        return .ansi16
    }

    /// The colours this launch's standard output can show
    /// (``colorDepth(variables:outputIsTerminal:)``).
    public var colorDepth: ColorDepth {
        Self.colorDepth(variables: variables, outputIsTerminal: outputIsTerminal)
    }

    /// The colours `--color` asks for: `auto`, what the environment says
    /// (`detected`); `never`; or `16`, `256` or `truecolor`, used as they
    /// are.
    ///
    /// A depth named on the command line wins over `NO_COLOR` and holds off
    /// a terminal too, as `git --color=always` does: no-color.org asks
    /// that an argument override the variable, and a person piping into
    /// `less -R` asks for colour there.
    ///
    /// - Throws: ``Features/UsageError`` naming any other value.
    static func colorDepth(choice text: String, detected: ColorDepth) throws(UsageError)
        -> ColorDepth
    {
        switch text {
        case "auto": detected
        case "never": .noColor
        case "16": .ansi16
        case "256": .ansi256
        case "truecolor", "24bit": .trueColor
        default:
            throw UsageError(
                "--color: unknown value \(InertText.quoted(text)) (expected one of: auto, never, 16, 256, truecolor)"
            )
        }
    }
}
