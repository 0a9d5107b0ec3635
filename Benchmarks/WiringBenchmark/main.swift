// Shows what the injectors cost over the same objects made by hand, and
// that seeing the wiring costs nothing when it is off.
//
// This times opening one person — provider → person scope → detail screen —
// in one run, four ways:
//
//   bare          the same graph written by hand: a closure from a person to
//                 a detail screen, its views from the same view factory, the
//                 opened person shared with the edit form, and no scope, no
//                 cache, no trace. The baseline of what dependency injection
//                 by hand costs;
//   untraced      the injectors' wiring written out by hand — the same
//                 person scope, the same scope caches, the same view
//                 factory, the same objects, providers handed through the
//                 same generic signature as `scope.provider` — but with no
//                 trace calls, so it differs from "injected" by the trace
//                 alone;
//   injected      the real provider from PersonDetailInjector, trace off (a
//                 normal run);
//   traced        the same provider with --trace, into a sink that discards
//                 the lines (for contrast, not judged).
//
//   swift run -c release wiring-benchmark
//
// Exits 1 when "injected" costs more than 1.3× "bare", or more than 1.25×
// "untraced".
//
// What "injected" pays over "bare" is the person scope (one more object,
// made and freed with each open) and the four caches an open asks. The
// closure the one generic `provider` helper hands back still goes through
// a reabstraction thunk, about thirty instructions of some 3,300 an open,
// which "untraced" pays too. "Injected" had measured 1.35×, and over a
// third of what it cost over "bare" was calls and reference counting
// around the caches, not the thunk: `keep` took an escaping closure, so
// each ask retained and released the scope the closure captured; each
// read retained and released the box the cache keeps its value in; and
// the scope's methods were calls. `keep`'s closure no longer escapes, the
// box is borrowed, and the scope's methods are inlined into the
// injectors, leaving a branch each.

import AppScope
import Features
import Foundation
import Injectors
import Launch
import Terminal

/// A console that forgets everything: the benchmark measures building, not printing.
struct SilentConsole: Console {
    func writeLine(_ text: String, as role: TextRole) {}
    func writeErrorLine(_ text: String) {}
    func readLine(prompt: String) -> String? { nil }
    var outputProblem: OutputProblem? { nil }
    var typesAhead: Bool { false }
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
            configuration: Configuration(storeKind: .memory, trace: trace),
            console: SilentConsole(), readSource: AppInjector.injectSourceReader(),
            personStore: MemoryPersonStore(persons: Person.samples)),
        views: TerminalViews(console: SilentConsole(), width: .unknown))
}

/// Hands `body` back as `scope.provider` does with the trace off, through the
/// same generic signature, so "untraced" pays the same reabstraction as
/// "injected" and the two differ by the trace's branches alone.
@inlinable @inline(__always)
func untracedProvider<Made>(_ body: @escaping @MainActor () throws -> Made)
    -> @MainActor () throws -> Made
{ body }

/// The same, for a provider that takes its runtime argument.
@inlinable @inline(__always)
func untracedProvider<Argument, Made>(_ body: @escaping @MainActor (Argument) throws -> Made)
    -> @MainActor (Argument) throws -> Made
{ body }

@MainActor
func run() throws -> Bool {
    let plain = scope(trace: false)
    let traced = scope(trace: true)
    let store = try StoreInjector.injectPersonStore(plain.app)
    let navigator = SessionInjector.injectNavigator(plain)
    let lastChange = SessionInjector.injectLastChange(plain)
    let person = Person.samples[0]

    let views: any ViewFactory = TerminalViews(console: plain.app.console, width: .unknown)
    let openByHand: @MainActor (Person) -> PersonDetailController = { person in
        let opened = OpenedPerson(person: person, store: store)
        return PersonDetailController(
            person: opened,
            view: views.makePersonDetailView(),
            navigator: navigator,
            lastChange: lastChange,
            editProvider: {
                PersonEditController(
                    editing: opened, lastChange: lastChange, view: views.makePersonEditView(),
                    navigator: navigator)
            },
            work: ScopedWork())
    }
    let openUntraced: PersonDetailControllerProvider = untracedProvider { person in
        let personScope = PersonScope(
            session: plain,
            opening: OpenedPerson(person: person, store: plain.app.storeCache.value { store }))
        return PersonDetailController(
            person: personScope.openedPerson,
            view: plain.viewsCache.value { views }.makePersonDetailView(),
            navigator: plain.navigatorCache.value { TerminalNavigator(console: plain.app.console) },
            lastChange: plain.lastChangeCache.value { LastChange() },
            editProvider: untracedProvider {
                PersonEditInjector.injectPersonEditController(editing: personScope)
            },
            work: personScope.work)
    }
    let openInjected = PersonDetailInjector.injectPersonDetailControllerProvider(plain)
    let openTraced = PersonDetailInjector.injectPersonDetailControllerProvider(traced)

    let bareBody: () throws -> Void = { _ = openByHand(person) }
    let untracedBody: () throws -> Void = { _ = try openUntraced(person) }
    let injectedBody: () throws -> Void = { _ = try openInjected(person) }
    let tracingBody: () throws -> Void = { _ = try openTraced(person) }

    let medians = try interleavedMedians(
        rounds: 101, [bareBody, untracedBody, injectedBody, tracingBody])
    let (bare, untraced, injected, tracing) = (medians[0], medians[1], medians[2], medians[3])
    let overBare = injected / bare
    let overUntraced = injected / untraced
    let format: Duration.UnitsFormatStyle = .units(allowed: [.nanoseconds], fractionalPart: .hide)
    func line(_ name: String, _ time: Duration, _ note: String) -> String {
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
            + time.formatted(format).padding(toLength: 10, withPad: " ", startingAt: 0) + note
    }
    print(
        "Opening one person: provider → person scope → detail screen (median of 1,000-open rounds):"
    )
    print(line("bare (by hand)", bare, "the baseline"))
    print(
        line(
            "injected, trace off", injected,
            String(format: "%.2f× bare (limit 1.3×)", overBare)))
    print(
        line(
            "untraced", untraced,
            String(
                format: "%.2f× bare; injected is %.2f× this (limit 1.25×)", untraced / bare,
                overUntraced)))
    print(
        line(
            "injected, trace on", tracing,
            String(format: "%.2f× bare (not judged)", tracing / bare)))
    return overBare <= 1.3 && overUntraced <= 1.25
}

exit(try MainActor.assumeIsolated { try run() } ? 0 : 1)
