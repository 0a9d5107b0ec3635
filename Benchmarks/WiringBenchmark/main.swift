// Shows that seeing the wiring costs nothing when it is off.
//
// Every injector method reports what it builds to the scope's WiringTrace.
// This times building a person's detail screen, in one run:
//
//   untraced      the injectors' wiring written out by hand — the same
//                 person scope, the same scope caches, the same objects —
//                 but with no trace calls: the baseline;
//   injected      through PersonDetailInjector, trace off (a normal run);
//   traced        through PersonDetailInjector with --trace, into a sink
//                 that discards the lines (for contrast, not judged);
//   bare          the objects alone, no scope and no caches (for contrast:
//                 what the scope's bookkeeping costs, not judged).
//
//   swift run -c release wiring-benchmark
//
// Exits 1 when "injected" costs more than 1.25× "untraced".

import AppScope
import Features
import Foundation
import Injectors

/// A console that forgets everything: the benchmark measures building, not printing.
struct SilentConsole: Console {
    func writeLine(_ text: String, as role: TextRole) {}
    func writeErrorLine(_ text: String) {}
    func readLine(prompt: String) -> String? { nil }
    var outputProblem: OutputProblem? { nil }
}

/// The median time of one call of each body, over `rounds` rounds of 1,000
/// calls each.
///
/// The bodies take turns round by round, so a change in the machine's speed
/// during the run (another process, the clock rate) falls on all of them
/// alike instead of on whichever ran at that moment.
@MainActor
func interleavedMedians(rounds: Int, _ bodies: [() throws -> Void]) throws -> [Duration] {
    var samples = Array(repeating: [Duration](), count: bodies.count)
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            let start = ContinuousClock.now
            for _ in 0..<1_000 { try body() }
            samples[index].append(ContinuousClock.now - start)
        }
    }
    return samples.map { $0.sorted()[rounds / 2] / 1_000 }
}

@MainActor
func scope(trace: Bool) -> SessionScope {
    SessionScope(
        app: AppScope(
            invocation: Invocation(configuration: Configuration(storeKind: .memory, trace: trace)),
            console: SilentConsole(), personStore: MemoryPersonStore(persons: Person.samples)))
}

@MainActor
func run() throws -> Bool {
    let plain = scope(trace: false)
    let traced = scope(trace: true)
    let store = try StoreInjector.injectPersonStore(plain.app)
    let navigator = SessionInjector.injectNavigator(plain)
    let deletions = SessionInjector.injectLastDeletion(plain)
    let person = Person.samples[0]

    let bareBody: () throws -> Void = {
        _ = PersonDetailController(
            person: OpenedPerson(person: person, store: store),
            view: TerminalPersonDetailView(console: plain.app.console),
            navigator: navigator,
            deletions: deletions,
            editProvider: {
                PersonEditController(
                    addingTo: store, clock: plain.app.clock,
                    view: TerminalPersonEditView(console: plain.app.console),
                    navigator: navigator)
            })
    }
    let untracedBody: () throws -> Void = {
        let personScope = PersonScope(session: plain, person: person)
        _ = PersonDetailController(
            person: personScope.openedPersonCache.value {
                OpenedPerson(
                    person: personScope.person, store: plain.app.storeCache.value { store })
            },
            view: TerminalPersonDetailView(console: plain.app.console),
            navigator: plain.navigatorCache.value { TerminalNavigator(console: plain.app.console) },
            deletions: plain.lastDeletionCache.value { LastDeletion() },
            editProvider: {
                try PersonEditInjector.injectPersonEditController(editing: personScope)
            })
    }
    let injectedBody: () throws -> Void = {
        _ = try PersonDetailInjector.injectPersonDetailController(
            PersonScope(session: plain, person: person))
    }
    let tracingBody: () throws -> Void = {
        _ = try PersonDetailInjector.injectPersonDetailController(
            PersonScope(session: traced, person: person))
    }

    let medians = try interleavedMedians(
        rounds: 101, [bareBody, untracedBody, injectedBody, tracingBody])
    let (bare, untraced, injected, tracing) = (medians[0], medians[1], medians[2], medians[3])
    let ratio = injected / untraced
    let format: Duration.UnitsFormatStyle = .units(allowed: [.nanoseconds], fractionalPart: .hide)
    func line(_ name: String, _ time: Duration, _ note: String) -> String {
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
            + time.formatted(format).padding(toLength: 10, withPad: " ", startingAt: 0) + note
    }
    print("Building one detail screen (median of 1,000-build rounds):")
    print(line("untraced (baseline)", untraced, ""))
    print(
        line(
            "injected, trace off", injected,
            String(format: "%.2f× the baseline (limit 1.25×)", ratio)))
    print(
        line(
            "injected, trace on", tracing,
            String(format: "%.2f× the baseline (not judged)", tracing / untraced)))
    print(
        line(
            "bare objects", bare,
            String(format: "%.2f× the baseline (no scope, no caches)", bare / untraced)))
    return ratio <= 1.25
}

exit(try MainActor.assumeIsolated { try run() } ? 0 : 1)
