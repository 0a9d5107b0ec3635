/// Up to a limit of persons matching a search, in name order, from a
/// start: ``PersonStore/page(matching:from:limit:)``.
///
/// Across several sources, a page is a merge: each source is already in
/// ``PersonSortKey`` order, so a page after or before a key is each
/// source's page from the same key, merged, and the first (or, going back,
/// the last) `limit` kept. A page by number is found without merging
/// everything above it (see ``merge(from:)``), so a deep page costs about
/// what it costs the largest source alone.
public struct PageQuery: PersonQuery {
    /// The text names must contain; empty for everyone.
    public let search: String
    /// Where the page begins.
    public let start: PageStart
    /// The most persons the page holds.
    public let limit: Int

    /// Asks for up to `limit` persons matching `search` from `start`.
    public init(matching search: String, from start: PageStart, limit: Int) {
        self.search = search
        self.start = start
        self.limit = limit
    }

    public var name: String { "page" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String {
        "page(matching: \(QueryText.quoted(search)), from: \(QueryText.describe(start)), limit: \(limit))"
    }
    public func describe(_ answer: [Person]) -> String { QueryText.count(answer) }

    public func run(on store: some PersonStorage) async throws -> [Person] {
        try await store.answer(self)
    }

    /// Merges each source's page from the same start; a page by number
    /// reads near the page instead of from the top.
    ///
    /// Of the persons above a page by number, the smaller sources can hold
    /// at most `reserved` (at most what each holds, and — once the largest
    /// source says which of its persons stands at `skipped` — at most those
    /// sorting before that one). Every other person above the page is the
    /// largest source's, and sorts before everything on the page. So the
    /// page is the largest source read from `skipped - reserved`, merged
    /// with the first `reserved + limit` of each other source, less the
    /// first `reserved`.
    public func merge(from sources: PersonSources) async throws -> [Person] {
        switch start {
        case .after, .before, .last:
            var merged: [Person] = []
            for source in try await sources.all() {
                merged += try await source.perform(self)
            }
            merged = Person.sortedByKey(merged)
            switch start {
            case .before, .last: return Array(merged.suffix(limit))
            default: return Array(merged.prefix(limit))
            }
        case .offset(let offset):
            return try await page(
                of: try await sources.all(), skipping: max(0, offset), limit: max(0, limit))
        }
    }

    /// Above this many persons in the smaller sources, a page by number first
    /// asks the largest source where the page is, to read fewer of them.
    private static let probeThreshold = 1_000

    /// The `limit` persons after the first `skipped`, read near the page
    /// instead of from the top (see ``merge(from:)``).
    private func page(of sources: [any PersonStore], skipping skipped: Int, limit: Int)
        async throws -> [Person]
    {
        var counts: [Int] = []
        for source in sources { counts.append(try await source.count(matching: search)) }
        guard let largest = counts.indices.max(by: { counts[$0] < counts[$1] }) else { return [] }
        let others = counts.indices.filter { $0 != largest }
        var bounds = others.map { min(skipped, counts[$0]) }
        if bounds.reduce(0, { min(skipped, $0 + $1) }) > Self.probeThreshold,
            let probe = try await sources[largest].page(
                matching: search, from: .offset(skipped), limit: 1
            )
            .first
        {
            bounds = []
            for other in others {
                bounds.append(
                    min(
                        skipped,
                        try await sources[other].position(of: probe.sortKey, matching: search)))
            }
        }
        let reserved = bounds.reduce(0) { min(skipped, $0 + $1) }
        var candidates = try await sources[largest].page(
            matching: search, from: .offset(skipped - reserved), limit: reserved + limit)
        for (source, bound) in zip(others, bounds) {
            candidates += try await sources[source].page(
                matching: search, from: .first, limit: bound + limit)
        }
        return Array(Person.sortedByKey(candidates).dropFirst(reserved).prefix(limit))
    }
}

extension PersonStore {
    /// Up to `limit` persons matching `search`, in name order, from `start`.
    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try await perform(PageQuery(matching: search, from: start, limit: limit))
    }
}

extension Person {
    /// `persons` in key order, each name folded once rather than per
    /// comparison: how a merge of several sources' pages is ordered.
    static func sortedByKey(_ persons: [Person]) -> [Person] {
        persons.map { ($0.sortKey, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension MemoryPersonStore {
    /// The memory store's page, under one hold of its lock.
    public func answer(_ query: PageQuery) async throws -> [Person] {
        let folded = PersonSortKey.fold(query.search)
        return contents.withLock {
            Self.page(of: $0, matching: folded, from: query.start, limit: query.limit)
        }
    }
}
