import AppScope
import Features
import FullScreen
import FullScreenTestSupport
import Injectors
import PeopleTestSupport
import Testing

/// Several sessions run at once over one app scope, each drawing with views
/// of its own: the seam a front end serving many people (a terminal server,
/// a web page) plugs into.
@MainActor
@Suite(.tags(.parksAsyncWork), .timeLimit(.minutes(1))) struct SessionsInOneProcessTests {
    /// One person's terminal on a server: a window in memory, and a session
    /// drawn in it, held only by the running session itself, so the test
    /// can see what its end frees.
    @MainActor final class Seat {
        let window = MemoryWindow()
        weak var session: SessionScope?
        weak var views: (any ViewFactory)?
        weak var navigator: (any Navigator)?
        /// The person scopes the session began, watched, oldest first.
        var personScopes: [() -> PersonScope?] = []
        private var task: Task<ExitCode, Never>?

        /// Begins a session in `app` on this seat's window, as a server
        /// does for each person who connects, and runs it until it ends.
        func start(in app: AppScope) {
            let scope = app.begin(
                SessionScope(
                    app: app,
                    views: FullScreenViews(
                        terminal: window, writer: FrameWriter(depth: .noColor, theme: .standard),
                        book: "team")))
            let interactive = SessionInjector.injectInteractiveSession(scope) { [weak self] in
                let personScope = try PersonDetailInjector.injectPersonScope(scope, opening: $0)
                weak let watched = personScope
                self?.personScopes.append { watched }
                return personScope
            }
            session = scope
            views = AppInjector.injectViewFactory(scope)
            navigator = SessionInjector.injectNavigator(scope)
            task = Task { await interactive.run() }
        }

        /// The person scopes begun and not yet freed.
        var personScopesAlive: Int { personScopes.filter { $0() != nil }.count }

        /// Ends the input, as a person who hangs up does, and returns once
        /// the session is over.
        func hangUp() async -> ExitCode? {
            window.events.post(.endOfInput)
            let status = await task?.value
            task = nil
            return status
        }
    }

    @Test func twoSessionsShareTheStoreAndEndingOneFreesOnlyItsOwn() async throws {
        let app = AppScope(
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: Fixtures.sampleStore())
        let (ada, grace) = (Seat(), Seat())
        ada.start(in: app)
        grace.start(in: app)
        await ada.window.frame(showing: "Name     Ada Lovelace")
        await grace.window.frame(showing: "Name     Ada Lovelace")
        // Each moves on its own: Grace's highlight leaves Ada's where it was.
        grace.window.press(.down)
        await grace.window.frame(showing: "Name     Alan Turing")
        #expect(ada.window.frames.last?.contains { $0.contains("Name     Ada Lovelace") } == true)
        #expect(ada.views !== grace.views)
        #expect(ada.navigator !== grace.navigator)
        #expect(ada.personScopesAlive == 1 && grace.personScopesAlive == 1)

        #expect(await ada.hangUp() == .success)
        #expect(ada.window.isGivenBack && !grace.window.isGivenBack)
        #expect(ada.session == nil && ada.views == nil && ada.navigator == nil)
        #expect(ada.personScopesAlive == 0)
        #expect(grace.session != nil && grace.views != nil && grace.navigator != nil)
        #expect(grace.personScopesAlive == 1)
        // The store is the app's: the session still running reads on.
        grace.window.press(.down)
        await grace.window.frame(showing: "Name     Grace Hopper")
        #expect(await grace.hangUp() == .success)
        #expect(grace.session == nil && grace.personScopesAlive == 0)
        #expect(app.storeCache.isFilled, "the app's store outlives both sessions")
    }
}
