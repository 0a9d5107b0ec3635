import Features

/// Text from outside, made into a bounded piece of one line of a screen.
///
/// A view cuts stored text to the room it has before it draws it; made
/// inert first, so that what is measured is what the terminal will show
/// (a stored C1 control is shown as the six characters `\u{9B}`).
enum TerminalLine {
    /// `text` made inert and cut to at most `columns` display columns, with
    /// `…` where it was cut.
    ///
    /// Cut to four scalars a column before it is measured: a character may
    /// carry thousands of combining marks in one column, and the bytes a
    /// redraw writes must stay bounded too.
    static func fitted(_ text: some StringProtocol, to columns: Int) -> String {
        InertText.clipped(text, limit: 4 * max(1, columns)).clipped(toColumns: columns)
    }

    /// A message, which may quote a stored name (`Deleted …`), cut to
    /// three lines of `width`: long enough for any message of the
    /// program's own, short enough that a name of 100,000 characters
    /// cannot flood the screen with it.
    static func message(_ text: String, width: TerminalWidth) -> String {
        fitted(text, to: 3 * width.columns)
    }
}
