import Foundation
import Synchronization

/// A store that keeps persons in memory and forgets them when the process ends.
///
/// The fake half of the fake-and-real pair: quick, needs no disk, and it starts
/// with whatever persons it is given, which makes it the store tests hand to a
/// scope. It honours the full ``PersonStore`` contract — paging, search,
/// validation — so code tested against it behaves the same on a real store.
///
/// Safe to share between threads: every access holds one lock.
public final class MemoryPersonStore: PersonStore {
    fileprivate struct Contents {
        /// Every person, kept sorted by ``PersonSortKey``.
        var sorted: [Person]
        var nextID: Person.ID
    }

    private let contents: Mutex<Contents>
    private let clock: @Sendable () -> Date

    /// A store holding `persons`, stamping new ones with `clock`'s time.
    ///
    /// - Parameters:
    ///   - persons: the starting contents; their ids must be distinct.
    ///   - clock: the time a new person was added; tests pass a fixed one.
    public init(persons: [Person] = [], clock: @escaping @Sendable () -> Date = Date.init) {
        let sorted = persons.sorted { $0.sortKey < $1.sortKey }
        let nextID = (persons.map(\.id).max() ?? 0) + 1
        self.contents = Mutex(Contents(sorted: sorted, nextID: nextID))
        self.clock = clock
    }

    public func count(matching search: String) throws -> Int {
        let folded = PersonSortKey.fold(search)
        return contents.withLock { $0.sorted.count { $0.sortKey.nameContains(folded: folded) } }
    }

    public func position(of key: PersonSortKey, matching search: String) throws -> Int {
        let folded = PersonSortKey.fold(search)
        return contents.withLock {
            $0.sorted.count { $0.sortKey < key && $0.sortKey.nameContains(folded: folded) }
        }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) throws -> [Person]
    {
        let folded = PersonSortKey.fold(search)
        let limit = max(0, limit)
        return contents.withLock { contents in
            let matching = contents.sorted.lazy.filter { $0.sortKey.nameContains(folded: folded) }
            switch start {
            case .offset(let offset):
                return Array(matching.dropFirst(max(0, offset)).prefix(limit))
            case .after(let key):
                return Array(matching.drop { $0.sortKey <= key }.prefix(limit))
            case .before(let key):
                return Array(matching.prefix { $0.sortKey < key }.suffix(limit))
            }
        }
    }

    public func person(withID id: Person.ID) throws -> Person? {
        contents.withLock { $0.sorted.first { $0.id == id } }
    }

    public func add(_ draft: PersonDraft) throws -> Person {
        let checked = try draft.validated()
        let added = clock()
        return contents.withLock { contents in
            let person = Person(
                id: contents.nextID, name: checked.name, address: checked.address,
                email: checked.storedEmail, added: added)
            contents.nextID += 1
            contents.insert(person)
            return person
        }
    }

    public func add(contentsOf drafts: some Sequence<PersonDraft>) throws -> Int {
        let checked = try drafts.map { (draft) throws(PersonValidationError) in
            try draft.validated()
        }
        let added = clock()
        return contents.withLock { contents in
            for draft in checked {
                contents.insert(
                    Person(
                        id: contents.nextID, name: draft.name, address: draft.address,
                        email: draft.storedEmail, added: added))
                contents.nextID += 1
            }
            return checked.count
        }
    }

    public func update(_ id: Person.ID, with draft: PersonDraft) throws -> Person {
        let checked = try draft.validated()
        return try contents.withLock { contents throws(PersonStoreError) in
            guard let old = contents.remove(id) else { throw .notFound(id) }
            let person = Person(
                id: id, name: checked.name, address: checked.address,
                email: checked.storedEmail, added: old.added)
            contents.insert(person)
            return person
        }
    }

    public func delete(_ id: Person.ID) throws {
        try contents.withLock { contents throws(PersonStoreError) in
            guard contents.remove(id) != nil else { throw .notFound(id) }
        }
    }
}

extension MemoryPersonStore.Contents {
    /// Inserts where the sort order puts the person.
    fileprivate mutating func insert(_ person: Person) {
        let index = sorted.firstIndex { person.sortKey < $0.sortKey } ?? sorted.endIndex
        sorted.insert(person, at: index)
    }

    /// Removes and returns the person with this id, if there is one.
    fileprivate mutating func remove(_ id: Person.ID) -> Person? {
        guard let index = sorted.firstIndex(where: { $0.id == id }) else { return nil }
        return sorted.remove(at: index)
    }
}
