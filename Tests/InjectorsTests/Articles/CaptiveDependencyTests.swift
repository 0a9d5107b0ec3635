import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

// The "Captive dependency" article quotes this file: a mistake the scopes
// still let through, kept here so the article can show what it does, and
// the check that finds it in the wiring trace.

/// Writes the person on screen as one line to share: meant as an app-wide
/// service, made once per run.
///
/// It is the mistake the article is about. It holds an ``OpenedPerson``,
/// which lives in one person's scope, while the app scope keeps the sharer;
/// so it goes on sharing the first person opened, and keeps them in memory,
/// after their screen has closed.
@MainActor
final class PersonSharer {
    private let opened: OpenedPerson

    /// Holds the person it will share, for as long as it lives.
    init(opened: OpenedPerson) {
        self.opened = opened
    }

    /// The person's name and email, as another app would be handed them.
    var text: String {
        "\(opened.person.name) <\(opened.person.email ?? "no email")>"
    }
}

/// The one way left to write a captive dependency here: an injector of the
/// person scope that fills a cache of the app scope.
///
/// It compiles, because a person scope reaches its app scope through
/// `session.app`. An injector that takes an ``AppScope`` could not have
/// written it: it cannot name a person scope or its opened person.
@MainActor
enum CaptiveSharerInjector {
    /// The app's one sharer, made from whichever person was opened first.
    ///
    /// `cache` stands for one the app scope would hold; the test holds it,
    /// since the package's ``AppScope`` has no such slot.
    static func injectPersonSharer(_ scope: PersonScope, keptIn cache: ScopeCache<PersonSharer>)
        -> PersonSharer
    {
        scope.session.app.keep(cache) {
            PersonSharer(opened: PersonDetailInjector.injectOpenedPerson(scope))
        }
    }
}

/// Finds captive dependencies in a wiring trace: objects a scope keeps that
/// were built from something of a scope that ends sooner.
///
/// The trace already says which scope keeps each object, and indents what
/// an object was built from beneath it; this only reads that tree. Run over
/// the steps a test kept, it turns "look at the trace" into an assertion.
enum CaptiveCheck {
    /// The kinds of scope, longest-lived first: the app outlives every
    /// session, a session every person opened in it.
    private static let lifetimes = ["app", "session", "person"]

    /// How soon a step's scope ends, 0 for the app's; a scope of a kind not
    /// listed counts as the shortest, so a new kind is checked, not skipped.
    private static func shortness(_ step: WiringStep) -> Int {
        lifetimes.firstIndex(of: step.scopeKind) ?? lifetimes.count
    }

    /// A step as the check names it: `OpenedPerson (person #1)`.
    private static func describe(_ step: WiringStep) -> String {
        "\(step.name) (\(step.scope))"
    }

    /// One line per kept object and each shorter-lived thing it was built
    /// from: `PersonSharer (app) is built from OpenedPerson (person #1)`.
    ///
    /// A kept object is a `kept` step; what it was built from is every step
    /// beneath it, up to the next step as shallow as it.
    static func captives(in steps: [WiringStep]) -> [String] {
        steps.indices.filter { steps[$0].event == .kept }.flatMap { kept in
            steps[(kept + 1)...]
                .prefix { $0.depth > steps[kept].depth }
                .filter { shortness($0) > shortness(steps[kept]) }
                .map { "\(describe(steps[kept])) is built from \(describe($0))" }
        }
    }
}

/// What a captive dependency does to the app, how the trace shows it, and
/// that the real wiring has none.
@MainActor
@Suite struct CaptiveDependencyTests {
    /// The symptom a user would see: the wrong person shared.
    @Test func anAppWideSharerMadeFromAnOpenedPersonGoesOnSharingThem() async throws {
        let session = TestScopes.session()
        let cache = ScopeCache<PersonSharer>()
        let ada = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        _ = CaptiveSharerInjector.injectPersonSharer(ada, keptIn: cache)
        let alan = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[1])
        let sharer = CaptiveSharerInjector.injectPersonSharer(alan, keptIn: cache)
        #expect(sharer.text.hasPrefix("Ada Lovelace <"), "Alan is on screen; Ada is shared")
    }

    /// The symptom nobody sees until memory grows: a value outliving its scope.
    @Test func theOpenedPersonOutlivesItsScopeOnceAnAppCacheHoldsIt() async throws {
        let session = TestScopes.session()
        let cache = ScopeCache<PersonSharer>()
        weak var scope: PersonScope?
        weak var opened: OpenedPerson?
        do {
            let ada = try PersonDetailInjector.injectPersonScope(
                session, opening: Person.samples[0])
            scope = ada
            opened = ada.openedPerson
            _ = CaptiveSharerInjector.injectPersonSharer(ada, keptIn: cache)
        }
        #expect(scope == nil, "the person scope itself has ended")
        #expect(opened != nil, "what it was begun with lives on in the app's cache")
        #expect(cache.isFilled)
    }

    /// The trace the article shows, and the check reading it.
    @Test func theTraceShowsAnAppObjectBuiltFromAPersonsValue() async throws {
        let app = TestScopes.tracedApp()
        let session = SessionScope(app: app)
        let cache = ScopeCache<PersonSharer>()
        let ada = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        _ = CaptiveSharerInjector.injectPersonSharer(ada, keptIn: cache)
        let alan = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[1])
        _ = CaptiveSharerInjector.injectPersonSharer(alan, keptIn: cache)
        #expect(
            app.recordingConsole?.errors == """
                wiring: PersonScope · begins · person #1
                wiring: OpenedPerson · kept · person #1
                wiring:   PersonStore · kept · app
                wiring:     PersonStore (base) · reused · app
                wiring: PersonSharer · kept · app
                wiring:   OpenedPerson · reused · person #1
                wiring: PersonScope · begins · person #2
                wiring: OpenedPerson · kept · person #2
                wiring:   PersonStore · reused · app
                wiring: PersonSharer · reused · app

                """)
        #expect(
            CaptiveCheck.captives(in: app.wiring.steps) == [
                "PersonSharer (app) is built from OpenedPerson (person #1)"
            ])
    }

    /// A provider captures the scope it was made in, so one of a shorter
    /// scope beneath a kept object is a captive too.
    @Test func aShorterScopesProviderBeneathAKeptObjectIsReported() async {
        let steps = [
            WiringStep(depth: 0, name: "PersonSharer", event: .kept, scope: "app"),
            WiringStep(
                depth: 1, name: "PersonEditControllerProvider", event: .provider,
                scope: "person #1"),
            WiringStep(depth: 0, name: "LastChange", event: .kept, scope: "session"),
        ]
        #expect(
            CaptiveCheck.captives(in: steps) == [
                "PersonSharer (app) is built from PersonEditControllerProvider (person #1)"
            ])
    }

    /// The check over every screen and provider of a real session, so a
    /// captive added to the injectors fails here.
    @Test func theRealInjectorsBuildNoCaptiveInAWholeSession() async throws {
        let steps = try await ObjectGraphInjector.injectWiringTourProvider(TestScopes.app())().steps
        #expect(steps.contains { $0.scopeKind == "person" }, "the tour opened a person")
        #expect(CaptiveCheck.captives(in: steps).isEmpty)
    }

    /// The remedy: a session-lived provider that begins a person scope per
    /// call and holds none of them.
    @Test func theListsProviderBeginsAScopePerPersonAndKeepsNone() async throws {
        let navigator = RecordingNavigator()
        let session = SessionScope(app: TestScopes.app(), navigator: navigator)
        weak var begun: PersonScope?
        let open = PersonDetailInjector.injectPersonDetailControllerProvider(session) { person in
            let scope = try PersonDetailInjector.injectPersonScope(session, opening: person)
            begun = scope
            return scope
        }
        navigator.push(try open(Person.samples[0]))
        #expect(begun?.label == "person #1")
        await navigator.pop()
        #expect(begun == nil, "Ada's scope ended with her detail screen")
        navigator.push(try open(Person.samples[1]))
        #expect(begun?.label == "person #2")
        await navigator.pop()
        #expect(begun == nil, "and Alan's with his; the provider kept neither")
    }
}
