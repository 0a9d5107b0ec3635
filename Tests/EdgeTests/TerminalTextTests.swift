import Features
import Palette
import Terminal
import Testing

/// What reaches a terminal: text from outside made inert, colour only where
/// the style allows, and only the console's own escapes.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}", "␛]0;pwned␇"),
        ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
        ("\u{1B}]52;c;ZXZpbA==\u{07}", "␛]52;c;ZXZpbA==␇"),
        ("a\u{9B}31mb", "a\\u{9B}31mb"),
        ("line\r\nFAKE", "line␍␊FAKE"),
        ("back\u{08}\u{08}", "back␈␈"),
        ("nul\u{0}", "nul␀"),
        ("del\u{7F}", "del␡"),
        ("Bob\u{202E}txt.exe", "Bob\\u{202E}txt.exe"),
        ("iso\u{2066}late\u{2069}", "iso\\u{2066}late\\u{2069}"),
        ("sep\u{2028}para\u{2029}", "sep\\u{2028}para\\u{2029}"),
        ("Zoë Ødegaard 李 👩‍👩‍👧", "Zoë Ødegaard 李 👩‍👩‍👧"),
    ])
    func controlCharactersAreShownNotObeyed(raw: String, shown: String) {
        #expect(InertText.inert(raw) == shown)
        #expect(!InertText.inert(raw).unicodeScalars.contains(where: InertText.isObeyed))
    }

    /// Text of many control characters is made inert in time that grows
    /// with its length, not with its square.
    ///
    /// Each stand-in was appended to a scalar view, which copies the whole
    /// text so far: an address of a million escapes another client stored
    /// kept `people show` and the full-screen list busy for minutes. No
    /// time limit: in a loaded parallel run a test may wait its turn for
    /// longer than it runs, and the answer is what is checked here.
    @Test func aMillionControlCharactersAreMadeInertInOnePass() async {
        let hostile = String(repeating: "a\u{1B}[2J\t", count: 500_000)
        let shown = InertText.inert(hostile)
        #expect(shown == String(repeating: "a␛[2J␉", count: 500_000))
    }

    @Test func quotedTextIsCutAndStaysOnOneLine() async {
        let huge = String(repeating: "x\n", count: 5_000)
        let quoted = InertText.quoted(huge, limit: 10)
        #expect(quoted == "'x␊x␊x␊x␊x…'")
    }

    /// One character made of an `a` and 30,000 combining acute accents:
    /// 60,001 bytes that a limit counting characters lets through whole.
    static let oneHugeCharacter = "a" + String(repeating: "\u{301}", count: 30_000)

    @Test func oneCharacterOfThirtyThousandMarksIsCutByScalars() async {
        #expect(Self.oneHugeCharacter.count == 1)
        let quoted = InertText.quoted(Self.oneHugeCharacter)
        #expect(quoted.utf8.count < 600, "quoted \(quoted.utf8.count) bytes")
        #expect(quoted.unicodeScalars.count == 62, "a, 58 marks, the ellipsis and two quotes")
        #expect(quoted.unicodeScalars.starts(with: "'a\u{301}\u{301}".unicodeScalars))
        #expect(quoted.unicodeScalars.reversed().starts(with: "'…\u{301}".unicodeScalars))
        #expect(InertText.clipped(Self.oneHugeCharacter, limit: 120).utf8.count < 600)
    }

    @Test func aCutFallsBetweenWholeCharactersWhenOneFits() async {
        let family = "👩\u{200D}👩\u{200D}👧"  // 5 scalars, one character
        #expect(InertText.quoted(String(repeating: family, count: 20), limit: 10) == "'\(family)…'")
        #expect(InertText.quoted(family + "b", limit: 6) == "'\(family)b'", "fits: not cut")
        #expect(InertText.quoted("e\u{301}e\u{301}e\u{301}", limit: 4) == "'e\u{301}…'")
    }

    /// What a terminal gives each character: wide East Asian characters and
    /// emoji two columns, a combining mark on its own none, the rest one.
    @Test(arguments: [
        ("Ada", 3), ("李小龍", 6), ("한국", 4), ("Ａ", 2), ("e\u{301}", 1), ("\u{301}", 0),
        ("👩\u{200D}👩\u{200D}👧", 2), ("❤\u{FE0F}", 2), ("Zoë", 3), ("\u{200B}", 0),
    ])
    func displayColumnsCountWideCharactersTwiceAndMarksNever(text: String, columns: Int) {
        #expect(text.displayColumns == columns)
    }

    @Test func clippingByColumnsNeverSplitsAWideCharacterOrOverflows() {
        #expect("李小龍李小龍".clipped(toColumns: 6) == "李小…")
        #expect("李小龍".clipped(toColumns: 6) == "李小龍", "fits: not cut")
        #expect("ab李".clipped(toColumns: 3) == "ab…")
        #expect("e\u{301}e\u{301}e\u{301}x".clipped(toColumns: 3) == "e\u{301}e\u{301}…")
        let huge = String(repeating: "x", count: 100_000)
        #expect(huge.clipped(toColumns: 80).displayColumns == 80)
        #expect("李".padded(toColumns: 4) == "李  ")
    }

    /// Piped, rows are cut to `COLUMNS` when it is a whole number, else to
    /// 80; never narrower than 20 or wider than 1,000.
    @Test(
        arguments: [
            ("40", 40), (nil, 80), ("abc", 80), ("+40", 80), ("4O", 80), ("", 80), ("5", 20),
            ("5000", 1_000), ("99999999999999999999", 80), ("\u{1B}[2J", 80),
        ] as [(String?, Int)])
    func aPipesWidthIsColumnsWhenItIsAWholeNumber(variable: String?, columns: Int) {
        let width = TerminalWidth.standardOutput(outputIsTerminal: false, columnsVariable: variable)
        #expect(width.columns == columns)
    }

    @Test func colourIsOnlyWrittenWhenTheStyleAllowsIt() async {
        #expect(TextStyle.plain.render("People", as: .title) == "People")
        #expect(
            TextStyle(depth: .trueColor).render("People", as: .title)
                == "\u{1B}[1m\u{1B}[38;2;95;175;255mPeople\u{1B}[0m")
        #expect(TextStyle(depth: .trueColor).render("row", as: .plain) == "row")
        let amber = Theme(
            title: RGBColor(red: 255, green: 176, blue: 0), keys: .init(red: 1, green: 2, blue: 3),
            error: .init(red: 4, green: 5, blue: 6), success: .init(red: 7, green: 8, blue: 9))
        let themed = TextStyle(depth: .trueColor, theme: amber)
        #expect(themed.render("People", as: .title).hasPrefix("\u{1B}[1m\u{1B}[38;2;255;176;0m"))
        #expect(themed.render("1 open", as: .keys) == "\u{1B}[38;2;1;2;3m1 open\u{1B}[0m")
    }

    @Test func theLineFrontEndDrawsInTheColoursTheTerminalHas() {
        #expect(
            TextStyle(depth: .ansi256).render("Oops", as: .error) == "\u{1B}[38;5;203mOops\u{1B}[0m"
        )
        #expect(TextStyle(depth: .ansi16).render("Oops", as: .error) == "\u{1B}[91mOops\u{1B}[0m")
        #expect(TextStyle(depth: .noColor).render("Oops", as: .error) == "Oops")
    }

    @Test func storedEscapesCannotBorrowTheConsolesColour() async {
        let rendered = TextStyle(depth: .trueColor).render("\u{1B}[8mhidden\u{1B}[0m", as: .error)
        // Exactly the two escapes the style adds: its colour and its reset.
        #expect(rendered.filter { $0 == "\u{1B}" }.count == 2)
        #expect(rendered.contains("␛[8mhidden␛[0m"))
    }
}
