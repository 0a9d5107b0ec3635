import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

// The "Lazy vs Provider" article quotes these tests: how a test tells an
// object made once and kept from one made on every call, with the real
// injectors and hand-made scopes.

/// How a test tells an object made once and kept from one made per call.
@MainActor
@Suite struct LazyVersusProviderTests {
    /// Lazy: nothing before the first ask, the same instance after it.
    @Test func theAppsStoreIsMadeOnFirstAskAndHandedOutAgainAfter() async throws {
        let app = TestScopes.app()
        #expect(!app.storeCache.isFilled, "beginning the scope made no store")
        let first = try StoreInjector.injectPersonStore(app)
        #expect(app.storeCache.isFilled)
        #expect(try StoreInjector.injectPersonStore(app) as AnyObject === first as AnyObject)
    }

    /// Kept by a scope means one per scope: two sessions, two stacks.
    @Test func theNavigatorIsMadeOncePerSessionAndNeverShared() async {
        let app = TestScopes.app()
        let session = SessionScope(app: app)
        let navigator = SessionInjector.injectNavigator(session)
        #expect(SessionInjector.injectNavigator(session) === navigator)
        #expect(SessionInjector.injectNavigator(SessionScope(app: app)) !== navigator)
    }

    /// Provider: two calls, two forms.
    @Test func eachCallOfTheEditProviderMakesANewForm() async throws {
        let session = TestScopes.session()
        let scope = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        let editProvider = PersonEditInjector.injectPersonEditControllerProvider(editing: scope)
        let first = try editProvider()
        let second = try editProvider()
        #expect(first !== second)
    }

    /// `make`: a screen per ask, while what it is made of stays the scope's.
    @Test func eachNewDetailScreenIsMadeForItsAskerAlone() async throws {
        let session = TestScopes.session()
        let scope = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        let first = PersonDetailInjector.injectPersonDetailController(scope)
        #expect(PersonDetailInjector.injectPersonDetailController(scope) !== first)
        #expect(PersonDetailInjector.injectOpenedPerson(scope) === scope.openedPerson)
    }

    /// The two composed: a provider whose body asks a cache.
    @Test func aProviderOfTheStoreDefersItButDoesNotMakeItTwice() async throws {
        let app = TestScopes.tracedApp()
        let storeProvider = StoreInjector.injectPersonStoreProvider(app)
        #expect(!app.storeCache.isFilled, "making the provider opened nothing")
        let first = try storeProvider()
        #expect(try storeProvider() as AnyObject === first as AnyObject)
        #expect(
            app.recordingConsole?.errors == """
                wiring: PersonStoreProvider · provider · app
                wiring: PersonStoreProvider · called · app
                wiring:   PersonStore · kept · app
                wiring:     PersonStore (base) · reused · app
                wiring: PersonStoreProvider · called · app
                wiring:   PersonStore · reused · app

                """)
    }

    /// What a provider costs in memory: everything it captured.
    @Test func aProviderKeepsTheScopeItCapturedUntilItIsLetGo() async throws {
        let session = TestScopes.session()
        weak var captured: PersonScope?
        var editProvider: PersonEditControllerProvider?
        do {
            let scope = try PersonDetailInjector.injectPersonScope(
                session, opening: Person.samples[0])
            captured = scope
            editProvider = PersonEditInjector.injectPersonEditControllerProvider(editing: scope)
        }
        #expect(editProvider != nil)
        #expect(captured != nil, "the provider holds the person scope it was made in")
        editProvider = nil
        #expect(captured == nil, "and nothing else did")
    }
}
