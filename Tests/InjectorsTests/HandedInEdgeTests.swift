import AppScope
import Features
import Foundation
import Injectors
import PeopleTestSupport
import Terminal
import Testing

/// What a test hands a scope changes that edge and nothing else: the real
/// wiring still decorates, aggregates and navigates around it.
@MainActor
@Suite(.tags(.parksAsyncWork)) struct HandedInEdgeTests {
    @Test func aHandedInStoreIsTracedAndAggregatedLikeABuiltOne() async throws {
        let fake = Fixtures.sampleStore()
        let app = AppScope(
            configuration: Configuration(trace: true, imports: ["friends.csv"]),
            console: RecordingConsole(),
            readSource: Fixtures.files([
                "friends.csv": "name,email\nKatherine Johnson,kj@example.org\n"
            ]),
            clock: Fixtures.clock, personStore: fake)
        let store = try StoreInjector.injectPersonStore(app)
        #expect(store is TracingPersonStore)
        #expect(try StoreInjector.injectBasePersonStore(app) as AnyObject === fake)
        let names = try await store.page(matching: "", from: .first, limit: 10).map(\.name)
        #expect(names == ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson"])
        #expect(app.recordingConsole?.errors.contains("trace: store.page(") == true)
    }

    @Test func decoratorsHandedInWrapTheBaseStoreUnderTraceAndImport() async throws {
        let console = RecordingConsole()
        let fake = Fixtures.sampleStore()
        let app = AppScope(
            configuration: Configuration(trace: true, imports: ["friends.csv"]),
            command: .list(page: 1, search: "", json: false), console: console,
            readSource: Fixtures.files(["friends.csv": "name\nKatherine Johnson\n"]),
            personStore: fake,
            storeDecorators: [
                { UnpluggablePersonStore($0, unpluggedWith: .storage("decorated"), forCalls: 1) }
            ])
        // Nothing is made until a command asks for the store.
        #expect(!app.storeCache.isFilled)
        #expect(await AppInjector.injectApplication(app).run() == .failure)
        // The trace, outside the decorator, logged its refusal.
        #expect(
            console.errors.contains(
                "trace: store.listPage(matching: \"\", from: first, size: 10) threw \"decorated\""))
        let store = try StoreInjector.injectPersonStore(app)
        #expect(try await store.count(matching: "") == 4, "the decorator let the next call through")
        #expect(
            try StoreInjector.injectBasePersonStore(app) as AnyObject === fake,
            "the base store is kept undecorated; the decorator wraps it once, above")
    }

    @Test func theSettingsDoNotNameTheConfiguredKindAboveAHandedInStore() async throws {
        let session = TestScopes.session(input: ["s", "q"])
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        let output = try #require(session.recordingConsole?.output)
        #expect(output.contains("Store      handed in"))
    }

    @Test func recordingViewsShowTheRealWiringsScreensAsModels() async throws {
        let views = RecordingViews()
        let navigator = RecordingNavigator()
        let store = Fixtures.sampleStore()
        let session = SessionScope(
            app: AppScope(
                console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
                personStore: store),
            views: views, navigator: navigator)
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        await session.work.finish()
        let list = try #require(views.lists.last?.shown)
        #expect(list.rows.map(\.title) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        await list.rows[1].select()
        let detail = try #require(views.details.last?.shown)
        #expect(detail.title == "Alan Turing")
        await detail.edit()
        let form = try #require(views.forms.last)
        await form.answer(.keep)
        await form.answer(.text("alan@example.org"))
        await form.answer(.saveKeepingTheRest)
        #expect(try await store.existingPerson(withID: 2).email == "alan@example.org")
        #expect(
            views.details.last?.shown?.fields.contains { $0.value == "alan@example.org" } == true)
    }

    @Test func aRecordingNavigatorShowsWhereTheRealWiringWent() async throws {
        let recorder = RecordingNavigator()
        let session = SessionScope(app: TestScopes.app(), navigator: recorder)
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        #expect(recorder.screens.count == 1)
        let list = try #require(recorder.top as? PersonListController)
        await recorder.type("2")
        #expect(recorder.top is PersonDetailController)
        await recorder.type("e")
        #expect(recorder.top is PersonEditController)
        await recorder.type(".")
        await recorder.type("b")
        #expect(recorder.screens.count == 1)
        #expect(recorder.top === list)
    }

    @Test func aPersonScopeBegunByTheRealProviderIsFreedWhenItsDetailCloses() async throws {
        let recorder = RecordingNavigator()
        let session = SessionScope(app: TestScopes.app(), navigator: recorder)
        weak var begun: PersonScope?
        let provider = PersonDetailInjector.injectPersonDetailControllerProvider(session) {
            let scope = try PersonDetailInjector.injectPersonScope(session, opening: $0)
            begun = scope
            return scope
        }
        do {
            recorder.push(try provider(Person.samples[0]))
            #expect(begun?.openedPerson.person == Person.samples[0])
            await recorder.type("e")
            #expect(recorder.top is PersonEditController)
            await recorder.pop()
            await recorder.pop()
        }
        #expect(recorder.screens.isEmpty)
        #expect(begun == nil, "the person scope outlived its detail screen")
    }
}

/// Validation happens before any store, and the scope's clock is the time.
@MainActor
@Suite struct ValidationAndClockTests {
    @Test func aFakeStoreNeverSeesADraftThatFailsValidation() async {
        let console = RecordingConsole()
        let app = AppScope(
            command: .add(PersonDraft(name: "   ", email: "nonsense")),
            console: console, readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: StrictPersonStore(expectsCalls: false))
        #expect(await AppInjector.injectApplication(app).run() == .usage)
        #expect(console.errors == "people: name is required\n")
    }

    @Test(arguments: [StoreKind.sqlite, .memory])
    func theScopesClockStampsEveryPersonAddedWhicheverStoreKeepsThem(_ kind: StoreKind) async throws
    {
        let path = try TemporaryFolder().path("people.sqlite")
        let app = AppScope(
            configuration: Configuration(storeKind: kind, databasePath: path),
            command: .add(PersonDraft(name: "Barbara Liskov")),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles, clock: Fixtures.clock)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        let store = try StoreInjector.injectPersonStore(app)
        let added = try #require(
            try await store.page(matching: "liskov", from: .first, limit: 1).first)
        #expect(added.added == Fixtures.now)
    }

    @Test func aHandedInStoreIsStampedWithTheScopesClockToo() async throws {
        let fake = MemoryPersonStore()
        let session = SessionScope(
            app: AppScope(
                console: RecordingConsole(input: ["a", "Barbara Liskov", ">", "q"]),
                readSource: Fixtures.readsNoFiles,
                clock: Fixtures.clock, personStore: fake))
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        #expect(
            try await fake.page(matching: "", from: .first, limit: 1).first?.added == Fixtures.now)
    }
}

extension RecordingNavigator {
    /// Types `line` into the screen on top, once it has settled, as the line
    /// front end hands a script's next line to the view of that screen.
    fileprivate func type(_ line: String) async {
        await settledTop()?.handle(line: line)
    }
}
