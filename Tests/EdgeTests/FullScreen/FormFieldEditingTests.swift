import Features
import FullScreen
import Testing

/// The full-screen form edits a field in place, at a cursor, as a shell's
/// line editor does: each key is tried with plain letters, a combining
/// accent, a wide character and an emoji, each of which is one step.
@MainActor
@Suite struct FormFieldEditingTests {
    /// What the form saved, and whether it was left.
    final class Answers {
        var texts: [String] = []
        var cancelled = false
    }

    private let display = FullScreenDisplay(events: EventQueue(), book: "book")

    /// A form on `name`, whose Enter answers land in `answers`.
    private func form(name: String, answers: Answers) -> FullScreenPersonEditView {
        let view = FullScreenPersonEditView(display: display)
        view.show(
            PersonFormViewModel(
                title: "Edit", field: .name, step: (1, PersonField.allCases.count),
                currentValue: name, values: [.name: name],
                answer: { answer in
                    switch answer {
                    case .text(let text): answers.texts.append(text)
                    case .cancel: answers.cancelled = true
                    default: break
                    }
                }))
        return view
    }

    /// The name saved after `keys` are pressed in a form opened on `name`.
    private func saved(_ name: String, after keys: [Key]) async -> String? {
        let answers = Answers()
        let view = form(name: name, answers: answers)
        for key in keys { _ = await view.handle(key) }
        _ = await view.handle(.enter)
        return answers.texts.first
    }

    /// The four kinds of character a field must step over as one.
    nonisolated static let samples = ["abc", "e\u{301}e\u{301}e\u{301}", "漢字語", "👩‍👩‍👧🇯🇵🎉"]

    @Test(arguments: samples)
    func arrowsMoveTheCursorOneCharacterAndTypingGoesThere(_ text: String) async {
        let c = text.map(String.init)
        #expect(await saved(text, after: [.left, .character("X")]) == c[0] + c[1] + "X" + c[2])
        #expect(
            await saved(text, after: [.left, .left, .right, .character("X")])
                == c[0] + c[1] + "X" + c[2])
        #expect(
            await saved(text, after: [.left, .left, .left, .left, .character("X")]) == "X" + text,
            "← stops at the start")
        #expect(await saved(text, after: [.right, .character("X")]) == text + "X", "→ at the end")
    }

    @Test(arguments: samples)
    func homeEndAndTheirControlKeysGoToTheEnds(_ text: String) async {
        #expect(await saved(text, after: [.home, .character("X")]) == "X" + text)
        #expect(await saved(text, after: [.lineStart, .character("X")]) == "X" + text)
        #expect(await saved(text, after: [.home, .end, .character("X")]) == text + "X")
        #expect(await saved(text, after: [.lineStart, .lineEnd, .character("X")]) == text + "X")
    }

    @Test(arguments: samples)
    func backspaceAndDeleteTakeOneCharacterAtTheCursor(_ text: String) async {
        let c = text.map(String.init)
        #expect(await saved(text, after: [.left, .backspace]) == c[0] + c[2])
        #expect(await saved(text, after: [.left, .left, .delete]) == c[0] + c[2])
        #expect(await saved(text, after: [.delete]) == text, "nothing under the cursor at the end")
        #expect(await saved(text, after: [.home, .backspace]) == text, "nothing before the start")
    }

    @Test(arguments: samples)
    func controlWUAndKDeleteTheWordBeforeAllBeforeAndAllAfter(_ text: String) async {
        let c = text.map(String.init)
        let line = "\(text) \(text)  \(text)"
        #expect(await saved(line, after: [.deleteWord]) == "\(text) \(text)  ")
        #expect(
            await saved(line, after: [.left, .deleteWord]) == "\(text) \(text)  " + c[2],
            "only the part of the word before the cursor")
        #expect(
            await saved(line, after: [.deleteWord, .deleteWord]) == "\(text) ",
            "the spaces before the word go with it")
        #expect(await saved(text, after: [.left, .clearLine]) == c[2])
        #expect(await saved(text, after: [.left, .left, .deleteToEnd]) == c[0])
    }

    @Test func eachFieldKeepsItsOwnTextAndCursor() async {
        let answers = Answers()
        let view = form(name: "Ada", answers: answers)
        _ = await view.handle(.home)
        _ = await view.handle(.tab)
        _ = await view.handle(.character("x"))
        _ = await view.handle(.backTab)
        _ = await view.handle(.character("M"))
        _ = await view.handle(.enter)
        #expect(answers.texts == ["MAda"], "the name, its cursor where it was left")
        #expect(drawn(view, columns: 60).contains { $0.contains("Email?") && $0.hasSuffix(" x") })
    }

    @Test func aPasteArrivesAsTextAtTheCursor() async {
        #expect(
            await saved("Ada Lovelace", after: [.home, .pasted("Countess ")])
                == "Countess Ada Lovelace")
    }

    @Test func aCombiningMarkTypedJoinsTheCharacterBeforeTheCursor() async {
        #expect(
            await saved("cafe", after: [.character("\u{301}"), .left, .character("X")])
                == "cafX" + "e\u{301}")
    }

    @Test func theCursorIsDrawnWhereItIsAndStaysInSightInALongField() async {
        let view = form(name: "Ada Lovelace", answers: Answers())
        for _ in 0..<8 { _ = await view.handle(.left) }
        #expect(row(of: view, columns: 40).contains("Ada ▏Lovelace"))
        let long = String(repeating: "abcdefghij", count: 9) + "漢字"
        let longView = form(name: long, answers: Answers())
        #expect(row(of: longView, columns: 40).contains("漢字▏"), "the end typed at is in sight")
        _ = await longView.handle(.home)
        #expect(row(of: longView, columns: 40).contains("▏abcdefghij"), "and the start")
        for _ in 0..<45 { _ = await longView.handle(.right) }
        let middle = row(of: longView, columns: 40)
        #expect(middle.contains("…") && middle.contains("abcde▏fghij"), "\(middle)")
    }

    @Test func escOnAChangedFormAsksAndNKeepsEditing() async {
        let answers = Answers()
        let view = form(name: "Ada", answers: answers)
        _ = await view.handle(.character("m"))
        _ = await view.handle(.escape)
        #expect(!answers.cancelled, "asked, not left")
        #expect(drawn(view, columns: 60).contains { $0.contains("Discard changes to Ada? (y/n)") })
        _ = await view.handle(.character("n"))
        #expect(!answers.cancelled)
        #expect(!drawn(view, columns: 60).contains { $0.contains("Discard") })
        _ = await view.handle(.enter)
        #expect(answers.texts == ["Adam"], "every value still as typed")
        _ = await view.handle(.escape)
        _ = await view.handle(.character("y"))
        #expect(answers.cancelled)
    }

    @Test func escOnAnUnchangedFormLeavesAtOnce() async {
        let answers = Answers()
        let view = form(name: "Ada", answers: answers)
        _ = await view.handle(.character("m"))
        _ = await view.handle(.backspace)
        _ = await view.handle(.escape)
        #expect(answers.cancelled, "typed and taken back is unchanged")
    }

    private func drawn(_ view: FullScreenPersonEditView, columns: Int) -> [String] {
        var grid = CellGrid(rows: 40, columns: columns)
        view.draw(
            in: &grid, area: PaneArea(top: 0, left: 0, rows: 40, columns: columns), focused: true)
        return grid.lines
    }

    /// The drawn row of the name field, the first.
    private func row(of view: FullScreenPersonEditView, columns: Int) -> String {
        drawn(view, columns: columns).first { $0.contains("Name") } ?? ""
    }
}
