import Features
import PeopleTestSupport
import Synchronization
import Testing

@MainActor
@Suite struct TracingPersonStoreTests {
    /// Collects log lines from any thread.
    final class Log: Sendable {
        private let storage = Mutex<[String]>([])
        var lines: [String] { storage.withLock { $0 } }
        func append(_ line: String) { storage.withLock { $0.append(line) } }
    }

    private func titles(on store: any PersonStore, pressing keys: (PersonListViewModel) -> Void)
        -> [[String]]
    {
        let view = RecordingPersonListView()
        let navigator = RecordingNavigator()
        let list = PersonListController(
            store: store, pageSize: 2, view: view, navigator: navigator,
            deletions: LastDeletion(),
            detailProvider: { _ in throw PersonStoreError.storage("unused") },
            addProvider: { throw PersonStoreError.storage("unused") },
            settingsProvider: { throw PersonStoreError.storage("unused") })
        navigator.push(list)
        if let shown = view.shown { keys(shown) }
        return view.models.map { $0.rows.map(\.title) }
    }

    @Test func theListBehavesTheSameWithTheDecoratorInFront() {
        let log = Log()
        let plain = titles(on: Fixtures.sampleStore()) { $0.showNextPage?() }
        let traced = titles(
            on: TracingPersonStore(wrapping: Fixtures.sampleStore(), log: log.append)
        ) {
            $0.showNextPage?()
        }
        #expect(traced == plain)
        #expect(plain == [["Ada Lovelace", "Alan Turing"], ["Grace Hopper"]])
        #expect(!log.lines.isEmpty)
    }

    @Test func everyCallIsLoggedWithItsArgumentsResultAndDuration() throws {
        let log = Log()
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore(), log: log.append)
        _ = try store.page(matching: "a\"b", from: .first, limit: 2)
        _ = try store.add(validating: PersonDraft(name: "Barbara"))
        _ = try? store.delete(42)
        let lines = log.lines
        #expect(lines.count == 3)
        #expect(
            lines[0].hasPrefix(
                #"trace: store.page(matching: "a\"b", from: first, limit: 2) → 0 persons in "#))
        #expect(lines[1].hasPrefix("trace: store.add(name: \"Barbara\") → #4 in "))
        #expect(lines[2].hasPrefix("trace: store.delete(42) threw \"no person with id 42\" in "))
        #expect(lines.allSatisfy { $0.hasSuffix(" ms") })
    }

    @Test func errorsStillReachTheCaller() {
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore(), log: { _ in })
        #expect(throws: PersonStoreError.notFound(9)) { try store.delete(9) }
    }
}
