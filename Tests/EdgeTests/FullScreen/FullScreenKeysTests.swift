import Features
import FullScreen
import Testing

/// Every key the full-screen key map declares does what it says on the
/// screen it is declared for: the view calls the model's intent, or hands
/// the key to the navigator for one it owns (help, back beside the list,
/// open) — never "not mine".
@MainActor
@Suite struct FullScreenKeysTests {
    /// What the views asked of their models, by intent.
    final class Asked {
        var intents: [ScreenIntent] = []
    }

    private let display = FullScreenDisplay(events: EventQueue(), book: "book")

    @Test(arguments: AppScreen.allCases)
    func everyDeclaredKeyDoesSomethingOnItsScreen(_ screen: AppScreen) async {
        for intent in screen.intents {
            let asked = Asked()
            let view = self.view(of: screen, asking: asked)
            var outcome = await view.handle(FullScreenKeyMap.key(for: intent, on: screen).keys[0])
            // `/` opens the search; the first character typed searches.
            if intent == .search { outcome = await view.handle(.character("a")) }
            #expect(outcome != .notMine, "\(intent) on \(screen.name)")
            if outcome == .handled {
                #expect(
                    asked.intents == [intent], "\(intent) on \(screen.name) asked \(asked.intents)")
            }
        }
    }

    /// A key a view answers is one its help and the key reference name:
    /// the settings' scroll keys were answered, but named only in the key
    /// line the view wrote itself, so `?` and `--help` left them out.
    @Test(arguments: AppScreen.allCases)
    func everyMovingKeyAViewAnswersIsDeclared(_ screen: AppScreen) async {
        let declared = FullScreenKeyMap.answeredKeys(on: screen).flatMap(\.keys)
        let moving: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .tab, .backTab, .enter]
        for key in moving {
            let outcome = await view(of: screen, asking: Asked()).handle(key)
            if outcome != .notMine {
                #expect(declared.contains(key), "\(key) on \(screen.name) is answered, not named")
            }
        }
    }

    /// The full-screen view of `screen`, shown a model whose every intent
    /// says it was asked for, with rows, pages both ways and a retry.
    private func view(of screen: AppScreen, asking asked: Asked) -> any FullScreenView {
        switch screen {
        case .list:
            let view = FullScreenPersonListView(display: display)
            var model = PersonListViewModel(
                title: "People", summary: "11–20 of 30",
                rows: [PersonRowViewModel(title: "Ada", subtitle: "", select: {})],
                search: { _ in asked.intents.append(.search) },
                add: { asked.intents.append(.add) }, undo: { asked.intents.append(.undo) },
                openScreen: { asked.intents.append($0) },
                quit: { asked.intents.append(.quit) })
            model.showNextPage = { asked.intents.append(.nextPage) }
            model.showPreviousPage = { asked.intents.append(.previousPage) }
            model.retry = { asked.intents.append(.retry) }
            model.addDemoPersons = { asked.intents.append(.demo) }
            view.show(model)
            return view
        case .detail:
            let view = FullScreenPersonDetailView(display: display)
            view.show(
                PersonDetailViewModel(
                    title: "Ada", fields: [("Name", "Ada")], confirmation: nil,
                    edit: { asked.intents.append(.edit) },
                    delete: { asked.intents.append(.delete) },
                    back: { asked.intents.append(.back) },
                    quit: { asked.intents.append(.quit) }))
            return view
        case .form:
            let view = FullScreenPersonEditView(display: display)
            view.show(
                PersonFormViewModel(
                    title: "New person", field: .name, step: (1, 3), currentValue: "",
                    values: [:],
                    answer: { answer in if answer == .cancel { asked.intents.append(.cancel) } }))
            return view
        case .settings:
            let view = FullScreenSettingsView(display: display)
            view.show(
                SettingsViewModel(
                    sections: [], back: { asked.intents.append(.back) },
                    quit: { asked.intents.append(.quit) }))
            return view
        }
    }
}
