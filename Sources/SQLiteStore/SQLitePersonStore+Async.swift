import Features
import Foundation

/// The store as the app uses it: every call `async`, run off the caller's
/// actor, and stopped when its task is cancelled.
///
/// Each method of ``Features/PersonStore`` runs the synchronous method of
/// the same name in the calling task, on the concurrency pool rather than
/// the main actor (a nonisolated `async` method runs there), so a screen
/// awaiting a page stays free to answer keys. A statement checks every
/// thousand steps whether its task was cancelled (the connection's progress
/// handler) and stops, so cancelling a search over a million persons ends
/// it at once; the call then throws `CancellationError`, and the file and
/// the connection are as they were.
///
/// The synchronous methods stay public: a tool or a test in a synchronous
/// context calls them directly, and the speed benchmark measures an awaited
/// call through the protocol against them.
extension SQLitePersonStore {
    public func count(matching search: String) async throws -> Int {
        try running { try self.count(matching: search) }
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try running { try self.position(of: key, matching: search) }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try running { try self.page(matching: search, from: start, limit: limit) }
    }

    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try running { try self.listPage(matching: search, from: start, size: size) }
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        try running { try self.person(withID: id) }
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try running { try self.add(draft, addedAt: date) }
    }

    public func add(
        contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date
    ) async throws -> Int {
        try running { try self.add(contentsOf: drafts, addedAt: date) }
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try running { try self.update(opened, with: draft) }
    }

    public func delete(_ opened: Person) async throws {
        try running { try self.delete(opened) }
    }

    public func restore(_ person: Person) async throws {
        try running { try self.restore(person) }
    }

    public func check(repairing: Bool) async throws -> StoreCheck {
        try running { try self.check(repairing: repairing) }
    }

    /// Runs `body`, whose awaited reads of this store all see one snapshot
    /// of the file (see the synchronous form).
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try running { try self.beginReading() }
        do {
            let result = try await body()
            endReading()
            return result
        } catch {
            endReading()
            throw error
        }
    }

    /// Runs the synchronous `body` in the calling task, unless it is
    /// already cancelled; a statement it interrupts for cancellation
    /// throws `CancellationError` rather than the store's own error.
    private func running<T>(_ body: () throws -> T) throws -> T {
        try Task.checkCancellation()
        do {
            return try body()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }
}
