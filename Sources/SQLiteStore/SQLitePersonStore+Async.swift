import Features
import Foundation

/// The store as the app uses it: every call `async`, run off the caller's
/// actor, and stopped when its task is cancelled.
///
/// Each query's `answer(_:)`, written in `SQLitePersonStore.swift` beside
/// the synchronous method that runs its SQL, calls that method through
/// `running(_:)` in the calling task, on the concurrency pool rather than
/// the main actor (where a plain `async` method of a type of no actor runs
/// under Swift 6's default rules; `TracingPersonStoreTests` holds it), so a
/// screen awaiting a page stays free to answer keys. A statement checks every
/// thousand steps whether its task was cancelled (the connection's progress
/// handler) and stops, so cancelling a search over a million persons ends
/// it at once; the call then throws `CancellationError`, and the file and
/// the connection are as they were.
///
/// The synchronous methods stay public: a tool or a test in a synchronous
/// context calls them directly, and the speed benchmark measures an awaited
/// call through the protocol against them.
extension SQLitePersonStore {
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
    /// Not private: each query's answer is written next to its SQL in
    /// `SQLitePersonStore.swift`, where the connection is, and runs this
    /// way, so a new query's SQLite answer is one file.
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
