import Features
import Foundation

/// A decorator of this package's own: counts the calls that reach the store
/// it wraps, and changes nothing else.
///
/// A team might write one to see how often their screens ask; before
/// trusting it with every screen's store, they run the people package's
/// published contract against it (``StoreContractTests``), which tells
/// them it keeps every promise the store it wraps does.
final class CountingPersonStore: PersonStore {
    private let store: any PersonStore
    private let counted = Locked(0)

    /// Counts the calls to `store`.
    init(wrapping store: any PersonStore) {
        self.store = store
    }

    /// How many calls have reached the wrapped store.
    var calls: Int { counted.withLock { $0 } }

    private func count() { counted.withLock { $0 += 1 } }

    /// Counts `query`, then hands it on: one method for every query.
    func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        count()
        return try await store.perform(query)
    }

    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
        -> T
    {
        count()
        return try await store.readingConsistently(body)
    }
}
