import Foundation

/// A store that logs every call made to another store: what was asked, what
/// came back, and how long it took.
///
/// A decorator: it is a ``PersonStore`` wrapping a ``PersonStore``, so the
/// composition root can put it in front of any store (`people --trace`) and
/// no controller changes or can tell. This is what a container's "instance
/// post-processor" does, written as one small type.
///
/// ```
/// trace: store.listPage(matching: "", from: first, size: 5) → 3 persons of 3 from first in 0.09 ms
/// ```
public final class TracingPersonStore: PersonStore {
    private let store: any PersonStore
    private let log: @Sendable (String) -> Void

    /// Wraps `store`, sending one line per call to `log`.
    public init(wrapping store: any PersonStore, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.log = log
    }

    /// Logs `query` as it describes itself, and its answer as it
    /// describes that: one method for every query.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try await traced(query.description, showing: query.describe) {
            try await store.perform(query)
        }
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws
        -> T
    {
        try await traced(
            "readingConsistently", showing: { (_: T) in "done" },
            { try await store.readingConsistently(body) })
    }

    /// Logs the whole reading as one call, and each page handed over as a
    /// line of its own; the wrapped store reads it its own way (the server
    /// store, through a cursor).
    public func forEachPage(
        matching search: String, pageSize: Int,
        _ body: @Sendable ([Person]) async throws -> Bool
    ) async throws {
        let log = log
        try await traced(
            "forEachPage(matching: \(quoted(search)), pageSize: \(pageSize))", showing: done
        ) {
            try await store.forEachPage(matching: search, pageSize: pageSize) { page in
                log("trace: store.forEachPage handed over \(page.count) persons")
                return try await body(page)
            }
        }
    }

    private func traced<Result>(
        _ call: String, showing describe: (Result) -> String,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let start = ContinuousClock.now
        do {
            let result = try await body()
            log("trace: store.\(call) → \(describe(result)) in \(milliseconds(since: start))")
            return result
        } catch {
            log("trace: store.\(call) threw \(quoted("\(error)")) in \(milliseconds(since: start))")
            throw error
        }
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let value =
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds)
            * 1000
        return String(format: "%.2f ms", value)
    }

    private func done(_: Void) -> String {
        "done"
    }

    private func quoted(_ text: String) -> String {
        QueryText.quoted(text)
    }
}
