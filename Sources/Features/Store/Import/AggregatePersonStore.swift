/// Several stores shown as one: the app's own store, plus read-only sources
/// such as imported files.
///
/// It is itself a ``PersonStore``, so the list pages through everyone in one
/// order without knowing there is more than one source. Each source is
/// already ordered by ``PersonSortKey``, so a page is a merge: take a page
/// from each source from the same starting point, merge them, keep the
/// first (or, going back, the last) `limit`.
///
/// New persons go to the primary store. A change or a delete goes to the
/// source that holds the person, which for a read-only source refuses it.
public final class AggregatePersonStore: PersonStore {
    private let primary: any PersonStore
    private let sources: [any PersonStore]

    /// The persons of `primary` and of every store in `readOnly`, as one list.
    ///
    /// Ids must not collide between the stores: imported persons have
    /// negative ids for that reason.
    public init(primary: any PersonStore, readOnly: [any PersonStore]) {
        self.primary = primary
        self.sources = [primary] + readOnly
    }

    public func count(matching search: String) throws -> Int {
        try sources.reduce(0) { $0 + (try $1.count(matching: search)) }
    }

    public func position(of key: PersonSortKey, matching search: String) throws -> Int {
        try sources.reduce(0) { $0 + (try $1.position(of: key, matching: search)) }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) throws -> [Person]
    {
        switch start {
        case .after, .before:
            let merged = try merge { try $0.page(matching: search, from: start, limit: limit) }
            if case .before = start { return Array(merged.suffix(limit)) }
            return Array(merged.prefix(limit))
        case .offset(let offset):
            // Random access has to merge everything above the page; scripts
            // asking for page N pay that, the screens page by key instead.
            let merged = try merge {
                try $0.page(matching: search, from: .first, limit: max(0, offset) + limit)
            }
            return Array(merged.dropFirst(max(0, offset)).prefix(limit))
        }
    }

    public func person(withID id: Person.ID) throws -> Person? {
        for source in sources {
            if let person = try source.person(withID: id) { return person }
        }
        return nil
    }

    public func add(_ draft: PersonDraft) throws -> Person {
        try primary.add(draft)
    }

    public func add(contentsOf drafts: some Sequence<PersonDraft>) throws -> Int {
        try primary.add(contentsOf: drafts)
    }

    public func update(_ id: Person.ID, with draft: PersonDraft) throws -> Person {
        try owner(of: id).update(id, with: draft)
    }

    public func delete(_ id: Person.ID) throws {
        try owner(of: id).delete(id)
    }

    /// The source holding `id`; the primary when none does, so that its
    /// own "not found" is what the caller sees.
    private func owner(of id: Person.ID) throws -> any PersonStore {
        for source in sources where try source.person(withID: id) != nil {
            return source
        }
        return primary
    }

    private func merge(_ page: (any PersonStore) throws -> [Person]) throws -> [Person] {
        try sources.flatMap(page).sorted { $0.sortKey < $1.sortKey }
    }
}
