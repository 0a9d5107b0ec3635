import Foundation

/// A store that keeps persons in memory and forgets them when the process ends.
///
/// The fake half of the fake-and-real pair: quick, needs no disk, and it starts
/// with whatever persons it is given, which makes it the store tests hand to a
/// scope. It honours the full ``PersonStore`` contract — order, paging,
/// search — so code tested against it behaves the same on a real store.
///
/// It scales like the real one: each name is folded once, when the person
/// is stored, and the persons are kept sorted by that key, so finding a
/// page or a person is a binary search, and adding many is one merge.
///
/// Safe to share between threads: every access holds one lock.
///
/// Its answer to each query is written beside the query, in the query's
/// own file under `Queries/` (`extension MemoryPersonStore`): a query's
/// declaration and its plain answer are read, and added, together, and
/// this file holds only what every answer shares.
public final class MemoryPersonStore: PersonStorage {
    /// The persons, sorted by key, behind the one lock every answer holds.
    ///
    /// Internal, not private, so that each query's file can answer it.
    let contents: Locked<SortedPersons>

    /// A store holding `persons`.
    ///
    /// - Parameter persons: the starting contents; their ids should be
    ///   distinct (of two with one id, the later one is found by id).
    public init(persons: [Person] = []) {
        self.contents = Locked(SortedPersons(persons))
    }

    /// Up to `limit` of `contents`' persons matching `folded`, from
    /// `start`: what the page and list-page answers share.
    static func page(
        of contents: SortedPersons, matching folded: String, from start: PageStart, limit: Int
    ) -> [Person] {
        let limit = max(0, limit)
        switch start {
        case .offset(let offset):
            return contents.page(matching: folded, skipping: max(0, offset), limit: limit)
        case .after(let key):
            return contents.page(
                matching: folded, from: contents.firstIndex(after: key), limit: limit)
        case .before(let key):
            return contents.page(
                matching: folded, before: contents.firstIndex(notBefore: key), limit: limit)
        case .last:
            return contents.page(matching: folded, before: contents.entries.count, limit: limit)
        }
    }

    /// Runs `body`: only this process writes here, and a page is read whole
    /// under the lock, so there is no other program to be consistent with.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws
        -> T
    {
        try await body()
    }
}
