/// How many persons matching a search sort before a key:
/// ``PersonStore/position(of:matching:)``.
///
/// Across several sources, the positions add up: every source's persons
/// before the key are before it in the merged list.
public struct PositionQuery: PersonQuery {
    /// The key whose place is asked.
    public let key: PersonSortKey
    /// The text names must contain; empty for everyone.
    public let search: String

    /// Asks where `key` stands among the persons matching `search`.
    public init(of key: PersonSortKey, matching search: String) {
        self.key = key
        self.search = search
    }

    public var name: String { "position" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String {
        "position(of: \(QueryText.describe(key)), matching: \(QueryText.quoted(search)))"
    }
    public func describe(_ answer: Int) -> String { String(answer) }

    public func run(on store: some PersonStorage) async throws -> Int {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Int {
        try await sources.sum(self)
    }
}

extension PersonStore {
    /// How many persons matching `search` sort before `key`: the index of the
    /// first row of a page, to show "11–20 of 42".
    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try await perform(PositionQuery(of: key, matching: search))
    }
}

extension MemoryPersonStore {
    /// The memory store's position: those matching before the key's place,
    /// found by binary search.
    public func answer(_ query: PositionQuery) async throws -> Int {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock {
            $0.count(matching: folded, in: 0..<$0.firstIndex(notBefore: query.key))
        }
    }
}
