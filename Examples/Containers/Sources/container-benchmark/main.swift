// Opens one person — provider → person scope → detail screen — through
// each of the three wirings of the same app, in one run, and reports each
// as a ratio to the same graph written by hand:
//
//   bare           the graph by hand, as in the people package's wiring
//                  benchmark: a closure from a person to a detail screen,
//                  no scope, no cache, no container. The baseline;
//   injectors      the people package's real provider, trace off;
//   swinject       a child container per person, assembled, and the detail
//                  screen resolved from it with the person as an argument:
//                  what the Swinject wiring's list does;
//   dependencies   the person's screens made in `withDependencies(from:)`,
//                  reading their `@Dependency`s: what the swift-dependencies
//                  wiring's list does.
//
//   swift run -c release --package-path Examples/Containers container-benchmark
//
// Times are medians of rounds of 1,000 opens, the wirings taking turns
// round by round, so a change in the machine's speed falls on all alike.
// Ratios, not absolute limits: nothing here fails a build.
//
// Memory: the bytes the allocator holds for one more opened person — the
// heap in use (glibc's `mallinfo2`, the `uordblks` total) before and after
// opening 1,000 persons through one wiring, each detail screen kept alive,
// divided by 1,000 — and again once all 1,000 are released: what a wiring
// keeps of a person after they close. Linux only.

import AppScope
import Dependencies
import DependenciesWiring
import Features
import Foundation
import HeapInUse
import Injectors
import Swinject
import SwinjectWiring
import Terminal

/// A console that forgets everything: the benchmark measures building, not printing.
struct SilentConsole: Console {
    func writeLine(_ text: String, as role: TextRole) {}
    func writeErrorLine(_ text: String) {}
    func readLine(prompt: String) -> String? { nil }
    var outputProblem: OutputProblem? { nil }
    var typesAhead: Bool { false }
}

/// One way to open a person, named for the report.
struct Wiring {
    let name: String
    let open: @MainActor (Person) throws -> PersonDetailController
}

/// The median time of one call of each wiring's open, over `rounds`
/// rounds of 1,000 opens each, the wirings taking turns.
@MainActor
func interleavedMedians(rounds: Int, _ wirings: [Wiring], person: Person) throws -> [Duration] {
    var samples = Array(repeating: [Duration](), count: wirings.count)
    for _ in 0..<rounds {
        for (index, wiring) in wirings.enumerated() {
            let start = ContinuousClock.now
            for _ in 0..<1_000 { _ = try wiring.open(person) }
            samples[index].append(ContinuousClock.now - start)
        }
    }
    return samples.map { $0.sorted()[rounds / 2] / 1_000 }
}

/// The heap in use now, in bytes; `nil` where glibc's count is not available.
func heapInUse() -> Int? {
    let bytes = Int(heap_in_use())
    return bytes == 0 ? nil : bytes
}

/// The heap one more opened person holds through `wiring` while open,
/// and what is still held once the person closes, in bytes per person;
/// `nil` when the heap cannot be read.
@MainActor
func heapPerPerson(_ wiring: Wiring, person: Person) throws -> (open: Int, closed: Int)? {
    let count = 1_000
    var kept: [PersonDetailController] = []
    kept.reserveCapacity(count)
    guard let before = heapInUse() else { return nil }
    for _ in 0..<count { kept.append(try wiring.open(person)) }
    guard let opened = heapInUse() else { return nil }
    kept.removeAll(keepingCapacity: true)
    guard let closed = heapInUse() else { return nil }
    return ((opened - before) / count, (closed - before) / count)
}

@MainActor
func run() throws {
    let store = MemoryPersonStore(persons: Person.samples)
    let views = TerminalViews(console: SilentConsole(), width: .unknown)
    let configuration = Configuration(storeKind: .memory)
    let readSource: @Sendable (String) async throws -> Data = { _ in Data() }
    let person = Person.samples[0]

    // By hand: the people package's scopes and injectors.
    let session = SessionScope(
        app: AppScope(
            configuration: configuration, console: SilentConsole(), readSource: readSource,
            personStore: store),
        views: views)
    let openInjected = PersonDetailInjector.injectPersonDetailControllerProvider(session)
    let navigator = SessionInjector.injectNavigator(session)
    let lastChange = SessionInjector.injectLastChange(session)
    let shared = try StoreInjector.injectPersonStore(session.app)
    let openBare: @MainActor (Person) -> PersonDetailController = { person in
        let opened = OpenedPerson(person: person, store: shared)
        return PersonDetailController(
            person: opened, view: views.makePersonDetailView(), navigator: navigator,
            lastChange: lastChange,
            editProvider: {
                PersonEditController(
                    editing: opened, lastChange: lastChange, view: views.makePersonEditView(),
                    navigator: navigator)
            },
            work: ScopedWork())
    }

    // Swinject: the app's container, a session's child container.
    let app = PeopleContainer.app([
        AppAssembly(
            configuration: configuration, console: SilentConsole(), clock: { Date() },
            readSource: readSource, baseStore: store, views: views)
    ])
    let sessionContainer = Container(parent: app)
    SessionAssembly().assemble(container: sessionContainer)

    // swift-dependencies: a session's screens, made under the app's values.
    let screens = withDependencies {
        $0.peopleConfiguration = configuration
        $0.console = SilentConsole()
        $0.viewFactory = views
        $0.personStore = store
    } operation: {
        SessionScreens()
    }

    let wirings = [
        Wiring(name: "bare (by hand)", open: openBare),
        Wiring(name: "injectors", open: openInjected),
        Wiring(name: "swinject", open: { PersonAssembly.open($0, in: sessionContainer) }),
        Wiring(name: "dependencies", open: { screens.personDetailController(opening: $0) }),
    ]
    // Each wiring opens once before timing, so what is made once per
    // session or app (its store, its navigator) is not in the figures.
    for wiring in wirings { _ = try wiring.open(person) }
    let medians = try interleavedMedians(rounds: 101, wirings, person: person)
    let heap = try wirings.map { try heapPerPerson($0, person: person) }

    let format: Duration.UnitsFormatStyle = .units(allowed: [.nanoseconds], fractionalPart: .hide)
    func column(_ text: String, _ width: Int) -> String {
        text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    print("Opening one person through each wiring (median of 1,000-open rounds):")
    print(
        column("", 16) + column("time", 11) + column("× bare", 9)
            + "heap per person: while open, after closing")
    for (index, wiring) in wirings.enumerated() {
        print(
            column(wiring.name, 16) + column(medians[index].formatted(format), 11)
                + column(String(format: "%.1f×", medians[index] / medians[0]), 9)
                + (heap[index].map { "\($0.open) bytes, \($0.closed) bytes" } ?? "n/a"))
    }
}

try MainActor.assumeIsolated { try run() }
