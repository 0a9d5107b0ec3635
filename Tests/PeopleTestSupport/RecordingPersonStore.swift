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

    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        record("listPage")
        return try await store.listPage(matching: search, from: start, size: size)
    }

    public func count(matching search: String) async throws -> Int {
        record("count")
        return try await store.count(matching: search)
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        record("position")
        return try await store.position(of: key, matching: search)
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        record("page")
        return try await store.page(matching: search, from: start, limit: limit)
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        record("person")
        return try await store.person(withID: id)
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        record("add")
        return try await store.add(draft, addedAt: date)
    }

    public func add(
        contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date
    ) async throws -> Int {
        record("add(contentsOf:)")
        return try await store.add(contentsOf: drafts, addedAt: date)
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        record("update")
        return try await store.update(opened, with: draft)
    }

    public func delete(_ opened: Person) async throws {
        record("delete")
        try await store.delete(opened)
    }

    public func restore(_ person: Person) async throws {
        record("restore")
        try await store.restore(person)
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        record("readingConsistently")
        return try await store.readingConsistently(body)
    }

    public func check(repairing: Bool) async throws -> StoreCheck {
        record("check")
        return try await store.check(repairing: repairing)
    }
}
