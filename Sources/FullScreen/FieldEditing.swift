import Features

/// The text of one form field and where its cursor stands: what ←, →,
/// Home, End and the deleting keys change.
///
/// A value, not part of the view, so each key's effect is a plain
/// function of text and cursor that a test states in one line, and the
/// view keeps one per field: Tab away and back, and the cursor is where
/// it was. The cursor counts characters (graphemes), as the list counts
/// them: `e` and its combining accent, or a family emoji, are one step.
public struct FieldEditing: Equatable, Sendable {
    /// The field's text as typed so far.
    public private(set) var text: String
    /// How many characters of ``text`` come before the cursor.
    public private(set) var cursor: Int

    /// `text`, the cursor after its last character, where typing goes on.
    public init(_ text: String) {
        self.text = text
        self.cursor = text.count
    }

    /// Where the cursor stands in ``text``.
    private var cursorIndex: String.Index {
        text.index(text.startIndex, offsetBy: min(cursor, text.count))
    }

    /// The text before the cursor and after it.
    public var beforeCursor: Substring { text[..<cursorIndex] }
    /// The text from the cursor on.
    public var afterCursor: Substring { text[cursorIndex...] }

    /// ←: one character back; nothing at the start.
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// →: one character on; nothing at the end.
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    /// Home, Ctrl-A: before the first character.
    public mutating func moveToStart() { cursor = 0 }
    /// End, Ctrl-E: after the last character.
    public mutating func moveToEnd() { cursor = text.count }

    /// Backspace: the character before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let end = cursorIndex
        text.removeSubrange(text.index(before: end)..<end)
        cursor -= 1
    }

    /// Delete: the character under the cursor.
    public mutating func deleteForward() {
        let start = cursorIndex
        guard start < text.endIndex else { return }
        text.removeSubrange(start..<text.index(after: start))
    }

    /// Ctrl-W: the word before the cursor and the spaces after it, as a
    /// shell's line editor does.
    public mutating func deleteWordBackward() {
        let end = cursorIndex
        var start = end
        while start > text.startIndex, text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        while start > text.startIndex, !text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        cursor -= text[start..<end].count
        text.removeSubrange(start..<end)
    }

    /// Ctrl-U: everything before the cursor.
    public mutating func deleteToStart() {
        text.removeSubrange(..<cursorIndex)
        cursor = 0
    }

    /// Ctrl-K: everything from the cursor on.
    public mutating func deleteToEnd() {
        text.removeSubrange(cursorIndex...)
    }

    /// Typed or pasted `typed`, at the cursor, as much of it as `field`
    /// takes (``Features/PersonField/maximumLength`` and bytes); the cursor
    /// goes after it.
    public mutating func insert(_ typed: String, into field: PersonField) {
        // What fits is what would fit after the whole text: the limits
        // are the text's, wherever in it the typing goes.
        let fitting = field.appending(typed, to: text)
        let kept = String(decoding: fitting.utf8.dropFirst(text.utf8.count), as: UTF8.self)
        let before = String(beforeCursor) + kept
        text = before + afterCursor
        // Counted as one string: a combining mark typed joins the character
        // before it, and the cursor stays after that one.
        cursor = min(text.count, before.count)
    }
}
