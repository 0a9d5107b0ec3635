/// How many persons have a field containing a search text:
/// ``PersonStore/count(matching:)``.
///
/// Across several sources, the counts add up.
public struct CountQuery: PersonQuery {
    /// The text a field must contain (``PersonSearchText``); empty for everyone.
    public let search: String

    /// Counts the persons matching `search`.
    public init(matching search: String) {
        self.search = search
    }

    public var name: String { "count" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String { "count(matching: \(QueryText.quoted(search)))" }
    public func describe(_ answer: Int) -> String { String(answer) }

    public func run(on store: some PersonStorage) async throws -> Int {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Int {
        try await sources.sum(self)
    }
}

extension PersonStore {
    /// How many persons have a field containing `search` (everyone when empty).
    public func count(matching search: String) async throws -> Int {
        try await perform(CountQuery(matching: search))
    }
}

extension MemoryPersonStore {
    /// The memory store's count: the plain answer, under one hold of its lock,
    /// that the other stores' counts are held to.
    public func answer(_ query: CountQuery) async throws -> Int {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock { $0.count(matching: folded, in: $0.entries.indices) }
    }
}
