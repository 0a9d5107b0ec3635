// Widths counted in characters, for text whose characters are known to
// be one column each (ids, labels, the program's own words). Widths in a
// terminal's display columns are the terminal's business: see
// `String+Columns.swift` in the `Terminal` module.
extension String {
    /// The text followed by spaces up to `width` characters.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The text preceded by spaces up to `width` characters.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// The text cut to `width` characters, marking the cut with an ellipsis.
    package func clipped(to width: Int) -> String {
        count <= width ? self : String(prefix(max(0, width - 1))) + "…"
    }

    /// The text without the spaces padding left at its end.
    package func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
