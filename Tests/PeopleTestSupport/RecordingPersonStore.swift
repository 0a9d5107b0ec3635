import Features
import Foundation

/// A store that writes down the name of every call made to it, then hands
/// the call on: how a test counts trips to the store without a clock.
///
/// A page of the list should be one trip — one wait across a slow network,
/// one statement to a server — and ``calls`` shows whether it is. A call
/// made inside ``readingConsistently(_:)`` through this store is written
/// down too, so reading a page in parts shows as every part.
public final class RecordingPersonStore: PersonStore {
    private let store: any PersonStore
    private let recorded = Locked<[String]>([])

    /// Records every call to `store`.
    public init(_ store: any PersonStore) {
        self.store = store
    }

    /// The calls made so far, by name ("listPage", "count", …), in order.
    public var calls: [String] { recorded.withLock { $0 } }

    /// Forgets the calls made so far.
    public func forget() {
        recorded.withLock { $0.removeAll() }
    }

    private func record(_ call: String) {
        recorded.withLock { $0.append(call) }
    }

    /// Writes down `query`'s name, then hands it on: one method for
    /// every query.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        record(query.name)
        return try await store.perform(query)
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        record("readingConsistently")
        return try await store.readingConsistently(body)
    }
}
