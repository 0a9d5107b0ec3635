import Features
import Palette

/// Turns a frame into the bytes that bring the terminal to it from the frame
/// before: only the cells that changed, in one piece of output.
///
/// A ↓ in the list changes two rows and the detail pane, so that is all it
/// sends: a full repaint of a 200×60 window for every key would flicker on a
/// slow link and cost far more than the change. The first frame, and any
/// frame after a resize or a return from ^Z, is drawn whole. Each cell
/// lands in its column whatever width the terminal gives the characters
/// before it. Colour follows the terminal: the theme's colours, each the
/// nearest the terminal's ``Palette/ColorDepth`` has, and none at all with
/// `NO_COLOR` or `TERM=dumb`, where the highlight (reverse video), titles
/// and errors (bold) still stand out.
public struct FrameWriter: Sendable {
    /// The roles' colours as this terminal draws them, mapped once.
    public let colors: TerminalTheme

    /// A writer that colours roles with `theme`, each colour the nearest
    /// `depth` has.
    public init(depth: ColorDepth, theme: Theme) {
        colors = TerminalTheme(theme, depth: depth)
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
            output += Self.move(row, first)
            var style: CellStyle?
            // Whether the terminal's cursor is where the program thinks.
            var isPlaced = true
            for column in first...last {
                let cell = frame[row, column]
                // The right half of a wide character, already sent.
                if cell.text.isEmpty { continue }
                if !isPlaced { output += Self.move(row, column) }
                if cell.style != style {
                    output += escape(for: cell.style)
                    style = cell.style
                }
                let isWide = column + 1 < frame.columns && frame[row, column + 1].text.isEmpty
                // A terminal that draws it one column wide leaves its right
                // half as it was: both blanked first, nothing stale shows.
                if isWide { output += "  " + Self.move(row, column) }
                output += cell.text
                isPlaced = Self.isMeasuredAlike(cell.text)
            }
            output += "\u{1B}[0m"
        }
        return Array(output.utf8)
    }

    /// The escape sequence that puts the cursor at `row` and `column`.
    private static func move(_ row: Int, _ column: Int) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }

    /// Whether every terminal gives `text` the columns the program does:
    /// printable ASCII, one column everywhere.
    ///
    /// Past any other character, the next is sent to its column by an
    /// explicit move. Terminals and this program can disagree on how wide
    /// a character is (an emoji, a character newer than the terminal's
    /// tables, one East Asian fonts draw wide): the terminal's cursor then
    /// ends a column off, and the rest of the row was drawn shifted — the
    /// split view's border out of line, stale characters at the row's
    /// end. With the move, a character a terminal measures otherwise can
    /// only draw itself askew, never the cells after it.
    private static func isMeasuredAlike(_ text: String) -> Bool {
        text.utf8.count == 1 && text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
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
        switch style.role {
        case .plain: break
        case .title: escape += colors.title
        case .keys: escape += colors.keys
        // Without colour an error or a question would look like any other
        // line: bold keeps it apart.
        case .error: escape += colors.depth == .noColor ? "\u{1B}[1m" : colors.error
        case .success: escape += colors.success
        }
        return escape
    }
}
