import AppScope
import Features
import Injectors
import PeopleTestSupport
import Swinject
import SwinjectWiring
import Testing

/// One scenario, three wirings: what a person at the screens would notice
/// is the same whichever way the app was wired.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SameBehaviourTests {
    @Test(arguments: Wiring.allCases)
    func openEditAddDeleteUndoAndSearch(_ wiring: Wiring) async throws {
        let store = Fixtures.sampleStore()
        let views = NavigatedViews()
        let navigator = views.navigator
        #expect(await wiring.session(store: store, views: views).run() == .success)
        #expect(await navigator.settledTop() is PersonListController)

        // Open Alan, edit his email: the detail under the form shows it.
        await views.recorded.lists.last?.shown?.rows[1].select()
        #expect(await navigator.settledTop() is PersonDetailController)
        await views.recorded.details.last?.shown?.edit()
        let form = try #require(views.recorded.forms.last)
        await form.answer(.keep)
        await form.answer(.text("alan@example.org"))
        await form.answer(.saveKeepingTheRest)
        #expect(try await store.existingPerson(withID: 2).email == "alan@example.org")
        _ = await navigator.settledTop()
        #expect(
            views.recorded.details.last?.shown?.fields.contains { $0.value == "alan@example.org" }
                == true)

        // Delete him, and undo it from the list.
        await views.recorded.details.last?.shown?.delete()
        await views.recorded.details.last?.shown?.confirmation?.confirm()
        #expect(try await store.person(withID: 2) == nil)
        #expect(await navigator.settledTop() is PersonListController)
        await views.recorded.lists.last?.shown?.undo()
        #expect(try await store.person(withID: 2)?.name == "Alan Turing")

        // Add Barbara, then search for her.
        await views.recorded.lists.last?.shown?.add()
        let adding = try #require(views.recorded.forms.last)
        await adding.answer(.text("Barbara Liskov"))
        await adding.answer(.text("barbara@example.org"))
        await adding.answer(.saveKeepingTheRest)
        #expect(try await store.count(matching: "liskov") == 1)
        _ = await navigator.settledTop()
        await views.recorded.lists.last?.shown?.search("liskov")
        _ = await navigator.settledTop()
        #expect(views.recorded.lists.last?.shown?.rows.map(\.title) == ["Barbara Liskov"])
    }

    @Test(arguments: Wiring.allCases)
    func closingADetailFreesItsScopeAndCancelsItsWork(_ wiring: Wiring) async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let views = NavigatedViews()
        let navigator = views.navigator
        let seen = PersonScopesSeen()
        #expect(await wiring.session(store: gated, views: views, seen: seen).run() == .success)
        #expect(await gated.nextParkedCall() == "listPage")
        gated.release()
        _ = await navigator.settledTop()

        weak var detail: PersonDetailController?
        weak var form: PersonEditController?
        do {
            await views.recorded.lists.last?.shown?.rows[0].select()
            #expect(await gated.nextParkedCall() == "person")
            detail = navigator.top as? PersonDetailController
            await views.recorded.details.last?.shown?.edit()
            form = navigator.top as? PersonEditController
            #expect(form != nil)
            await navigator.pop()
            // Back on the detail, which reads the person again; leave it
            // with that read parked.
            #expect(await gated.nextParkedCall() == "person")
            await views.recorded.details.last?.shown?.back()
        }
        #expect(gated.cancelledCalls == 2, "closing the detail cancelled its reads")
        #expect(navigator.top is PersonListController)
        #expect(seen.begun == 1)
        #expect(seen.alive == 0, "the person's scope outlived their detail screen")
        #expect(detail == nil, "the detail screen outlived its closing")
        #expect(form == nil, "the edit form outlived its person")
    }

    @Test(arguments: Wiring.allCases)
    func theImportedPersonsAreListedAndTheStoreIsTraced(_ wiring: Wiring) async throws {
        let console = RecordingConsole()
        let views = NavigatedViews()
        let session = wiring.session(
            store: Fixtures.sampleStore(), views: views,
            configuration: Configuration(storeKind: .memory, trace: true, imports: ["a.csv"]),
            console: console,
            readSource: Fixtures.files(["a.csv": "name\nKatherine Johnson\n"]))
        #expect(await session.run() == .success)
        _ = await views.navigator.settledTop()
        #expect(
            views.recorded.lists.last?.shown?.rows.map(\.title)
                == ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson"])
        #expect(console.errors.contains("trace: store.listPage(matching: \"\", from: first"))
    }

    /// Every screen the hand wiring's list opens by an intent alone opens in
    /// each wiring too, as the same controller.
    ///
    /// Each container's list says which screen an intent opens in an
    /// exhaustive `switch`, so a new intent does not compile there until it
    /// is given one. What the compiler cannot see is Swinject's
    /// registration of the screen, which would crash at the `!` of
    /// `r.resolve(…)!` as the key is pressed: that is checked first, and a
    /// missing one fails naming where to register it.
    @Test(arguments: Wiring.allCases)
    func everyScreenTheListOpensByAnIntentOpensInEveryWiring(_ wiring: Wiring) async throws {
        let hand = SessionScope(
            app: AppScope(
                configuration: Configuration(storeKind: .memory), console: RecordingConsole(),
                readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
                personStore: Fixtures.sampleStore()),
            views: NavigatedViews())
        let opened = PersonListInjector.injectOpenedScreens(hand)
        var checked = 0
        for intent in AppScreen.list.intents {
            guard let provider = opened.provider(for: intent) else { continue }
            let expected = type(of: try provider())
            checked += 1
            if wiring == .swinject, !Self.swinjectResolves(expected) {
                Issue.record(
                    "SessionAssembly registers no \(expected), which the list's \(intent) opens: register it in SessionAssembly.assemble(container:), as SettingsController is"
                )
                continue
            }
            let views = NavigatedViews()
            #expect(
                await wiring.session(store: Fixtures.sampleStore(), views: views).run() == .success)
            _ = await views.navigator.settledTop()
            await views.recorded.lists.last?.shown?.openScreen(intent)
            let top = await views.navigator.settledTop()
            #expect(
                top.map { type(of: $0) == expected } == true,
                "the list's \(intent) opened \(top.map { "\(type(of: $0))" } ?? "nothing"), not \(expected)"
            )
        }
        #expect(checked >= 1, "the list opens settings by an intent alone")
    }

    /// Whether the Swinject wiring's session container resolves a `screen`,
    /// without the `!` that would crash the test.
    private static func swinjectResolves<S: Screen>(_ screen: S.Type) -> Bool {
        let session = Container(
            parent: PeopleContainer.app([
                AppAssembly(
                    configuration: Configuration(storeKind: .memory), console: RecordingConsole(),
                    clock: Fixtures.clock, readSource: Fixtures.readsNoFiles,
                    baseStore: Fixtures.sampleStore(), views: NavigatedViews())
            ]))
        SessionAssembly().assemble(container: session)
        return session.resolve(S.self) != nil
    }
}
