import Features
import PeopleTestSupport
import Terminal
import Testing

/// The terminal views turn typed keys into actions and draw models as text.
///
/// Driven here with a recording console and a hand-made model.
@MainActor
@Suite struct TerminalViewTests {
    let console = RecordingConsole()

    /// A list model with the given rows that records which action ran.
    @MainActor final class Actions {
        var log: [String] = []
        func model(rows names: [String], next: Bool = false) -> PersonListViewModel {
            let rows = names.map { name in
                PersonRowViewModel(
                    title: name, subtitle: "", select: { self.log.append("open \(name)") })
            }
            var model = PersonListViewModel(
                title: "People", summary: "1–\(rows.count) of 9", rows: rows,
                search: { text in self.log.append("search \(text)") },
                add: { self.log.append("add") },
                undo: { self.log.append("undo") },
                openScreen: { self.log.append($0.rawValue) },
                quit: { self.log.append("quit") })
            if next { model.showNextPage = { self.log.append("next") } }
            return model
        }
    }

    @Test func theListIsNumberedAndEndsWithItsKeys() async {
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        view.show(Actions().model(rows: ["Ada", "Alan"], next: true))
        #expect(
            console.output == """
                People · 1–2 of 9
                  1  Ada
                  2  Alan
                1–2 open · n next · /text search · a add · u undo · s settings · q quit · ? help

                """)
    }

    /// A list whose changes are not being heard says so on its title, in
    /// the line front end as in the split view.
    @Test func aListNotFollowingChangesSaysSoOnItsTitle() {
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        var model = Actions().model(rows: ["Ada"])
        model.isNotFollowingChanges = true
        view.show(model)
        #expect(console.output.hasPrefix("People · 1–1 of 9 · not following changes\n"))
    }

    @Test func anEmptyListSaysInTheLineKeysHowToGoOn() {
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        var model = Actions().model(rows: [])
        model.summary = "no one yet"
        view.show(model)
        model.summary = "no one matches"
        model.searchText = "zed"
        view.show(model)
        model.summary = "not loaded"
        model.retry = {}
        view.show(model)
        model.isLoading = true
        model.retry = nil
        model.summary = "loading…"
        view.show(model)
        let titles = console.output.split(separator: "\n").filter { $0.hasPrefix("People · ") }
        #expect(
            titles == [
                "People · no one yet; a adds someone",
                "People · no one matches; / alone shows everyone",
                "People · not loaded; Enter tries again", "People · loading…",
            ])
    }

    /// A script reads pages, not progress: piped, each screen's
    /// `… · loading…` line is left out, and the page it became is written
    /// alone.
    @Test func pipedOutputCarriesNoLoadingLinesOnlyTheSettledPages() {
        let piped = RecordingConsole(showsProgress: false)
        let list = TerminalPersonListView(console: piped, width: .fixed(80))
        var model = Actions().model(rows: ["Ada"])
        model.isLoading = true
        model.summary = "loading…"
        list.show(model)
        var detail = PersonDetailViewModel(
            title: "Ada", fields: [("Name", "Ada")], confirmation: nil, edit: {}, delete: {},
            back: {}, quit: {})
        detail.isLoading = true
        TerminalPersonDetailView(console: piped, width: .fixed(80)).show(detail)
        #expect(piped.output.isEmpty, "nothing until a page has settled")
        model.isLoading = false
        model.summary = "1–1 of 9"
        list.show(model)
        #expect(piped.output.hasPrefix("People · 1–1 of 9\n  1  Ada\n"))
        #expect(!piped.output.contains("loading"))
    }

    @Test func pagingKeysOnAListThatIsNotLoadedSayEnterRetries() async {
        let actions = Actions()
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        var model = actions.model(rows: [])
        model.retry = { actions.log.append("retry") }
        view.show(model)
        await view.handle("n")
        await view.handle("p")
        await view.handle("")
        #expect(actions.log == ["retry"])
        #expect(
            console.output.components(separatedBy: "The list is not loaded; Enter tries again.\n")
                .count == 3)
    }

    @Test func keysRunTheMatchingActions() async {
        let actions = Actions()
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        view.show(actions.model(rows: ["Ada", "Alan"], next: true))
        for key in ["2", "n", "/ ada ", "/", "a", "u", "s", "Q"] { await view.handle(key) }
        #expect(
            actions.log == [
                "open Alan", "next", "search ada", "search ", "add", "undo", "settings", "quit",
            ])
    }

    @Test func keysThatDoNothingHereSaySoInOneLine() async {
        let actions = Actions()
        let view = TerminalPersonListView(console: console, width: .fixed(80))
        view.show(actions.model(rows: ["Ada"]))
        for key in ["3", "n", "p", "b", "xyz", "99999999999999999999999"] { await view.handle(key) }
        #expect(actions.log.isEmpty)
        let complaints = console.output.split(separator: "\n").suffix(6)
        #expect(
            Array(complaints) == [
                "There is no row 3 on this page; rows are 1–1.",
                "This is the last page.",
                "This is the first page.",
                "The list is the first screen; q quits.",
                "Unknown key 'xyz'. Press ? for help.",
                "Unknown key '99999999999999999999…'. Press ? for help.",
            ])
    }

    @Test func eachLineTellsTheConsoleWhatItIs() async {
        TerminalPersonListView(console: console, width: .fixed(80)).show(
            Actions().model(rows: ["Ada"]))
        #expect(console.roles == [.title, .plain, .keys])
    }

    /// An address of 100,000 characters another program stored.
    static let hugeAddress = String(repeating: "Long Road ", count: 10_000)

    @Test func everyRowIsOneLineCutToTheWidthWithNamesAlignedInColumns() async {
        let rows = [("李小龍", "Hong Kong"), ("Ada", Self.hugeAddress), ("Bob\u{9B}31m", "x")]
        let model = PersonListViewModel(
            title: "People", summary: "1–3 of 3",
            rows: rows.map { PersonRowViewModel(title: $0.0, subtitle: $0.1, select: {}) },
            search: { _ in }, add: {}, undo: {}, openScreen: { _ in }, quit: {})
        TerminalPersonListView(console: console, width: .fixed(40)).show(model)
        let lines = console.output.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst().prefix(3)) == [
                "  1  李小龍        Hong Kong",
                "  2  Ada           Long Road Long Road …",
                "  3  Bob\\u{9B}31m  x",
            ])
    }

    @Test func aLongFieldIsFoldedOverFourLinesEndingWithItsLength() async {
        let model = PersonDetailViewModel(
            title: "Ada",
            fields: [("Name", "Ada"), ("Address", Self.hugeAddress), ("Email", "—")],
            confirmation: nil, edit: {}, delete: {}, back: {}, quit: {})
        TerminalPersonDetailView(console: console, width: .fixed(40)).show(model)
        #expect(
            console.output.split(separator: "\n").dropLast() == [
                "Ada",
                "  Name     Ada",
                "  Address  Long Road Long Road Long Road",
                "            Long Road Long Road Long Roa",
                "           d Long Road Long Road Long Ro",
                "           ad Long… (100,000 characters)",
                "  Email    —",
            ])
    }

    @Test func aHugeNameIsCutInTheTitleTheQuestionAndTheMessages() async {
        let name = String(repeating: "Ada ", count: 25_000)
        let view = TerminalPersonDetailView(console: console, width: .fixed(40))
        var model = PersonDetailViewModel(
            title: name, fields: [("Name", name)], confirmation: nil, edit: {}, delete: {},
            back: {}, quit: {})
        model.isLoading = true
        view.show(model)
        model.isLoading = false
        view.show(model)
        model.confirmation = ConfirmationViewModel(
            question: "Delete \(name)?", canBeUndone: false, confirm: {}, cancel: {})
        view.show(model)
        view.showMessage("Deleted \(name).")
        view.showError("\(name) was changed by someone else.")
        let lines = console.output.split(separator: "\n")
        #expect(lines.count == 10, "two titles, the name folded in four, keys, three messages")
        #expect(lines.allSatisfy { $0.count <= 165 }, "three lines of 40, and a question's hint")
        #expect(lines[0].hasSuffix("… · loading…"))
    }

    @Test func aFieldThatFitsInFourLinesIsFoldedWhole() {
        let value = String(repeating: "李", count: 25)
        #expect(
            TerminalPersonDetailView.folded(value, into: 20) == [
                String(repeating: "李", count: 10), String(repeating: "李", count: 10),
                String(repeating: "李", count: 5),
            ])
        #expect(TerminalPersonDetailView.folded("", into: 20) == [""])
    }

    @Test func theFormMapsEnterDashDotAndGreaterThanToKeepClearCancelAndSave() async {
        var answers: [FormAnswer] = []
        let view = TerminalPersonEditView(console: console, width: .fixed(80))
        view.show(
            PersonFormViewModel(
                title: "Edit Ada", field: .address, step: (2, 3), currentValue: "London",
                values: [.name: "Ada", .address: "London", .email: ""],
                answer: { answers.append($0) }))
        for line in ["", " - ", ".", "Paris", " > "] { await view.handle(line) }
        #expect(answers == [.keep, .clear, .cancel, .text("Paris"), .saveKeepingTheRest])
        #expect(console.output == "Address (2/3) [London]:\n")
    }

    @Test func theDetailAsksBeforeDeletingAndOnlyYesConfirms() async {
        var log: [String] = []
        let view = TerminalPersonDetailView(console: console, width: .fixed(80))
        let question = ConfirmationViewModel(
            question: "Delete Ada?", canBeUndone: false, confirm: { log.append("yes") },
            cancel: { log.append("no") })
        let model = PersonDetailViewModel(
            title: "Ada", fields: [], confirmation: question,
            edit: {}, delete: {}, back: {}, quit: {})
        view.show(model)
        await view.handle("n")
        await view.handle(" YES ")
        #expect(log == ["no", "yes"])
        #expect(console.output.hasPrefix("Delete Ada? Type y to confirm"))
    }

    @Test func theLineViewsSayInTheirOwnKeysHowToUndoAndHowToLeave() {
        let detail = TerminalPersonDetailView(console: console, width: .fixed(120))
        var model = PersonDetailViewModel(
            title: "Ada", fields: [], confirmation: nil, edit: {}, delete: {}, back: {}, quit: {})
        model.confirmation = ConfirmationViewModel(
            question: "Delete Ada?", canBeUndone: true, confirm: {}, cancel: {})
        detail.show(model)
        detail.showLoadFailure("Ada can no longer be shown: gone")
        TerminalSettingsView(console: console).showLoadFailure("Could not read the settings: no")
        #expect(
            console.output == """
                Delete Ada? (u on the list undoes it.) Type y to confirm, anything else keeps them.
                Ada can no longer be shown: gone; b goes back.
                Could not read the settings: no; b goes back.

                """)
    }

    @Test func everyDeclaredKeyDoesSomethingOnItsScreen() async {
        let typed = { (key: LineKey) in
            switch key.keys {
            case "1, 2, …": "1"
            case "/text": "/ada"
            case "Enter": ""
            default: key.keys
            }
        }
        let list = TerminalPersonListView(console: console, width: .fixed(80))
        list.show(Actions().model(rows: ["Ada"], next: true))
        let detail = TerminalPersonDetailView(console: console, width: .fixed(80))
        detail.show(
            PersonDetailViewModel(
                title: "Ada", fields: [], confirmation: nil, edit: {}, delete: {}, back: {},
                quit: {}))
        let settings = TerminalSettingsView(console: console)
        settings.show(SettingsViewModel(sections: [], back: {}, quit: {}))
        for key in LineKeyMap.keys(on: .list) where key.keys != "p" {
            await list.handle(typed(key))
        }
        for key in LineKeyMap.keys(on: .detail) { await detail.handle(typed(key)) }
        for key in LineKeyMap.keys(on: .settings) { await settings.handle(typed(key)) }
        #expect(!console.output.contains("Unknown key"))
        #expect(console.output.contains("List keys:\n"))
        #expect(console.output.contains("Detail keys:\n"))
        #expect(console.output.contains("Settings keys:\n"))
    }
}
