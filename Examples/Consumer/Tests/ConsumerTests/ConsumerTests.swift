import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// Tests a team would write against the people package from their own
/// package: each builds a scope in one expression, hands it fakes, and
/// drives the real wiring.
@MainActor
@Suite struct ConsumerTests {
    @Test func aWholeAppWiredForRealWithFakesAtItsEdges() async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        let scope = AppScope(
            console: RecordingConsole(input: ["2", "e", "", "alan@example.org", ">", "b", "q"]),
            readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock,
            personStore: store)
        #expect(await AppInjector.injectApplication(scope).run() == .success)
        #expect(try await store.existingPerson(withID: 2).email == "alan@example.org")
    }

    @Test func navigationIsReadAsScreensNotText() async throws {
        let views = RecordingViews()
        let navigator = RecordingNavigator()
        let session = SessionScope(
            app: AppScope(
                console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
                personStore: Fixtures.sampleStore()),
            views: views, navigator: navigator)
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        #expect(await navigator.settledTop() is PersonListController)
        // Recording views take no keys: ask for what a key would, through the models.
        let list = try #require(views.lists.last?.shown)
        await list.rows[2].select()
        #expect(await navigator.settledTop() is PersonDetailController)
        await views.details.last?.shown?.delete()
        let question = try #require(views.details.last?.shown?.confirmation)
        await question.confirm()
        #expect(navigator.screens.count == 1)
        #expect(navigator.top is PersonListController)
    }

    @Test func aStoreThatMustNotBeTouchedSaysSoLoudly() async {
        let scope = AppScope(
            command: .version,
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            personStore: StrictPersonStore(expectsCalls: false))
        #expect(await AppInjector.injectApplication(scope).run() == .success)
    }

    @Test func undoGivesBackTheDeleteOfThisSessionOnly() async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        let scope = AppScope(
            console: RecordingConsole(input: ["1", "d", "y", "u", "q"]),
            readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock, personStore: store)
        #expect(await AppInjector.injectApplication(scope).run() == .success)
        #expect(try await store.person(withID: 1) == Person.samples[0])
    }

    @Test func aDecoratorFromThisPackageWrapsTheStoreEveryCommandUses() async {
        let console = RecordingConsole()
        let scope = AppScope(
            command: .list(page: 1, search: "", json: false), console: console,
            readSource: Fixtures.readsNoFiles, personStore: Fixtures.sampleStore(),
            storeDecorators: [
                { UnpluggablePersonStore($0, unpluggedWith: .storage("offline"), forCalls: 1) }
            ])
        #expect(await AppInjector.injectApplication(scope).run() == .failure)
        #expect(console.errors == "people: offline\n")
    }

    @Test func aProviderTypeOfThisPackageIsTracedByItsOwnName() async throws {
        let scope = AppScope(
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            wiring: WiringTrace(printer: nil, keepsSteps: true))
        let provider: GreetingProvider = scope.provider { Greeting(text: "hello") }
        #expect(try provider().text == "hello")
        #expect(
            scope.wiring.lines == [
                "GreetingProvider · provider · app", "GreetingProvider · called · app",
            ])
    }
}

/// A value of this package, made by a provider the people package never heard of.
struct Greeting {
    let text: String
}

/// Makes greetings on demand; the trace names it after what it makes.
typealias GreetingProvider = @MainActor () throws -> Greeting
