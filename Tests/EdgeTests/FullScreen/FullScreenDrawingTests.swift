import Features
import FullScreen
import Palette
import PeopleTestSupport
import Testing

/// The full-screen front end's parts that need no terminal: reading keys
/// from bytes, drawing text into cells, and writing only what changed.
@Suite struct FullScreenDrawingTests {
    @Test func arrowsPagesAndLettersAreReadFromTheBytesATerminalSends() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(
            Array("\u{1B}[A\u{1B}[B\u{1B}[6~\u{1B}[5~\u{1B}OHj/\r\u{7F}\u{1B}".utf8))
        #expect(
            keys == [
                .up, .down, .pageDown, .pageUp, .home, .character("j"), .character("/"), .enter,
                .backspace, .escape,
            ])
    }

    @Test func aCharacterCutBetweenTwoReadsIsReadWhole() {
        var decoder = KeyDecoder()
        let bytes = Array("é漢".utf8)
        #expect(decoder.decode(Array(bytes[0..<1])) == [])
        #expect(decoder.decode(Array(bytes[1..<3])) == [.character("é")])
        #expect(decoder.decode(Array(bytes[3...])) == [.character("漢")])
    }

    @Test func aLeadByteWithNoCharacterAfterItDoesNotSwallowTheKeysThatFollow() {
        var decoder = KeyDecoder()
        // A pasted byte that starts a four-byte character, and nothing of it
        // after: the q typed next is a key, not the character's second byte.
        #expect(decoder.decode([0xF0]) == [])
        #expect(decoder.decode(Array("q".utf8)) == [.unknown, .character("q")])
        #expect(decoder.decode([0xE6, 0x41]) == [.unknown, .character("A")])
    }

    @Test func aMarkedPasteIsTextAndNeverKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[200~ay\r\u{3}\u{1B}[A\u{1B}[201~".utf8))
        #expect(keys == [.pasted("ay")])
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")], "the next read is keys")
    }

    @Test func aPasteMarkCutBetweenTwoReadsStillMarksThePaste() {
        // A paste longer than a read (4,096 bytes) can end one read inside
        // a mark: a cut start made the paste's letters keys (d, then y,
        // deletes), a cut end made every key after it text, Ctrl-C too.
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[20".utf8)) == [.pasted("ab")])
        #expect(decoder.decode(Array("1~".utf8)) == [])
        #expect(decoder.decode(Array("x\u{1B}[2".utf8)) == [.character("x")])
        #expect(decoder.decode(Array("00~dy\u{1B}[201~".utf8)) == [.pasted("dy")])
        #expect(decoder.decode(Array("\u{1B}".utf8)) == [.escape], "Esc alone is still Esc")
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.decode(Array("A".utf8)) == [.up])
    }

    @Test func aPasteEndCutAfterItsEscapeStillEndsThePaste() {
        // Within a paste Esc is text, so an escape that ends a read waits
        // for the next: taken for Esc, the end mark's [201~ was pasted,
        // and every key after it too, q and Ctrl-C.
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}".utf8)) == [.pasted("ab")])
        #expect(decoder.decode(Array("[201~".utf8)) == [])
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
        #expect(decoder.decode(Array("\u{1B}".utf8)) == [.escape], "Esc alone is still Esc")
    }

    @Test func anEndMarkInsideAPasteLeavesTheRestOfItsReadText() {
        // tmux 3.3a passes a copied end mark on as it is: `abc ESC[201~ dy`
        // pasted onto the list ended the paste early, and d, then y,
        // deleted the person highlighted.
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[200~abc\u{1B}[201~dy\u{1B}[201~".utf8))
        #expect(typed(keys).isEmpty, "nothing of the paste is a key")
        #expect(pasted(keys) == "abcdy")
        // The paste ended with its read: what is typed next is keys again.
        #expect(typed(decoder.decode(Array("q".utf8))) == ["q"])
    }

    @Test func aPasteOfAMegabyteIsQueuedOnlyAsFarAsTheLargestFieldHoldsIt() {
        // Each pasted character was a key of its own, a million of them
        // queued and handled, each taken off the front of an array: the
        // session froze for minutes, q and Ctrl-C waiting behind them.
        let longest = PersonField.allCases.map(\.maximumBytes).max() ?? 0
        let text = String(repeating: "abcdefghij", count: 100_000)
        let bytes = Array("\u{1B}[200~\(text)\u{1B}[201~".utf8)
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for start in stride(from: 0, to: bytes.count, by: 4_096) {
            keys += decoder.decode(Array(bytes[start..<min(bytes.count, start + 4_096)]))
        }
        #expect(typed(keys).isEmpty)
        #expect(
            keys.count <= 1 + longest / 4_096, "a key for each read whose text was kept, no more")
        let kept = pasted(keys)
        #expect(kept.utf8.count == longest, "as much as the largest field holds, no more")
        #expect(text.hasPrefix(kept), "the paste's start")
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")], "q is answered next")
    }

    @Test func aCharacterTheTerminalMeasuresOtherwiseMovesNothingAfterIt() {
        // The program draws 👍 two columns wide and → one; a terminal that
        // draws them the other way drew the rest of each row a column off:
        // the border out of line, and stale characters at the row's end.
        let misjudged: [Character: Int] = ["👍": 1, "→": 2]
        var terminal = TerminalModel(rows: 2, columns: 30) {
            misjudged[$0] ?? $0.displayColumns
        }
        let writer = FrameWriter(depth: .noColor, theme: .standard)
        var frame = CellGrid(rows: 2, columns: 30)
        for (row, name) in ["👍 Ada Lovelace", "→ Alan Turing"].enumerated() {
            frame.put(name, at: GridPoint(row: row, column: 0), width: 19, fill: true)
            frame.put("│", at: GridPoint(row: row, column: 19))
            frame.put("London", at: GridPoint(row: row, column: 21))
        }
        terminal.read(writer.bytes(from: nil, to: frame))
        expect(terminal, showsAllBut: misjudged, of: frame)
        // The highlight moves: the rows are sent again from their start.
        var next = frame
        next.put(
            "👍 Ada Lovelace", at: GridPoint(row: 0, column: 0), width: 19,
            style: CellStyle(.plain, highlighted: true), fill: true)
        next.put("Grace", at: GridPoint(row: 1, column: 2), width: 17, fill: true)
        terminal.read(writer.bytes(from: frame, to: next))
        expect(terminal, showsAllBut: misjudged, of: next)
    }

    /// Expects every cell of `frame` on `terminal`, in its column, but the
    /// cells of the characters the terminal measures otherwise.
    private func expect(
        _ terminal: TerminalModel, showsAllBut misjudged: [Character: Int], of frame: CellGrid
    ) {
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let text = frame[row, column].text
                // The character's own cells: its right half is empty.
                let own = text.isEmpty ? frame[row, column - 1].text : text
                guard own.first.map({ misjudged[$0] == nil }) == true else { continue }
                #expect(
                    terminal.cells[row][column] == text,
                    "row \(row), column \(column): \(terminal.cells[row].joined())")
            }
        }
    }

    /// The characters typed among `keys`.
    private func typed(_ keys: [Key]) -> [Character] {
        keys.compactMap { if case .character(let character) = $0 { character } else { nil } }
    }

    /// The text pasted among `keys`, all of it.
    private func pasted(_ keys: [Key]) -> String {
        keys.compactMap { if case .pasted(let text) = $0 { String(text) } else { nil } }.joined()
    }

    @Test func anyBytesAtAllDecodeWithoutStoppingTheReader() {
        var random = SeededGenerator(seed: 29)
        var decoder = KeyDecoder()
        var decoded = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            decoded += decoder.decode(bytes).count
        }
        #expect(decoded > 2_000, "every byte or sequence becomes some key")
    }

    @Test func wideCharactersTakeTwoCellsAndWhatDoesNotFitEndsInAnEllipsis() {
        var grid = CellGrid(rows: 2, columns: 10)
        let used = grid.put("漢字かな交じり", at: GridPoint(row: 0, column: 0))
        #expect(used == 9, "four wide characters and the ellipsis")
        #expect(grid.text(ofRow: 0) == "漢字かな…")
        grid.put("e\u{301}te\u{301}", at: GridPoint(row: 1, column: 0))
        #expect(
            grid.text(ofRow: 1) == "e\u{301}te\u{301}", "a combining mark stays with its letter")
    }

    @Test func aCharacterOfThousandsOfMarksSendsABoundedFrame() {
        var grid = CellGrid(rows: 1, columns: 20)
        let zalgo = "Zalgo a" + String(repeating: "\u{301}", count: 30_000)
        grid.put(zalgo, at: GridPoint(row: 0, column: 0))
        let bytes = FrameWriter(depth: .noColor, theme: .standard).bytes(from: nil, to: grid)
        #expect(bytes.count < 500, "one column's marks cannot cost a frame 60 KB")
        #expect(grid.text(ofRow: 0).hasPrefix("Zalgo "))
        #expect(grid.text(ofRow: 0).hasSuffix("…"), "the cut shows")
    }

    @Test func aWindowReportedHugeIsDrawnInAThousandRowsOfAThousandColumns() {
        // `stty rows 20000 cols 20000` asked for a grid of 9.6 GB, and the
        // failed allocation ended the program with the terminal still raw.
        let size = TerminalSize(rows: 60_000, columns: 65_535)
        #expect(size == TerminalSize(rows: 1_000, columns: 1_000))
        #expect(TerminalSize(rows: 24, columns: 80).columns == 80)
    }

    @Test func storedControlCharactersAreDrawnAsTheirVisibleStandIns() {
        var grid = CellGrid(rows: 1, columns: 40)
        grid.put("Eve\u{1B}[2J\u{7}", at: GridPoint(row: 0, column: 0))
        let row = grid.text(ofRow: 0)
        #expect(!row.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(row.hasPrefix("Eve"))
    }

    /// Drawing a field of megabytes costs what its cells show, since every
    /// frame draws it again.
    ///
    /// The whole value was made inert and measured before it was cut: with
    /// an address of 8 MiB another client stored beside the list, the
    /// split view took seconds a frame and seemed not to hear its keys. No
    /// time limit, for the reason the inert-text test gives.
    @Test func aFieldOfMegabytesIsDrawnAtTheCostOfWhatShows() async {
        let address = String(repeating: "Road\u{1B}[2J\t", count: 1_000_000)
        var grid = CellGrid(rows: 1, columns: 30)
        for _ in 0..<200 {
            grid.put(address, at: GridPoint(row: 0, column: 0))
        }
        #expect(grid.text(ofRow: 0) == "Road␛[2J␉Road␛[2J␉Road␛[2J␉Ro…")
    }

    @Test func aFrameWritesOnlyTheRowsThatChanged() {
        let writer = FrameWriter(depth: .noColor, theme: .standard)
        var before = CellGrid(rows: 5, columns: 20)
        for row in 0..<5 { before.put("row \(row)", at: GridPoint(row: row, column: 0)) }
        var after = before
        after.put("row 3 changed", at: GridPoint(row: 3, column: 0))
        let whole = String(decoding: writer.bytes(from: nil, to: after), as: UTF8.self)
        let change = String(decoding: writer.bytes(from: before, to: after), as: UTF8.self)
        #expect(whole.contains("row 0") && whole.contains("\u{1B}[2J"))
        #expect(
            change.contains("\u{1B}[4;7Hchanged") || change.contains("\u{1B}[4;7H\u{1B}[0mchanged"),
            "only what changed, from where it changes")
        #expect(!change.contains("row 0") && !change.contains("\u{1B}[2J"))
        #expect(change.count < whole.count / 3)
        #expect(writer.bytes(from: after, to: after).isEmpty, "nothing changed, nothing sent")
    }

    @Test func colourFollowsTheSettingAndTheHighlightNeedsNone() {
        var grid = CellGrid(rows: 1, columns: 10)
        grid.put(
            "Ada", at: GridPoint(row: 0, column: 0), style: CellStyle(.error, highlighted: true))
        let plain = String(
            decoding: FrameWriter(depth: .noColor, theme: .standard).bytes(from: nil, to: grid),
            as: UTF8.self)
        let coloured = String(
            decoding: FrameWriter(depth: .trueColor, theme: .standard).bytes(from: nil, to: grid),
            as: UTF8.self)
        #expect(plain.contains("\u{1B}[7m") && !plain.contains("38;2;"))
        #expect(coloured.contains("38;2;255;95;95"))
    }

    @Test func everyIntentOfEveryScreenHasAKeyThatReachesIt() {
        for screen in AppScreen.allCases {
            for intent in screen.intents {
                let key = FullScreenKeyMap.key(for: intent, on: screen)
                #expect(FullScreenKeyMap.intent(of: key.keys[0], on: screen) == intent)
                #expect(FullScreenKeyMap.help(on: screen).contains { $0.contains(key.summary) })
                #expect(FullScreenKeyMap.keyReference.contains("\(key.names) \(key.word)"))
            }
        }
    }
}
