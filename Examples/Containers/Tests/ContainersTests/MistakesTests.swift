// swift-format-ignore-file: NeverForceUnwrap
// The Swinject probes resolve with `!`, as its documentation does: a
// missing registration is a crash at that line, which is what they show.

import AppScope
import Dependencies
import DependenciesWiring
import Features
import Injectors
import PeopleTestSupport
import Swinject
import SwinjectWiring
import Testing

/// The wiring mistakes of the table in "From a container to plain Swift"
/// that a container catches at run time — at the first resolve — or lets
/// go unnoticed, each shown. (swift-dependencies' fake left in production
/// is shown by `FakeStoreTests`: a value set at the entry point wins,
/// whatever it is.)
///
/// The cells the compiler catches are not here: a program with the
/// mistake does not build, and `Scripts/check-mistakes` shows that, one
/// probe at a time. Crashes are shown by exit tests, which run the body in
/// a process of its own.
@MainActor
@Suite struct MistakesTests {
    // MARK: A forgotten registration

    @Test func swinjectCrashesAtTheFirstResolveOfAForgottenRegistration() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                // The app's assembly forgotten: the session's first
                // resolve needs its console.
                _ = PeopleContainer.interactiveSession(in: PeopleContainer.app([]))
            }
        }
        #expect(
            result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
                .contains("Unexpectedly found nil while unwrapping an Optional value") == true)
    }

    @Test func swiftDependenciesRunsOnTheTestValueOfAForgottenKey() async {
        // In a test, silently: the store never set is the empty test value.
        let views = NavigatedViews()
        let session = withDependencies {
            $0.viewFactory = views
        } operation: {
            SessionScreens().interactiveSession()
        }
        #expect(await session.run() == .success)
        _ = await views.navigator.settledTop()
        #expect(views.recorded.lists.last?.shown?.rows.isEmpty == true)
    }

    @Test func swiftDependenciesReportsAForgottenKeyInALiveDebugRunAndRunsOn() async {
        // In a live run of a debug build, an issue is reported as the key
        // is first read, and the app goes on with the test value; a release
        // build reports nothing.
        let views = NavigatedViews()
        await withKnownIssue {
            let session = withDependencies {
                $0.context = .live
                $0.viewFactory = views
                $0.console = RecordingConsole()
                $0.peopleConfiguration = Configuration(storeKind: .memory)
            } operation: {
                SessionScreens().interactiveSession()
            }
            #expect(await session.run() == .success)
        } matching: { issue in
            issue.description.contains("has no live implementation")
        }
        _ = await views.navigator.settledTop()
        #expect(views.recorded.lists.last?.shown?.rows.isEmpty == true)
    }

    // MARK: A captive dependency

    @Test func swinjectLetsAnAppLivedObjectKeepTheFirstPersonsWork() async {
        let app = PeopleContainer.app([
            SwinjectApp.assembly(store: Fixtures.sampleStore()), AppLivedDownloadsAssembly(),
        ])
        let session = Container(parent: app)
        SessionAssembly().assemble(container: session)
        weak var personWork: ScopedWork?
        do {
            let person = Container(parent: session)
            PersonAssembly().assemble(container: person)
            // Resolved first through a person's container, the app-lived
            // object is made there, with that person's work.
            personWork = person.resolve(Downloads.self)!.work
            #expect(personWork === person.resolve(ScopedWork.self)!)
        }
        #expect(personWork != nil, "the person's work outlived the person, held by the app")
        #expect(session.resolve(Downloads.self)!.work === personWork)
    }

    @Test func swiftDependenciesKeepsWhatWasInEffectWhenALiveValueWasFirstRead() async {
        let first = Fixtures.sampleStore()
        let second = MemoryPersonStore()
        let (firstBook, secondBook) = withDependencies {
            $0.context = .live
        } operation: {
            let firstBook = withDependencies {
                $0.personStore = first
            } operation: {
                readBook()
            }
            let secondBook = withDependencies {
                $0.personStore = second
            } operation: {
                readBook()
            }
            return (firstBook, secondBook)
        }
        // The live value is made once, from the store of the scope that
        // first read it (in this process), and every later scope gets that
        // store, not its own.
        #expect(secondBook === firstBook)
        #expect(secondBook.store as? MemoryPersonStore !== second)
    }

    // MARK: A missing runtime argument

    @Test func swinjectFindsNothingWhenTheArgumentIsMissing() async {
        let app = PeopleContainer.app([SwinjectApp.assembly(store: Fixtures.sampleStore())])
        let session = Container(parent: app)
        SessionAssembly().assemble(container: session)
        let person = Container(parent: session)
        PersonAssembly().assemble(container: person)
        // The registration takes a person: asked without one, it is not
        // found, and the documented `!` would crash here.
        #expect(person.resolve(PersonDetailController.self) == nil)
        #expect(person.resolve(PersonDetailController.self, argument: Person.samples[0]) != nil)
    }

    // MARK: A cycle

    @Test func byHandACycleOfInjectorsOverflowsTheStackAtTheFirstCall() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = CyclicInjector.injectPersonStore(0) }
        }
    }

    @Test func swinjectStopsACycleAtTheFirstResolve() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let container = Container()
                container.register((any PersonStore).self) { r in
                    TracingPersonStore(wrapping: r.resolve((any PersonStore).self)!, log: { _ in })
                }
                _ = container.resolve((any PersonStore).self)
            }
        }
        #expect(
            result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
                .contains("Infinite recursive call for circular dependency") == true)
    }

    @Test func swiftDependenciesOverflowsTheStackOnACycleOfLiveValues() async {
        await #expect(processExitsWith: .failure) {
            withDependencies {
                $0.context = .live
            } operation: {
                @Dependency(CyclicStoreKey.self) var store
                _ = store
            }
        }
    }

    // MARK: A fake left in production

    @Test func swinjectUsesAFakeLeftInTheAssemblerSilently() async {
        let real = RecordingPersonStore(Fixtures.sampleStore())
        let fake = MemoryPersonStore()
        let app = PeopleContainer.app([
            SwinjectApp.assembly(store: real), FakeStoreAssembly(store: fake),
        ])
        #expect(app.resolve((any PersonStore).self)! as? MemoryPersonStore === fake)
        #expect(real.calls.isEmpty)
    }
}

/// The app's assembly over `store`, with the fakes of these tests at its edges.
@MainActor
enum SwinjectApp {
    static func assembly(store: any PersonStore) -> AppAssembly {
        AppAssembly(
            configuration: Configuration(storeKind: .memory), console: RecordingConsole(),
            clock: Fixtures.clock, readSource: Fixtures.readsNoFiles, baseStore: store,
            views: RecordingViews())
    }
}

/// An app-lived object that starts work: the downloads of `--import`, say.
///
/// Registered in the app's container with the `.container` scope, and
/// given the work it finds where it is first resolved: the captive
/// dependency the mistakes table means.
final class Downloads {
    let work: ScopedWork

    init(work: ScopedWork) {
        self.work = work
    }
}

/// Registers ``Downloads`` for the app's life.
@MainActor
struct AppLivedDownloadsAssembly: @MainActor Assembly {
    func assemble(container: Container) {
        container.register(Downloads.self) { r in Downloads(work: r.resolve(ScopedWork.self)!) }
            .inObjectScope(.container)
    }
}

/// A book read through the store in effect when it was made: a live value
/// that reads another dependency, as the library allows.
final class Book: Sendable {
    let store: any PersonStore

    init(store: any PersonStore) {
        self.store = store
    }
}

/// The key of the book; its live value reads the store in effect.
enum BookKey: DependencyKey {
    static var liveValue: Book {
        @Dependency(\.personStore) var store
        return Book(store: store)
    }
}

/// Reads the book in effect now.
func readBook() -> Book {
    @Dependency(BookKey.self) var book
    return book
}

/// Two injectors that each need the other: a decorator wired around itself.
@MainActor
enum CyclicInjector {
    static func injectPersonStore(_ depth: Int) -> any PersonStore {
        TracingPersonStore(wrapping: injectTracedStore(depth + 1), log: { _ in })
    }

    static func injectTracedStore(_ depth: Int) -> any PersonStore {
        injectPersonStore(depth + 1)
    }
}

/// A store key whose live value wraps the store of the same key.
enum CyclicStoreKey: DependencyKey {
    static var liveValue: any PersonStore {
        @Dependency(CyclicStoreKey.self) var store
        return TracingPersonStore(wrapping: store, log: { _ in })
    }
}
