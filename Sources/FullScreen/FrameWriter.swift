import Features
import Palette

/// Turns a frame into the bytes that bring the terminal to it from the frame
/// before: only the cells that changed, in one piece of output.
///
/// A ↓ in the list changes two rows and the detail pane, so that is all it
/// sends: a full repaint of a 200×60 window for every key would flicker on a
/// slow link and cost far more than the change. The first frame, and any
/// frame after a resize or a return from ^Z, is drawn whole.
public struct FrameWriter: Sendable {
    /// Whether roles are drawn in the theme's colours (not with `NO_COLOR`).
    public let usesColor: Bool
    /// The colours of the roles.
    public let theme: Theme

    /// A writer that colours roles with `theme` when `usesColor` is on.
    public init(usesColor: Bool, theme: Theme) {
        self.usesColor = usesColor
        self.theme = theme
    }

    /// The bytes that turn a terminal showing `previous` into one showing
    /// `frame`; the whole frame when there is no previous one of its size.
    public func bytes(from previous: CellGrid?, to frame: CellGrid) -> [UInt8] {
        var output = ""
        let whole = previous.map { $0.rows != frame.rows || $0.columns != frame.columns } ?? true
        if whole { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        for row in 0..<frame.rows {
            guard let (first, last) = changedSpan(row, previous: whole ? nil : previous, frame)
            else { continue }
            output += "\u{1B}[\(row + 1);\(first + 1)H"
            var style: CellStyle?
            for column in first...last {
                let cell = frame[row, column]
                if cell.style != style {
                    output += escape(for: cell.style)
                    style = cell.style
                }
                output += cell.text
            }
            output += "\u{1B}[0m"
        }
        return Array(output.utf8)
    }

    /// The first and last column of `row` that differ from `previous`,
    /// widened so that a wide character is never sent by half.
    private func changedSpan(_ row: Int, previous: CellGrid?, _ frame: CellGrid) -> (Int, Int)? {
        var first: Int?
        var last = 0
        for column in 0..<frame.columns where previous?[row, column] != frame[row, column] {
            if first == nil { first = column }
            last = column
        }
        guard var start = first else { return nil }
        if start > 0, frame[row, start].text.isEmpty { start -= 1 }
        if last + 1 < frame.columns, frame[row, last + 1].text.isEmpty { last += 1 }
        return (start, last)
    }

    /// The escape sequence that draws text in `style`, from plain.
    private func escape(for style: CellStyle) -> String {
        var escape = "\u{1B}[0m"
        if style.isHighlighted { escape += "\u{1B}[7m" }
        if style.role == .title { escape += "\u{1B}[1m" }
        guard usesColor else { return escape }
        switch style.role {
        case .plain: break
        case .title: escape += theme.title.foregroundEscape
        case .keys: escape += theme.keys.foregroundEscape
        case .error: escape += theme.error.foregroundEscape
        case .success: escape += theme.success.foregroundEscape
        }
        return escape
    }
}
