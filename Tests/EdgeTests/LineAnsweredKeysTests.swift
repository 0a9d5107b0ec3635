import Features
import PeopleTestSupport
import Terminal
import Testing

/// Every line the line front end answers on a screen is one its `?` help
/// names: each printable character typed alone, a number, a search and
/// an empty line are typed on each screen, and any that asks the model
/// for something or shows anything but a refusal must be in the key map.
///
/// An empty line showed a person or the settings again, and their help
/// never said so.
@MainActor
@Suite struct LineAnsweredKeysTests {
    /// What the models were asked.
    final class Asked {
        var calls: [String] = []
    }

    /// Every line tried: each printable ASCII character, a row number,
    /// a search, `/` alone and an empty line.
    static let lines: [String] =
        (0x21...0x7E).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        + ["1", "/a", "/", ""]

    /// The line as help names it: `Enter` for an empty line, `/text` for
    /// a search, `1, 2, …` for a number, a letter in either case.
    static func named(_ line: String) -> String {
        switch KeyInput(line) {
        case .empty: "Enter"
        case .search: "/text"
        case .number: "1, 2, …"
        case .key(let key): String(key)
        case .unknown(let text): text
        }
    }

    @Test(arguments: [AppScreen.list, .detail, .settings])
    func everyLineAScreenAnswersIsNamedByItsHelp(_ screen: AppScreen) async {
        let declared = LineKeyMap.keys(on: screen).map(\.keys)
        for line in Self.lines {
            let console = RecordingConsole()
            let asked = Asked()
            let handle = Self.view(of: screen, console: console) { asked.calls.append($0) }
            let before = console.output.count
            let rolesBefore = console.roles.count
            await handle(line)
            let shown = console.roles.dropFirst(rolesBefore).contains { $0 != .error }
            guard !asked.calls.isEmpty || (shown && console.output.count > before) else { continue }
            #expect(
                declared.contains(Self.named(line)),
                "'\(line)' does something on \(screen.name), and its ? help does not name it")
        }
    }

    /// The view of `screen`, shown a model that reports each action to
    /// `asked`; returns how a line is handed to it.
    static func view(
        of screen: AppScreen, console: RecordingConsole,
        asked: @escaping @MainActor (String) -> Void
    ) -> (String) async -> Void {
        switch screen {
        case .list:
            let view = TerminalPersonListView(console: console, width: .fixed(80))
            var model = PersonListViewModel(
                title: "People", summary: "11–11 of 30",
                rows: [PersonRowViewModel(title: "Ada", subtitle: "", select: { asked("open") })],
                search: { asked("search \($0)") }, add: { asked("add") }, undo: { asked("undo") },
                openScreen: { asked("open \($0)") }, quit: { asked("quit") })
            model.showNextPage = { asked("next") }
            model.showPreviousPage = { asked("previous") }
            model.addDemoPersons = { asked("demo") }
            view.show(model)
            return { await view.handle($0) }
        case .detail:
            let view = TerminalPersonDetailView(console: console, width: .fixed(80))
            view.show(
                PersonDetailViewModel(
                    title: "Ada", fields: [("Name", "Ada")], confirmation: nil,
                    edit: { asked("edit") }, delete: { asked("delete") }, back: { asked("back") },
                    quit: { asked("quit") }))
            return { await view.handle($0) }
        case .settings:
            let view = TerminalSettingsView(console: console)
            view.show(
                SettingsViewModel(sections: [], back: { asked("back") }, quit: { asked("quit") }))
            return { await view.handle($0) }
        case .form:
            // Every other line typed on the form is a value.
            return { _ in }
        }
    }
}
