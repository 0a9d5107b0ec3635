import AppScope
import Dependencies
import DependenciesWiring
import Features
import Injectors
import PeopleTestSupport
import Swinject
import SwinjectWiring
import Testing

/// Each wiring's tests put a fake store in the way its documentation teaches.
///
/// A scope built with the fake by hand, a test
/// assembly registered after the app's in Swinject, `withDependencies` in
/// swift-dependencies. The fake records every call, so each test shows
/// the list read its page from the fake and from nothing else.
@MainActor
@Suite struct FakeStoreTests {
    @Test func byHandTheScopeIsBuiltWithTheFake() async {
        let fake = RecordingPersonStore(Fixtures.sampleStore())
        let session = SessionScope(
            app: AppScope(
                console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
                personStore: fake),
            views: RecordingViews())
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        await session.work.finish()
        #expect(fake.calls.contains { $0.hasPrefix("listPage") })
    }

    @Test func swinjectRegistersTheFakeInATestAssembly() async {
        let fake = RecordingPersonStore(Fixtures.sampleStore())
        let views = NavigatedViews()
        let app = PeopleContainer.app([
            AppAssembly(
                configuration: Configuration(storeKind: .memory), console: RecordingConsole(),
                clock: Fixtures.clock, readSource: Fixtures.readsNoFiles,
                baseStore: StrictPersonStore(expectsCalls: false), views: views),
            FakeStoreAssembly(store: fake),
        ])
        #expect(await PeopleContainer.interactiveSession(in: app).run() == .success)
        _ = await views.navigator.settledTop()
        #expect(fake.calls.contains { $0.hasPrefix("listPage") })
    }

    @Test func swiftDependenciesOverridesTheStoreWithDependencies() async {
        let fake = RecordingPersonStore(Fixtures.sampleStore())
        let views = NavigatedViews()
        let session = withDependencies {
            $0.personStore = fake
            $0.viewFactory = views
        } operation: {
            SessionScreens().interactiveSession()
        }
        #expect(await session.run() == .success)
        _ = await views.navigator.settledTop()
        #expect(fake.calls.contains { $0.hasPrefix("listPage") })
    }

}

/// A test's registrations, assembled after the app's: the last
/// registration of a type wins, so the store resolved is the fake.
///
/// The way Swinject's "Assembler" documentation swaps in mock
/// implementations; a fake registered so is also what the mistakes table
/// calls a fake left in production, when it is left in the list.
@MainActor
struct FakeStoreAssembly: @MainActor Assembly {
    let store: any PersonStore

    func assemble(container: Container) {
        container.register((any PersonStore).self) { _ in store }.inObjectScope(.container)
    }
}
