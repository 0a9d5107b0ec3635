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
    /// The page of persons matching `search` from `start`, with their total
    /// and the index of the first row, all as of one moment: what a screen
    /// or `people list` shows, in one call.
    ///
    /// One call, so that a page is one trip to the store — one wait across
    /// a network, one statement to a server — whichever store is used. It
    /// has no default, so every store, decorator and fake answers it
    /// itself and the compiler names any that does not (the server store
    /// only in a build with its trait, `swift build --traits PostgreSQL`,
    /// since the default build never compiles it); a store with no
    /// cheaper way answers with ``listPageInParts(matching:from:size:)``.
    /// The store applies ``ListPage/fallback(from:read:total:size:)``, so
    /// a page whose persons were deleted meanwhile is never shown empty.
    ///
    /// - Parameters:
    ///   - search: the text names must contain; empty for everyone.
    ///   - start: where the page begins: the top, after or before a key, or
    ///     a row number.
    ///   - size: rows per page; below 1 counts as 1.
    func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage

    /// How many persons have a name containing `search` (everyone when empty).
    func count(matching search: String) async throws -> Int

    /// How many persons matching `search` sort before `key`: the index of the
    /// first row of a page, to show "11–20 of 42".
    func position(of key: PersonSortKey, matching search: String) async throws -> Int

    /// Up to `limit` persons matching `search`, in name order, from `start`.
    func page(matching search: String, from start: PageStart, limit: Int) async throws -> [Person]

    /// The person with this id, or `nil` when there is none.
    func person(withID id: Person.ID) async throws -> Person?

    /// Stores checked values as a new person, added at `date`.
    ///
    /// The date comes from the caller's clock, so whichever store is used,
    /// the time a person was added is the app's time.
    ///
    /// Ids are never reused, so they can run out: when the largest there
    /// is, `Int.max`, is taken, the add is refused with an error. A store
    /// never wraps round to a taken id, and never traps (`nextID += 1`
    /// would, and end the whole program).
    ///
    /// - Returns: the stored person, with its new id.
    /// - Throws: ``PersonStoreError/storage(_:)`` when no id is left;
    ///   storage errors.
    func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person

    /// Stores many new persons in one go, all added at `date`: all of them, or none.
    ///
    /// - Returns: how many were added.
    /// - Throws: ``PersonStoreError/storage(_:)`` when the ids left are
    ///   fewer than the persons, and then no one is added; storage errors.
    func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws
        -> Int

    /// Replaces the values of `opened` — the person as the caller last read
    /// them — when the store still holds exactly those values.
    ///
    /// Asking for what was read, not just an id, is what keeps two people
    /// editing one person from losing a change: the second save is refused,
    /// never written over the first. The check and the write are one step.
    ///
    /// - Returns: the person as now stored.
    /// - Throws: ``PersonStoreError/changedElsewhere(name:)`` or
    ///   ``PersonStoreError/deletedElsewhere(name:)`` when someone else got
    ///   there first; storage errors.
    func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person

    /// Removes `opened` when the store still holds exactly the values the
    /// caller read, so no one deletes a change they have not seen.
    ///
    /// - Throws: ``PersonStoreError/changedElsewhere(name:)`` or
    ///   ``PersonStoreError/deletedElsewhere(name:)``, as for an update.
    func delete(_ opened: Person) async throws

    /// Puts back a person this store deleted, with the same id, values and
    /// date: what undoing a delete needs.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when the id is taken again.
    func restore(_ person: Person) async throws

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

    /// Compares whatever the store keeps to answer quickly — indexes,
    /// counts, marks — with the persons themselves, and with `repairing`,
    /// builds it all again when they disagree: `people check`.
    func check(repairing: Bool) async throws -> StoreCheck
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
