import Features
import Terminal

/// How a cell is drawn: which of the theme's roles colours it, and whether
/// it is the highlighted row.
///
/// Colour is one more thing a cell may carry: with `NO_COLOR` or `TERM=dumb`
/// no role has a colour, and the highlight stays visible, since it is drawn
/// in reverse video, which is not a colour (titles and errors in bold).
public struct CellStyle: Hashable, Sendable {
    /// The theme's role for the text: a title, the keys, an error.
    public var role: TextRole
    /// Drawn in reverse video: the highlighted row, the field being edited.
    public var isHighlighted: Bool

    /// A style with this role, highlighted or not.
    public init(_ role: TextRole = .plain, highlighted: Bool = false) {
        self.role = role
        self.isHighlighted = highlighted
    }

    /// Plain text, not highlighted.
    public static let plain = CellStyle()
}

/// One character cell of the terminal.
public struct Cell: Hashable, Sendable {
    /// What the cell shows: one character, a space, or nothing for the right
    /// half of a character two columns wide.
    public var text: String
    /// How it is drawn.
    public var style: CellStyle

    /// A blank cell.
    public static let blank = Cell(text: " ", style: .plain)
}

/// A place in the grid: its row, and its first column.
public struct GridPoint: Hashable, Sendable {
    public var row: Int
    public var column: Int

    /// The point at `row` and `column`, both from 0.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A frame of the full-screen front end: every cell of the window, drawn
/// before anything is written.
///
/// Views draw into a grid, never to the terminal, so a test reads what a
/// view drew cell by cell, with no terminal; and the writer compares each
/// frame with the one before and sends only the cells that changed
/// (``FrameWriter``). Every string is put in inert — a control character
/// another program stored shows as its visible stand-in — and measured in
/// display columns: a wide character takes two cells, a combining mark
/// stays with its letter, and text that does not fit ends in `…`. A cell
/// holds at most a few scalars a column, so a character of thousands of
/// combining marks costs a frame no more than a plain one.
public struct CellGrid: Hashable, Sendable {
    /// The size of the grid, in rows and columns.
    public let rows: Int
    public let columns: Int
    private var cells: [Cell]

    /// A grid of blank cells.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// The cell at `row` and `column`.
    public subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// Puts `text` at `point`, in at most `width` columns (to the grid's
    /// edge when `nil`), cut with `…` when it does not fit; fills the rest of
    /// `width` with blanks in the same style when `fill` is true.
    ///
    /// - Returns: how many columns the text took.
    @discardableResult
    public mutating func put(
        _ text: String, at point: GridPoint, width: Int? = nil, style: CellStyle = .plain,
        fill: Bool = false
    ) -> Int {
        guard point.row >= 0, point.row < rows, point.column >= 0, point.column < columns else {
            return 0
        }
        let room = min(width ?? columns, columns - point.column)
        guard room > 0 else { return 0 }
        // Cut to four scalars a column before it is made inert and measured,
        // as the line front end's rows are: one character may carry
        // thousands of combining marks in a single cell, and a stored field
        // may hold megabytes; each frame then costs what can show.
        let shown = InertText.clipped(text, limit: 4 * room)
        let clipped = shown.displayColumns > room ? shown.clipped(toColumns: room) : shown
        var column = point.column
        let end = point.column + room
        for character in clipped {
            let wide = character.displayColumns
            guard wide > 0 else { continue }
            guard column + wide <= end else { break }
            set(point.row, column, Cell(text: String(character), style: style))
            if wide == 2 { set(point.row, column + 1, Cell(text: "", style: style)) }
            column += wide
        }
        let used = column - point.column
        if fill {
            while column < end {
                set(point.row, column, Cell(text: " ", style: style))
                column += 1
            }
        }
        return used
    }

    /// Fills `width` cells of `row` from `column` with `character`.
    public mutating func fill(
        row: Int, from column: Int, width: Int, with character: Character = " ",
        style: CellStyle = .plain
    ) {
        guard row >= 0, row < rows else { return }
        for at in max(0, column)..<max(max(0, column), min(columns, column + width)) {
            set(row, at, Cell(text: String(character), style: style))
        }
    }

    /// The text of `row`, without trailing blanks: what a test reads.
    public func text(ofRow row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = ""
        for column in 0..<columns { line += self[row, column].text }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text, top to bottom.
    public var lines: [String] { (0..<rows).map(text(ofRow:)) }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        let index = row * columns + column
        // Overwriting half of a wide character blanks its other half, so no
        // half character is ever left on the screen. (An empty cell is the
        // right half of the character to its left.)
        if !cell.text.isEmpty {
            if cells[index].text.isEmpty, column > 0 {
                cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)
            }
            if column + 1 < columns, cells[index + 1].text.isEmpty {
                cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
            }
        }
        cells[index] = cell
    }
}
