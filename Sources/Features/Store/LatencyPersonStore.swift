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

    /// Waits once, then hands `query` on: one trip across the network,
    /// whatever the query (a page with its total is one, too).
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try await wait(delay)
        return try await store.perform(query)
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
}
