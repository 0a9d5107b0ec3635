/// What a line of terminal output is, which decides how it is dressed.
///
/// Views say what a line is; the console decides whether and how to colour
/// it. That keeps escape sequences out of every string a view builds, so the
/// only escapes a terminal ever receives are the console's own.
public enum TextRole: Sendable, Hashable, CaseIterable {
    /// Ordinary text: rows, fields, help.
    case plain
    /// A screen's title line (bold, in the theme's title colour).
    case title
    /// The line listing the keys a screen accepts.
    case keys
    /// Something went wrong, or a question that needs care.
    case error
    /// Something went right, such as "Saved".
    case success
}
