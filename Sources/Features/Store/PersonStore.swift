import Foundation

/// Opens the store when a command first needs it, so that `people --help`
/// works even where the store cannot be opened.
public typealias PersonStoreProvider = @MainActor () throws -> any PersonStore

/// Where persons are kept: the one dependency every screen shares.
///
/// Controllers see only this protocol. Which store backs it — memory for a
/// quick run and for tests, a database for real use — is decided in one place,
/// the composition root, and nothing else in the app can tell the difference.
///
/// Every method is `async` and can throw, because a real store talks to a
/// disk or a network: a screen on the main actor awaits it and stays free to
/// answer keys meanwhile, and a store does its work off the main actor. A
/// store that can take long stops a call whose task is cancelled — the
/// screen that asked has closed — as soon as it can, with
/// `CancellationError` (the SQLite store does, even mid-statement); a quick
/// one may simply answer. Either way the caller checks `Task.isCancelled`
/// after the `await` before it uses the answer. Lists are read a page at a
/// time, in ``PersonSortKey`` order, and a page is one call,
/// ``listPage(matching:from:size:)``: a screen holds the page it shows, never
/// the whole address book. Only a command that needs every person, such as an
/// export, reads them all, still a page at a time
/// (``forEachPage(matching:pageSize:_:)``).
///
/// What every store must do is checked, promise by promise, by the store
/// contract in the `PeopleTestSupport` product (`PersonStoreContract`):
/// this package's stores run it, and a store of another package can too.
public protocol PersonStore: Sendable {
    /// Answers `query`: the one entry every question and change goes
    /// through.
    ///
    /// A real store answers each query by a method of its own
    /// (``PersonStorage``, which gives it this method for free). A
    /// decorator or a fake writes this method once, generically, for every
    /// query there is and every query to come: it forwards, traces, waits,
    /// gates or records the query value, and never names a query. The
    /// named methods callers use — ``count(matching:)``,
    /// ``listPage(matching:from:size:)``, ``add(_:addedAt:)`` and the rest —
    /// each make their query and call this.
    func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer

    /// Runs `body`, in which every read sees the store as it was when the
    /// first one began, whatever other programs write meanwhile.
    ///
    /// An export reads a page at a time; without this, a person renamed by
    /// another program halfway through could be written twice or not at all.
    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T

    /// Hands `body` every person matching `search`, in name order, up to
    /// `pageSize` at a time, all as they were when the first page was read
    /// (see ``readingConsistently(_:)``); stops early when `body` returns
    /// `false`.
    ///
    /// What an export reads. Every store can answer it with pages, and the
    /// extension below does; a store with a cheaper way to stream one whole
    /// answer — the server store, through a cursor — answers it its own way.
    func forEachPage(
        matching search: String, pageSize: Int,
        _ body: @Sendable ([Person]) async throws -> Bool
    ) async throws
}

extension PersonStore {
    /// Every person matching `search`, by keyset pages read inside
    /// ``readingConsistently(_:)``, one after the other.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when a page ends on a key
    ///   the store cannot give back exactly (text that is not valid UTF-8,
    ///   written by another program), which would start the same page
    ///   again for ever; the store's errors; what `body` throws.
    public func forEachPage(
        matching search: String, pageSize: Int,
        _ body: @Sendable ([Person]) async throws -> Bool
    ) async throws {
        let pageSize = max(1, pageSize)
        try await readingConsistently {
            var page = try await page(matching: search, from: .first, limit: pageSize)
            var previous: PersonSortKey?
            while !page.isEmpty {
                let last = page.count == pageSize ? page.last : nil
                if let last, let previous, !(previous < last.sortKey) {
                    throw PersonStoreError.storage(
                        "the list does not move past person \(last.id); run people check")
                }
                guard try await body(page), let last else { return }
                previous = last.sortKey
                page = try await self.page(
                    matching: search, from: .after(last.sortKey), limit: pageSize)
            }
        }
    }

    /// The person with this id, or ``PersonStoreError/notFound(_:)``.
    public func existingPerson(withID id: Person.ID) async throws -> Person {
        guard let person = try await person(withID: id) else { throw PersonStoreError.notFound(id) }
        return person
    }
}
