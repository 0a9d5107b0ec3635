import Features
import Foundation
import PeopleTestSupport
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct TracingPersonStoreTests {
    /// Collects log lines from any thread.
    final class Log: Sendable {
        private let storage = Locked<[String]>([])
        var lines: [String] { storage.withLock { $0 } }
        func append(_ line: String) { storage.withLock { $0.append(line) } }
    }

    private func titles(
        on store: any PersonStore, pressing keys: @MainActor (PersonListViewModel) async -> Void
    ) async -> [[String]] {
        let work = ScopedWork()
        let view = RecordingPersonListView()
        let navigator = RecordingNavigator()
        let list = PersonListController(
            store: store, pageSize: 2, view: view, navigator: navigator,
            lastChange: LastChange(), additions: LastAddition(),
            detailProvider: { _ in throw PersonStoreError.storage("unused") },
            addProvider: { throw PersonStoreError.storage("unused") },
            openedScreens: OpenedScreens(providers: [:]), work: work,
            changes: .none)
        navigator.push(list)
        await work.finish()
        if let shown = view.shown { await keys(shown) }
        await work.finish()
        return view.models.filter { !$0.isLoading }.map { $0.rows.map(\.title) }
    }

    /// A store call awaited on the main actor runs off it.
    ///
    /// As the scopes article says, a store's methods are plain `async` methods of a type
    /// of no actor, so under Swift 6's default rules they run on the
    /// concurrency pool, and a screen stays free to answer keys. Turning on
    /// the upcoming feature `NonisolatedNonsendingByDefault` would run them
    /// on the caller's actor, the main thread here, and fail this test.
    @Test func aStoreCallAwaitedOnTheMainActorRunsOffIt() async throws {
        // The main actor's thread, as the store's calls will see theirs.
        let mainActorThread = Self.currentThread()
        let onMainActorThread = Locked<[Bool]>([])
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore()) { _ in
            let thread = Self.currentThread()
            onMainActorThread.withLock { $0.append(thread == mainActorThread) }
        }
        _ = try await store.count(matching: "")
        _ = try await store.listPage(matching: "", from: .first, size: 2)
        #expect(onMainActorThread.withLock { $0 } == [false, false])
    }

    /// The thread this runs on; synchronous, since `Thread.current` means
    /// nothing across an `await`.
    nonisolated private static func currentThread() -> ObjectIdentifier {
        ObjectIdentifier(Thread.current)
    }

    @Test func theListBehavesTheSameWithTheDecoratorInFront() async {
        let log = Log()
        let plain = await titles(on: Fixtures.sampleStore()) { await $0.showNextPage?() }
        let traced = await titles(
            on: TracingPersonStore(wrapping: Fixtures.sampleStore(), log: log.append)
        ) {
            await $0.showNextPage?()
        }
        #expect(traced == plain)
        #expect(plain == [["Ada Lovelace", "Alan Turing"], ["Grace Hopper"]])
        #expect(!log.lines.isEmpty)
    }

    /// A page of the list is one line: what was asked, what came back,
    /// and where the page began after any fallback.
    @Test func aListPageIsOneLineWithItsTotalAndStart() async throws {
        let log = Log()
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore(), log: log.append)
        _ = try await store.listPage(matching: "", from: .offset(7), size: 2)
        #expect(log.lines.count == 1)
        #expect(
            log.lines.first?.hasPrefix(
                "trace: store.listPage(matching: \"\", from: offset 7, size: 2) → 1 person of 3 from offset 2 in "
            ) == true)
    }

    @Test func everyCallIsLoggedWithItsArgumentsResultAndDuration() async throws {
        let log = Log()
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore(), log: log.append)
        _ = try await store.page(matching: "a\"b", from: .first, limit: 2)
        _ = try await store.add(validating: PersonDraft(name: "Barbara"))
        _ = try? await store.delete(Self.nobody)
        let lines = log.lines
        #expect(lines.count == 3)
        #expect(
            lines[0].hasPrefix(
                #"trace: store.page(matching: "a\"b", from: first, limit: 2) → 0 persons in "#))
        #expect(lines[1].hasPrefix("trace: store.add(name: \"Barbara\") → #4 in "))
        #expect(
            lines[2].hasPrefix(
                "trace: store.delete(42) threw \"Nobody was deleted by someone else since they were opened\" in "
            ))
        #expect(lines.allSatisfy { $0.hasSuffix(" ms") })
    }

    /// The lines the guide to adding a store query shows: a count, and a
    /// count whose task was cancelled while it waited for the store.
    @Test func aCountAndACountCancelledOnItsWayAreLogged() async throws {
        let log = Log()
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let store = TracingPersonStore(wrapping: gated, log: log.append)
        let counting = Task { try await store.count(matching: "") }
        #expect(await gated.nextParkedCall() == "count")
        gated.release()
        #expect(try await counting.value == 3)
        let cancelled = Task { try await store.count(matching: "") }
        #expect(await gated.nextParkedCall() == "count")
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(log.lines.count == 2)
        #expect(log.lines.first?.hasPrefix(#"trace: store.count(matching: "") → 3 in "#) == true)
        #expect(
            log.lines.last?.hasPrefix(
                #"trace: store.count(matching: "") threw "CancellationError()" in "#) == true)
    }

    @Test func anExportsReadingIsHandedThroughAndLoggedPageByPage() async throws {
        let log = Log()
        let store = TracingPersonStore(
            wrapping: MemoryPersonStore(persons: Fixtures.numberedPersons(7)), log: log.append)
        let read = Log()
        try await store.forEachPage(matching: "", pageSize: 3) { page in
            read.append(page.map(\.name).joined(separator: ","))
            return true
        }
        #expect(read.lines.count == 3)
        #expect(read.lines.first == "Person 001,Person 002,Person 003")
        #expect(
            log.lines.filter { $0.hasPrefix("trace: store.forEachPage handed over") }
                == ["3", "3", "1"].map { "trace: store.forEachPage handed over \($0) persons" })
        #expect(
            log.lines.last?.hasPrefix(
                "trace: store.forEachPage(matching: \"\", pageSize: 3) → done in ") == true,
            "\(log.lines)")
    }

    @Test func errorsStillReachTheCaller() async {
        let store = TracingPersonStore(wrapping: Fixtures.sampleStore(), log: { _ in })
        await #expect(throws: PersonStoreError.deletedElsewhere(name: "Nobody")) {
            try await store.delete(Self.nobody)
        }
    }

    /// A person no store here holds.
    static let nobody = Person(
        id: 42, name: "Nobody", address: "", email: nil, added: Fixtures.now)
}
