import Features
import FullScreen
import Testing

/// Every key the full-screen front end answers is one its help names, and
/// every key its help names does something someone would notice.
///
/// The tester found j/k, e, d, → ← b, Ctrl-U and Shift-Tab
/// answered but not named by `?`. Both directions are read from the key
/// map, never listed here by hand, so a key another change adds to the map
/// is driven too.
@MainActor
@Suite struct AnsweredKeysTests {
    /// Where a key is pressed: each screen, in a state where every key it
    /// answers can show it (the list's middle row highlighted, a field
    /// holding words with the cursor inside them), and the list with a search being typed.
    enum Place: CaseIterable, CustomStringConvertible {
        case list, searching, detail, form, settings

        var description: String {
            switch self {
            case .list: "the list"
            case .searching: "a search being typed"
            case .detail: "a person"
            case .form: "the form"
            case .settings: "the settings"
            }
        }

        /// The keys the key map says are answered here, each named by help.
        ///
        /// The list's help also names the keys of a search being typed and
        /// `e` and `d`, which reach the person beside it (driven on the
        /// person), and the form's the keys that edit a field; the keys of
        /// every screen are the navigator's, and driven there.
        var declared: [FullScreenKey] {
            switch self {
            case .list: FullScreenKeyMap.allKeys(on: .list)
            case .searching: FullScreenKeyMap.searchKeys
            case .detail: FullScreenKeyMap.allKeys(on: .detail)
            case .form: FullScreenKeyMap.allKeys(on: .form) + FullScreenKeyMap.fieldKeys
            case .settings: FullScreenKeyMap.allKeys(on: .settings)
            }
        }

        /// Whether a character typed here is text, not a key.
        var takesText: Bool { self == .searching || self == .form }
    }

    /// What the views asked of their models.
    @MainActor
    final class Asked {
        var calls: [String] = []
    }

    /// A view in `place`, with what it asks for and the display it draws on.
    @MainActor
    struct Scene {
        let view: any FullScreenView
        let asked: Asked
        let display: FullScreenDisplay

        /// Everything someone could notice: the pane, the title, the key
        /// line, the status line, and what the models were asked.
        var seen: [String] {
            var grid = CellGrid(rows: 8, columns: 60)
            view.draw(
                in: &grid, area: PaneArea(top: 0, left: 0, rows: 8, columns: 60), focused: true)
            let title = (view as? FullScreenPersonListView)?.titleLine ?? ""
            return (0..<8).map { grid.text(ofRow: $0) }
                + [title, view.keyLine, display.status?.text ?? ""] + asked.calls
        }
    }

    /// Every key the terminal parser can produce: each key that is not a
    /// character, every printable ASCII character, one beyond it, a paste.
    ///
    /// The `switch` in ``isListed(_:)`` has no `default`, so a key the
    /// parser learns does not compile here until it is listed.
    static let everyKey: [Key] =
        [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .tab, .backTab,
            .backspace, .delete, .escape, .interrupt, .suspend, .clearLine, .lineStart, .lineEnd,
            .deleteWord, .deleteToEnd, .halfPageDown, .repaint, .f1, .unknown, .pasted("zo"),
            .character("é"),
        ] + (0x20...0x7E).compactMap { Unicode.Scalar($0).map { .character(Character($0)) } }

    /// Keeps ``everyKey`` complete: a new case of ``Key`` fails to compile.
    static func isListed(_ key: Key) -> Bool {
        switch key {
        case .character, .pasted, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
            .enter, .tab, .backTab, .backspace, .delete, .escape, .interrupt, .suspend,
            .clearLine, .lineStart, .lineEnd, .deleteWord, .deleteToEnd, .halfPageDown, .repaint,
            .f1, .unknown:
            true
        }
    }

    @Test(arguments: Place.allCases)
    func everyKeyOfEveryDeclaredEntryDoesSomethingNoticeable(_ place: Place) async {
        for entry in place.declared {
            for key in entry.keys {
                let scene = await Self.scene(place)
                let before = scene.seen
                let outcome = await scene.view.handle(key)
                #expect(outcome != .notMine, "\(key.name) (\(entry.word)) on \(place)")
                // Help, back and open are the navigator's to do.
                if outcome == .handled {
                    #expect(
                        scene.seen != before,
                        "\(key.name) (\(entry.word)) on \(place) changed nothing to see")
                }
            }
        }
    }

    @Test(arguments: Place.allCases)
    func everyKeyAViewAnswersIsDeclared(_ place: Place) async {
        let declared = place.declared.flatMap(\.keys)
        for key in Self.everyKey where Self.isListed(key) {
            if place.takesText, key.text != nil { continue }
            let scene = await Self.scene(place)
            let before = scene.seen
            let outcome = await scene.view.handle(key)
            guard outcome != .notMine, outcome != .handled || scene.seen != before else { continue }
            #expect(
                declared.contains(Self.typed(key)),
                "\(key.name) does something on \(place), and its help does not name it")
        }
    }

    /// Help names every key of every entry, by the key's own name: `↑ ↓`
    /// stood for j and k too, and `Tab` for Shift-Tab.
    @Test(arguments: AppScreen.allCases)
    func helpNamesEveryKeyTheScreenAnswers(_ screen: AppScreen) {
        let help = FullScreenKeyMap.help(on: screen)
        let reference = FullScreenKeyMap.keyReference.split(separator: "\n").first {
            $0.hasPrefix("  \(screen.name) ")
        }
        for entry in FullScreenKeyMap.answeredKeys(on: screen) {
            let names = entry.names.split(separator: " ")
            for key in entry.keys {
                #expect(names.contains(Substring(key.name)), "\(entry.word) leaves out \(key.name)")
            }
            #expect(
                help.contains { $0.hasPrefix("  \(entry.names) ") },
                "? on \(screen.name) leaves out \(entry.names)")
            #expect(
                reference?.contains("\(entry.names) \(entry.word)") == true,
                "people --help leaves out \(entry.names) on \(screen.name)")
        }
    }

    /// The list's help names j and k, e and d (the person beside it),
    /// and the search's keys; the form's names Shift-Tab and Ctrl-U.
    @Test func theKeysTheTesterFoundUnnamedAreNamed() {
        let list = FullScreenKeyMap.help(on: .list).joined(separator: "\n")
        let form = FullScreenKeyMap.help(on: .form).joined(separator: "\n")
        let person = FullScreenKeyMap.help(on: .detail).joined(separator: "\n")
        for name in ["j", "k", "e", "d", "→", "Ctrl-U", "Backspace", "Ctrl-C", "Ctrl-Z"] {
            #expect(list.contains(name), "the list's help leaves out \(name)")
        }
        for name in ["Shift-Tab", "Ctrl-U"] { #expect(form.contains(name), "form: \(name)") }
        for name in ["←", "b"] { #expect(person.contains(name), "person: \(name)") }
    }

    /// `/ab`, three Backspaces, `zoe`: the search stays open, so z, o and
    /// e are typed into it, and e never opens the form.
    @Test func backspaceOnAnEmptySearchStaysInTheSearch() async {
        let scene = await Self.scene(.list)
        let list = scene.view
        for key: Key in [
            .character("/"), .character("a"), .character("b"), .backspace, .backspace,
            .backspace, .character("z"), .character("o"), .character("e"),
        ] {
            #expect(await list.handle(key) == .handled, "\(key.name) is the search's")
        }
        #expect(scene.asked.calls.last == "search zoe")
        #expect((list as? FullScreenPersonListView)?.titleLine.contains("search: zoe▏") == true)
    }

    @Test func escOnTheListClearsAKeptSearch() async {
        let scene = await Self.scene(.list, keptSearch: "ad")
        #expect(await scene.view.handle(.escape) == .handled)
        #expect(scene.asked.calls.last == "search ")
    }

    /// A scene in `place`, keys pressed to get there, the list showing
    /// the matches of `keptSearch`.
    static func scene(_ place: Place, keptSearch: String = "") async -> Scene {
        let display = FullScreenDisplay(events: EventQueue(), book: "book")
        let asked = Asked()
        let view: any FullScreenView
        var setUp: [Key] = []
        switch place {
        case .list, .searching:
            let list = FullScreenPersonListView(display: display)
            var model = PersonListViewModel(
                title: "People", summary: "11–13 of 30",
                rows: ["Ada", "Alan", "Grace"].map {
                    PersonRowViewModel(title: $0, subtitle: "", select: {})
                },
                search: { asked.calls.append("search \($0)") },
                add: { asked.calls.append("add") }, undo: { asked.calls.append("undo") },
                openScreen: { asked.calls.append("open \($0)") },
                quit: { asked.calls.append("quit") })
            model.searchText = keptSearch
            model.showNextPage = { asked.calls.append("next page") }
            model.showPreviousPage = { asked.calls.append("previous page") }
            model.retry = { asked.calls.append("retry") }
            model.addDemoPersons = { asked.calls.append("demo") }
            list.show(model)
            view = list
            setUp = place == .list ? [.down] : [.down, .character("/"), .character("d")]
        case .detail:
            let detail = FullScreenPersonDetailView(display: display)
            detail.show(
                PersonDetailViewModel(
                    title: "Ada", fields: [("Name", "Ada")], confirmation: nil,
                    edit: { asked.calls.append("edit") }, delete: { asked.calls.append("delete") },
                    back: { asked.calls.append("back") }, quit: { asked.calls.append("quit") }))
            view = detail
        case .form:
            let form = FullScreenPersonEditView(display: display)
            form.show(
                PersonFormViewModel(
                    title: "New person", field: .name, step: (1, 3), currentValue: "",
                    values: [:], answer: { asked.calls.append("answer \($0)") }))
            view = form
            // `ab c|d`: the cursor inside a word with text on each side,
            // so every key that moves it or deletes around it shows.
            setUp = "ab cd".map { Key.character($0) } + [.left]
        case .settings:
            let settings = FullScreenSettingsView(display: display)
            let rows = (1...30).map { SettingsRow("row \($0)", "value") }
            settings.show(
                SettingsViewModel(
                    sections: [SettingsSection(title: "Graph", rows: rows)],
                    back: { asked.calls.append("back") }, quit: { asked.calls.append("quit") }))
            view = settings
            setUp = [.down]
        }
        for key in setUp { _ = await view.handle(key) }
        let scene = Scene(view: view, asked: asked, display: display)
        // Drawn once, so a scroll kept from before the key is measured.
        _ = scene.seen
        asked.calls = []
        return scene
    }

    /// The key as the map declares it: a capital letter asks for what its
    /// small letter does.
    static func typed(_ key: Key) -> Key {
        if case .character(let character) = key, character.isUppercase,
            let lower = character.lowercased().first
        {
            return .character(lower)
        }
        return key
    }
}
