import AppScope
import Features
import PeopleTestSupport
import Testing

@Suite struct AppScopeTests {
    @Test func aScopeBuiltByHandHoldsTheFakesItWasGiven() async throws {
        let store = Fixtures.sampleStore()
        let console = RecordingConsole()
        let scope = AppScope(
            console: console, readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: store)
        #expect(scope.console as? RecordingConsole === console)
        #expect(scope.baseStoreCache.isFilled)
        #expect(!scope.storeCache.isFilled, "trace and import may still wrap the store")
        #expect(
            scope.baseStoreCache.value { MemoryPersonStore() } as? MemoryPersonStore === store)
        #expect(scope.clock() == Fixtures.now)
        #expect(scope.command == .interactive)
    }

    @Test func aScopeWithoutAStoreMakesItLater() async {
        let scope = AppScope(console: RecordingConsole(), readSource: Fixtures.readsNoFiles)
        #expect(!scope.storeCache.isFilled)
    }

    @MainActor
    @Test func scopesNestAppSessionPersonAndNameThemselvesForTheTrace() async {
        let app = AppScope(console: RecordingConsole(), readSource: Fixtures.readsNoFiles)
        let session = SessionScope(app: app)
        let opened = OpenedPerson(person: Person.samples[2], store: MemoryPersonStore())
        let scope = PersonScope(session: session, opening: opened)
        #expect(scope.session === session)
        #expect(session.app === app)
        #expect(scope.openedPerson === opened)
        #expect(!session.navigatorCache.isFilled)
        #expect([app.label, session.label, scope.label] == ["app", "session", "person #3"])
        #expect(scope.wiring === app.wiring)
    }

    /// The obvious call compiles in async code, where it was ambiguous: a
    /// closure that does not await is kept by the synchronous `keep`, with
    /// no `await`, and one that awaits by the async `keep`.
    @Test func keepIsCalledTheSameWayInAsyncCode() async throws {
        let scope = AppScope(
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            wiring: WiringTrace(printer: nil, keepsSteps: true))
        let answers = ScopeCache<Int>(named: "answer")
        #expect(scope.keep(answers) { 42 } == 42)
        let later = try await scope.keep(answers) {
            await Task.yield()
            return 0
        }
        #expect(later == 42)
        let awaited = ScopeCache<Int>(named: "awaited")
        #expect(
            try await scope.keep(awaited) {
                await Task.yield()
                return 7
            } == 7)
        #expect(
            scope.wiring.lines == [
                "answer · kept · app", "answer · reused · app", "awaited · kept · app",
            ])
    }
}
