import Features
import PeopleTestSupport
import Terminal
import Testing

// The "Levels of DI" article quotes these three versions of one small
// screen, so its examples are compiled with the tests. Only the last is
// how this package writes code; the first two show what it avoids.

/// No injection: the screen makes its own store and its own console.
///
/// Nothing outside can change either, so a test of it would print to the
/// real terminal and count the samples it happened to start with.
@MainActor
final class CountScreenWithoutInjection {
    private let store = MemoryPersonStore(persons: Person.samples)
    private let console = StandardConsole(
        showsPrompts: false, outputIsTerminal: false, style: .plain)

    func show() async throws {
        console.writeLine("\(try await store.count(matching: "")) people")
    }
}

/// Minimal injection: the store arrives from outside, behind its protocol;
/// the console is still the screen's own choice.
@MainActor
final class CountScreenWithTheStoreInjected {
    private let store: any PersonStore
    private let console = StandardConsole(
        showsPrompts: false, outputIsTerminal: false, style: .plain)

    init(store: any PersonStore) {
        self.store = store
    }

    func show() async throws {
        console.writeLine("\(try await store.count(matching: "")) people")
    }
}

/// Full injection: every collaborator arrives through the initializer,
/// behind a protocol, and none has a default.
@MainActor
final class CountScreen {
    private let store: any PersonStore
    private let console: any Console

    init(store: any PersonStore, console: any Console) {
        self.store = store
        self.console = console
    }

    func show() async throws {
        console.writeLine("\(try await store.count(matching: "")) people")
    }
}

@MainActor
@Suite struct LevelsOfInjectionTests {
    @Test func onlyTheFullyInjectedScreenCanBeShownAnEmptyStoreAndWatched() async throws {
        let console = RecordingConsole()
        try await CountScreen(store: MemoryPersonStore(persons: []), console: console).show()
        #expect(console.output == "0 people\n")
    }
}

// The "Why inject by hand" article sets this screen beside `CountScreen`.

/// The store every screen can reach: a global.
@MainActor
enum SharedStore {
    static let store: any PersonStore = MemoryPersonStore(persons: Person.samples)
}

/// A screen that reaches for the global store and the real terminal.
@MainActor
final class CountScreenReachingForGlobals {
    func show() async throws {
        let console = StandardConsole(showsPrompts: false, outputIsTerminal: false, style: .plain)
        console.writeLine("\(try await SharedStore.store.count(matching: "")) people")
    }
}
