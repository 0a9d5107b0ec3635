import Features
import Foundation

/// The store as the app uses it: every call `async`, run off the caller's
/// actor, and stopped when its task is cancelled.
///
/// Each query of ``Features/PersonStorage`` runs the synchronous method of
/// its name in the calling task, on the concurrency pool rather than
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
    public func answer(_ query: CountQuery) async throws -> Int {
        try running { try self.count(matching: query.search) }
    }

    public func answer(_ query: PositionQuery) async throws -> Int {
        try running { try self.position(of: query.key, matching: query.search) }
    }

    public func answer(_ query: PageQuery) async throws -> [Person] {
        try running { try self.page(matching: query.search, from: query.start, limit: query.limit) }
    }

    public func answer(_ query: ListPageQuery) async throws -> ListPage {
        try running {
            try self.listPage(matching: query.search, from: query.start, size: query.size)
        }
    }

    public func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        try running { try self.person(withID: query.id) }
    }

    public func answer(_ query: AddQuery) async throws -> Person {
        try running { try self.add(query.draft, addedAt: query.date) }
    }

    public func answer(_ query: AddManyQuery) async throws -> Int {
        try running { try self.add(contentsOf: query.drafts, addedAt: query.date) }
    }

    public func answer(_ query: UpdateQuery) async throws -> Person {
        try running { try self.update(query.opened, with: query.draft) }
    }

    public func answer(_ query: DeleteQuery) async throws {
        try running { try self.delete(query.opened) }
    }

    public func answer(_ query: RestoreQuery) async throws {
        try running { try self.restore(query.person) }
    }

    public func answer(_ query: CheckQuery) async throws -> StoreCheck {
        try running { try self.check(repairing: query.repairing) }
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
    ///
    /// Not private: a new query's answer may be written next to its SQL
    /// in `SQLitePersonStore.swift`, where the connection is, and still
    /// run this way.
    func running<T>(_ body: () throws -> T) throws -> T {
        try Task.checkCancellation()
        do {
            return try body()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }
}
