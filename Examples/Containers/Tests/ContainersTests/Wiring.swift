import AppScope
import Dependencies
import DependenciesWiring
import Features
import Foundation
import Injectors
import PeopleTestSupport
import SwinjectWiring

/// The same app wired three ways — by hand (the people package's real
/// injectors), with Swinject, with swift-dependencies — as one test
/// argument, so one scenario runs through each.
///
/// Each builds a session from the same inputs: a plain configuration, a
/// recording console, the fixed clock, no files to import, the store
/// given and the views given, unless a test gives others.
enum Wiring: String, CaseIterable, Sendable {
    case hand, swinject, dependencies

    /// A new interactive session, wired this way, over `store`, drawn by `views`.
    @MainActor func session(
        store: any PersonStore, views: any ViewFactory,
        configuration: Configuration = Configuration(storeKind: .memory),
        console: any Console = RecordingConsole(),
        readSource: @escaping @Sendable (String) async throws -> Data = Fixtures.readsNoFiles,
        seen: PersonScopesSeen = PersonScopesSeen()
    ) -> InteractiveSession {
        switch self {
        case .hand:
            let session = SessionScope(
                app: AppScope(
                    configuration: configuration, console: console, readSource: readSource,
                    clock: Fixtures.clock, personStore: store),
                views: views)
            return SessionInjector.injectInteractiveSession(session) { person in
                let scope = try PersonDetailInjector.injectPersonScope(session, opening: person)
                seen.saw(scope)
                return scope
            }
        case .swinject:
            return PeopleContainer.interactiveSession(
                in: PeopleContainer.app([
                    AppAssembly(
                        configuration: configuration, console: console, clock: Fixtures.clock,
                        readSource: readSource, baseStore: store, views: views)
                ]),
                personScopeBegun: seen.saw)
        case .dependencies:
            return withDependencies {
                $0.date = .constant(Fixtures.now)
            } operation: {
                PeopleDependencies.interactiveSession(
                    configuration: configuration, console: console,
                    readSource: readSource, baseStore: store, views: views,
                    personScopeBegun: seen.saw)
            }
        }
    }
}

/// Recording views that hand every session one recording navigator, which
/// the test reads.
///
/// `RecordingViews` makes a new navigator each time it is asked; a test
/// driving a session through any of the three wirings needs the one that
/// session got, without asking the wiring for it.
@MainActor
final class NavigatedViews: ViewFactory {
    let recorded = RecordingViews()
    let navigator = RecordingNavigator()

    func makePersonListView() -> any PersonListView { recorded.makePersonListView() }
    func makePersonDetailView() -> any PersonDetailView { recorded.makePersonDetailView() }
    func makePersonEditView() -> any PersonEditView { recorded.makePersonEditView() }
    func makeSettingsView() -> any SettingsView { recorded.makeSettingsView() }
    func makeNavigator() -> any Navigator { navigator }
}

/// The person scopes a session began — a `PersonScope`, a Swinject
/// container, a swift-dependencies `PersonScreens` — held weakly, so that
/// a test sees whether closing a detail freed its scope.
@MainActor
final class PersonScopesSeen {
    /// One scope, held weakly.
    private struct Seen {
        weak var scope: AnyObject?
    }

    private var seen: [Seen] = []

    /// How many scopes were begun.
    var begun: Int { seen.count }
    /// How many of them are still alive.
    var alive: Int { seen.count { $0.scope != nil } }

    /// Notes a scope as it begins.
    func saw(_ scope: AnyObject) {
        seen.append(Seen(scope: scope))
    }
}
