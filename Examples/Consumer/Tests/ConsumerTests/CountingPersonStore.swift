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

    func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        count()
        return try await store.listPage(matching: search, from: start, size: size)
    }

    func count(matching search: String) async throws -> Int {
        count()
        return try await store.count(matching: search)
    }

    func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        count()
        return try await store.position(of: key, matching: search)
    }

    func page(matching search: String, from start: PageStart, limit: Int) async throws -> [Person] {
        count()
        return try await store.page(matching: search, from: start, limit: limit)
    }

    func person(withID id: Person.ID) async throws -> Person? {
        count()
        return try await store.person(withID: id)
    }

    func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        count()
        return try await store.add(draft, addedAt: date)
    }

    func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws -> Int
    {
        count()
        return try await store.add(contentsOf: drafts, addedAt: date)
    }

    func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        count()
        return try await store.update(opened, with: draft)
    }

    func delete(_ opened: Person) async throws {
        count()
        try await store.delete(opened)
    }

    func restore(_ person: Person) async throws {
        count()
        try await store.restore(person)
    }

    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
        -> T
    {
        count()
        return try await store.readingConsistently(body)
    }

    func check(repairing: Bool) async throws -> StoreCheck {
        count()
        return try await store.check(repairing: repairing)
    }
}
