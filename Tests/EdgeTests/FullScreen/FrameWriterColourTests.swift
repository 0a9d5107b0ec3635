import FullScreen
import Palette
import Testing

/// The bytes a frame is written in at each colour depth: the theme's
/// colour in the depth's own escape, and with none the highlight, titles
/// and errors still drawn apart by attributes.
@Suite struct FrameWriterColourTests {
    /// One row of each role that has a colour, the error's highlighted.
    private var frame: CellGrid {
        var grid = CellGrid(rows: 3, columns: 12)
        grid.put("People", at: GridPoint(row: 0, column: 0), style: CellStyle(.title))
        grid.put("Delete?", at: GridPoint(row: 1, column: 0), style: CellStyle(.error))
        grid.put(
            "Ada", at: GridPoint(row: 2, column: 0), style: CellStyle(.keys, highlighted: true))
        return grid
    }

    private func written(at depth: ColorDepth) -> String {
        String(
            decoding: FrameWriter(depth: depth, theme: .standard).bytes(from: nil, to: frame),
            as: UTF8.self)
    }

    @Test func trueColourSendsTheThemesOwnColours() {
        let bytes = written(at: .trueColor)
        #expect(bytes.contains("\u{1B}[1m\u{1B}[38;2;95;175;255mPeople"))
        #expect(bytes.contains("\u{1B}[38;2;255;95;95mDelete?"))
        #expect(bytes.contains("\u{1B}[7m\u{1B}[38;2;138;138;138mAda"))
        #expect(!bytes.contains("38;5;"))
    }

    @Test func twoHundredFiftySixColoursSendTheNearestOfThem() {
        let bytes = written(at: .ansi256)
        #expect(bytes.contains("\u{1B}[1m\u{1B}[38;5;75mPeople"))
        #expect(bytes.contains("\u{1B}[38;5;203mDelete?"))
        #expect(bytes.contains("\u{1B}[7m\u{1B}[38;5;245mAda"))
        #expect(!bytes.contains("38;2;"))
    }

    @Test func sixteenColoursSendTheNearestANSIColour() {
        let bytes = written(at: .ansi16)
        #expect(bytes.contains("\u{1B}[1m\u{1B}[94mPeople"))
        #expect(bytes.contains("\u{1B}[91mDelete?"))
        #expect(bytes.contains("\u{1B}[7m\u{1B}[90mAda"))
        #expect(!bytes.contains("38;2;") && !bytes.contains("38;5;"))
    }

    @Test func withNoColourTheHighlightTitlesAndErrorsStandOutByAttributes() {
        let bytes = written(at: .noColor)
        #expect(!bytes.contains("38;"))
        // No colour of any kind: the only escapes are moves, clears,
        // resets, bold (1) and reverse video (7).
        let parameters = bytes.split(separator: "\u{1B}[").compactMap { escape in
            escape.firstIndex(of: "m").map { String(escape[..<$0]) }
        }
        #expect(Set(parameters).isSubset(of: ["0", "1", "7"]), "\(Set(parameters))")
        #expect(bytes.contains("\u{1B}[1mPeople"))
        #expect(bytes.contains("\u{1B}[1mDelete?"), "an error is bold without colour")
        #expect(bytes.contains("\u{1B}[7mAda"), "the highlight is reverse video")
    }
}
