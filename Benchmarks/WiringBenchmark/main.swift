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

@MainActor
func median(rounds: Int, _ body: () throws -> Void) rethrows -> Duration {
    var samples: [Duration] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for _ in 0..<1_000 { try body() }
        samples.append(ContinuousClock.now - start)
    }
    return samples.sorted()[rounds / 2] / 1_000
}

@MainActor
func scope(trace: Bool) -> AppScope {
    AppScope(
        invocation: Invocation(configuration: Configuration(store: .memory, trace: trace)),
        console: SilentConsole(), personStore: MemoryPersonStore(persons: Person.samples))
}

@MainActor
func run() throws -> Bool {
    let plain = scope(trace: false)
    let traced = scope(trace: true)
    let store = try StoreInjector.injectPersonStore(plain)
    let navigator = AppInjector.injectNavigator(plain)
    let person = Person.samples[0]

    let bare = median(rounds: 101) {
        _ = PersonDetailController(
            person: OpenedPerson(person: person, store: store),
            view: TerminalPersonDetailView(console: plain.console),
            navigator: navigator,
            editProvider: {
                PersonEditController(
                    addingTo: store,
                    view: TerminalPersonEditView(console: plain.console),
                    navigator: navigator)
            })
    }
    let untraced = median(rounds: 101) {
        let personScope = PersonScope(parent: plain, person: person)
        _ = PersonDetailController(
            person: personScope.openedPerson.value {
                OpenedPerson(person: personScope.person, store: plain.personStore.value { store })
            },
            view: TerminalPersonDetailView(console: plain.console),
            navigator: plain.navigator.value { TerminalNavigator(console: plain.console) },
            editProvider: { try PersonEditInjector.injectEditPersonController(personScope) })
    }
    let injected = try median(rounds: 101) {
        _ = try PersonDetailInjector.injectPersonDetailController(
            PersonScope(parent: plain, person: person))
    }
    let tracing = try median(rounds: 21) {
        _ = try PersonDetailInjector.injectPersonDetailController(
            PersonScope(parent: traced, person: person))
    }

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
