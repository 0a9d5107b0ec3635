// Widths in a terminal's display columns, which only a terminal front end
// measures; `Features` counts characters (`String+Padding.swift`).
extension String {
    /// The columns a terminal gives the text: see ``Swift/Character/displayColumns``.
    package var displayColumns: Int {
        reduce(0) { $0 + $1.displayColumns }
    }

    /// The text followed by spaces up to `width` display columns.
    package func padded(toColumns width: Int) -> String {
        let columns = displayColumns
        return columns >= width ? self : self + String(repeating: " ", count: width - columns)
    }

    /// The text cut to at most `width` display columns, the ellipsis that
    /// marks a cut included.
    ///
    /// Reads only as far as the cut, so a line of 100,000 characters costs
    /// what a line of `width` does.
    package func clipped(toColumns width: Int) -> String {
        let fits = prefixEnd(columns: width)
        guard fits < endIndex else { return self }
        return String(self[..<prefixEnd(columns: width - 1)]) + "…"
    }
}

extension StringProtocol {
    /// Where the longest start of the text that fits in `width` display
    /// columns ends.
    package func prefixEnd(columns width: Int) -> Index {
        var used = 0
        var end = startIndex
        while end < endIndex {
            used += self[end].displayColumns
            if used > width { break }
            end = index(after: end)
        }
        return end
    }

    /// Where the longest end of the text that fits in `width` display
    /// columns starts: what stays in sight of a field typed at its end.
    package func suffixStart(columns width: Int) -> Index {
        var used = 0
        var start = endIndex
        while start > startIndex {
            let before = index(before: start)
            used += self[before].displayColumns
            if used > width { break }
            start = before
        }
        return start
    }
}

extension Character {
    /// The columns a terminal gives the character: 2 for a wide East Asian
    /// character (`李`, `한`, fullwidth `Ａ`) or an emoji drawn as a picture,
    /// 0 for one that only marks the one before it (a combining mark alone,
    /// a joiner, a format character), else 1.
    ///
    /// A character counts once, however many combining marks it carries:
    /// `é` written as `e` and U+0301 is one column. Terminals judge width
    /// by their own tables, which differ for rare characters; these are
    /// the ranges they agree on.
    package var displayColumns: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if first.isASCII { return 1 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return 0 }
        if unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
            || (properties.isEmoji && unicodeScalars.contains("\u{FE0F}"))
        {
            return 2
        }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The blocks of East Asian wide and fullwidth characters.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F200...0x1F2FF, 0x20000...0x3FFFD,
    ]
}
