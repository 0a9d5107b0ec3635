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
public final class MemoryPersonStore: PersonStorage {
    private let contents: Locked<SortedPersons>

    /// A store holding `persons`.
    ///
    /// - Parameter persons: the starting contents; their ids should be
    ///   distinct (of two with one id, the later one is found by id).
    public init(persons: [Person] = []) {
        self.contents = Locked(SortedPersons(persons))
    }

    public func answer(_ query: CountQuery) async throws -> Int {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock { $0.count(matching: folded, in: $0.entries.indices) }
    }

    public func answer(_ query: PositionQuery) async throws -> Int {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock {
            $0.count(matching: folded, in: 0..<$0.firstIndex(notBefore: query.key))
        }
    }

    public func answer(_ query: PageQuery) async throws -> [Person] {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock {
            Self.page(of: $0, matching: folded, from: query.start, limit: query.limit)
        }
    }

    /// The page, its total and its first row's index, all read under one
    /// hold of the lock: no write lands between them.
    public func answer(_ query: ListPageQuery) async throws -> ListPage {
        let (folded, size) = (PersonSortKey.fold(query.search), max(1, query.size))
        return contents.withLock { contents in
            ListPage.reading(
                from: query.start, size: size,
                count: { contents.count(matching: folded, in: contents.entries.indices) },
                page: { Self.page(of: contents, matching: folded, from: $0, limit: size) },
                position: {
                    contents.count(matching: folded, in: 0..<contents.firstIndex(notBefore: $0))
                })
        }
    }

    private static func page(
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
        }
    }

    public func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        contents.withLock { contents in
            contents.index(of: query.id).map { contents.entries[$0].person }
        }
    }

    public func answer(_ query: AddQuery) async throws -> Person {
        try contents.withLock { contents throws(PersonStoreError) in
            let person = try contents.makePersons([query.draft], added: query.date)[0]
            contents.insert(person)
            return person
        }
    }

    public func answer(_ query: AddManyQuery) async throws -> Int {
        let checked = Array(query.drafts)
        return try contents.withLock { contents throws(PersonStoreError) in
            contents.merge(try contents.makePersons(checked, added: query.date))
            return checked.count
        }
    }

    public func answer(_ query: UpdateQuery) async throws -> Person {
        let (opened, draft) = (query.opened, query.draft)
        return try contents.withLock { contents throws(PersonStoreError) in
            let old = try contents.unchanged(opened)
            _ = contents.remove(opened.id)
            let person = Person(
                id: opened.id, name: draft.name, address: draft.address, email: draft.email,
                added: old.added)
            contents.insert(person)
            return person
        }
    }

    public func answer(_ query: DeleteQuery) async throws {
        try contents.withLock { contents throws(PersonStoreError) in
            _ = try contents.unchanged(query.opened)
            _ = contents.remove(query.opened.id)
        }
    }

    public func answer(_ query: RestoreQuery) async throws {
        let person = query.person
        try contents.withLock { contents throws(PersonStoreError) in
            guard contents.index(of: person.id) == nil else {
                throw .storage("cannot restore \(person.name): id \(person.id) is taken")
            }
            contents.insert(person)
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

    /// Nothing to check: a memory store keeps nothing beside its persons
    /// that could disagree with them (their keys are made with them).
    public func answer(_ query: CheckQuery) async throws -> StoreCheck {
        StoreCheck(store: "the memory store", notes: [], problems: [], remaining: nil)
    }
}
