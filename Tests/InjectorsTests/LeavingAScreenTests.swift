import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// Leaving a screen stops its work there and then, not when the session ends.
///
/// Quitting cancels everything a session started, so a test that leaves a
/// screen and then quits cannot tell whether leaving did anything: the
/// quit would cancel the load anyway. Each test here leaves one screen
/// while its load is parked at a gate the test never opens, and checks,
/// with the session still running, that the load was cancelled and had
/// stopped by the time the screen was gone. The session's views are
/// recording views and its navigator a recording one, so nothing quits
/// unless a test says so.
@MainActor
@Suite(.timeLimit(.minutes(1)), .tags(.parksAsyncWork)) struct LeavingAScreenTests {
    /// The real wiring over `gated`, its screens read as models.
    @MainActor final class Session {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let views = RecordingViews()
        let navigator = RecordingNavigator()
        let scope: SessionScope
        /// Every person scope the list began, oldest first.
        private(set) var personScopes: [PersonScope] = []

        init() {
            scope = SessionScope(
                app: AppScope(
                    configuration: Configuration(storeKind: .memory, debug: true),
                    console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
                    clock: Fixtures.clock, personStore: gated),
                views: views, navigator: navigator)
        }

        /// Runs the session to its first page, parked; `release` lets it in.
        func start(releasingTheList release: Bool) async throws {
            let session = SessionInjector.injectInteractiveSession(scope) { [unowned self] in
                let personScope = try PersonDetailInjector.injectPersonScope(scope, opening: $0)
                personScopes.append(personScope)
                return personScope
            }
            #expect(await session.run() == .success)
            #expect(await gated.nextParkedCall() == "listPage")
            // The list follows no changes here; let that follower end, so
            // what runs from now on is the screens' loads alone.
            await scope.work.followersFinished()
            guard release else { return }
            gated.release()
            _ = await navigator.settledTop()
        }
    }

    /// In a run the list leaves only as the session ends; popped here, it
    /// shows that its own `leave()` stops its page, not the session's end.
    @Test func leavingTheListCancelsItsPageBeforeTheSessionEnds() async throws {
        let session = Session()
        try await session.start(releasingTheList: false)
        await session.navigator.pop()
        #expect(session.gated.cancelledCalls == 1, "leaving cancelled the page")
        #expect(session.scope.work.runningCount == 0, "and waited for it to stop")
        #expect(session.views.lists.last?.models.count == 1, "only loading was drawn")
        #expect(!session.navigator.didQuit)
    }

    @Test func leavingAPersonCancelsTheirReadBeforeTheSessionEnds() async throws {
        let session = Session()
        try await session.start(releasingTheList: true)
        await session.views.lists.last?.shown?.rows[0].select()
        #expect(await session.gated.nextParkedCall() == "person")
        await session.views.details.last?.shown?.back()
        #expect(session.gated.cancelledCalls == 1, "leaving cancelled the read")
        let personScope = try #require(session.personScopes.first)
        #expect(personScope.work.runningCount == 0, "and waited for it to stop")
        #expect(session.views.details.last?.models.count == 1, "only loading was drawn")
        #expect(!session.navigator.didQuit)
    }

    @Test func leavingTheSettingsCancelsTheirReadBeforeTheSessionEnds() async throws {
        let session = Session()
        try await session.start(releasingTheList: true)
        await session.views.lists.last?.shown?.openScreen(.settings)
        // The debug settings count the persons.
        #expect(await session.gated.nextParkedCall() == "count")
        await session.views.settings.last?.models.last?.back()
        // The gate counts the call as it ends: 1 here says it had stopped
        // by the time the screen was gone. (The session's work now holds
        // the list's reload, so its count would not say.)
        #expect(session.gated.cancelledCalls == 1, "leaving cancelled the count and awaited it")
        #expect(session.views.settings.last?.models.count == 1, "only loading was drawn")
        #expect(!session.navigator.didQuit)
    }
}
