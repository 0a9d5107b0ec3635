import Foundation

/// A store that waits a while before every call to another store, as a
/// store across a slow network would: `people --latency 2s`.
///
/// A decorator, chosen by the composition root like `--trace`'s
/// ``TracingPersonStore``: no controller changes or can tell. It exists so
/// that anyone can watch, by hand, what the async store gives the screens —
/// the loading state, keys answered while a page loads, a load cancelled
/// when its screen closes — without a slow disk or a real server.
///
/// The wait is handed in: the app hands `Task.sleep`, which ends early with
/// `CancellationError` when the call's task is cancelled; a test hands a
/// gate it opens itself, so it never waits on a clock.
public final class LatencyPersonStore: PersonStore {
    private let store: any PersonStore
    private let delay: Duration
    private let wait: @Sendable (Duration) async throws -> Void

    /// Wraps `store`, waiting `delay` through `wait` before each call.
    ///
    /// - Parameters:
    ///   - store: the store every call goes on to.
    ///   - delay: how long each call waits first.
    ///   - wait: waits that long, or throws when the task is cancelled.
    public init(
        wrapping store: any PersonStore, delay: Duration,
        wait: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.store = store
        self.delay = delay
        self.wait = wait
    }

    public func count(matching search: String) async throws -> Int {
        try await wait(delay)
        return try await store.count(matching: search)
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try await wait(delay)
        return try await store.position(of: key, matching: search)
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try await wait(delay)
        return try await store.page(matching: search, from: start, limit: limit)
    }

    /// Waits once for the whole page, as a store that answers it with one
    /// trip across the network would.
    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try await wait(delay)
        return try await store.listPage(matching: search, from: start, size: size)
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        try await wait(delay)
        return try await store.person(withID: id)
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try await wait(delay)
        return try await store.add(draft, addedAt: date)
    }

    public func add(
        contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date
    ) async throws -> Int {
        try await wait(delay)
        return try await store.add(contentsOf: drafts, addedAt: date)
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try await wait(delay)
        return try await store.update(opened, with: draft)
    }

    public func delete(_ opened: Person) async throws {
        try await wait(delay)
        try await store.delete(opened)
    }

    public func restore(_ person: Person) async throws {
        try await wait(delay)
        try await store.restore(person)
    }

    /// Waits once, then runs `body` against the wrapped store's consistent
    /// reads; the calls `body` makes through this store wait too.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try await wait(delay)
        return try await store.readingConsistently(body)
    }

    /// Waits before each page, as a store across a slow network would
    /// hand them over; the wrapped store reads them its own way.
    public func forEachPage(
        matching search: String, pageSize: Int,
        _ body: @Sendable ([Person]) async throws -> Bool
    ) async throws {
        let (wait, delay) = (wait, delay)
        try await store.forEachPage(matching: search, pageSize: pageSize) { page in
            try await wait(delay)
            return try await body(page)
        }
    }

    public func check(repairing: Bool) async throws -> StoreCheck {
        try await wait(delay)
        return try await store.check(repairing: repairing)
    }
}
