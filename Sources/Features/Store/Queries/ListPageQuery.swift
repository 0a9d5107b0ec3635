/// The page of persons matching a search from a start, with their total
/// and the index of the first row, all as of one moment:
/// ``PersonStore/listPage(matching:from:size:)``.
///
/// Across several sources, the page is merged from one page of each
/// source: one trip to the primary store for the pages the list turns to
/// (see ``merge(from:)``).
public struct ListPageQuery: PersonQuery {
    /// The text names must contain; empty for everyone.
    public let search: String
    /// Where the page begins: the top, after or before a key, or a row number.
    public let start: PageStart
    /// Rows per page; below 1 counts as 1.
    public let size: Int

    /// Asks for the page of `size` rows matching `search` from `start`.
    public init(matching search: String, from start: PageStart, size: Int) {
        self.search = search
        self.start = start
        self.size = size
    }

    public var name: String { "listPage" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String {
        "listPage(matching: \(QueryText.quoted(search)), from: \(QueryText.describe(start)), size: \(size))"
    }
    public func describe(_ answer: ListPage) -> String {
        "\(QueryText.count(answer.rows)) of \(answer.total) from \(QueryText.describe(answer.start))"
    }

    public func run(on store: some PersonStorage) async throws -> ListPage {
        try await store.answer(self)
    }

    /// The page from `start`, merged from one page of each source.
    ///
    /// The first page, and a page after or before a key, is a merge of each
    /// source's page from the same start; what each source says about its
    /// rows above that start adds up to where the merged page stands. A
    /// page by number is read in parts (``PersonStore/listPageInParts(matching:from:size:)``),
    /// since finding it needs every source's count first (see
    /// ``PageQuery/merge(from:)``); so is the rare page a fallback moves to
    /// the end of the list.
    public func merge(from sources: PersonSources) async throws -> ListPage {
        let size = max(1, size)
        let merged: ListPage
        switch start {
        case .offset(let offset) where offset > 0:
            return try await sources.whole.listPageInParts(
                matching: search, from: start, size: size)
        case .offset, .after:
            merged = try await mergedPage(of: sources, after: start, size: size)
        case .before(let key):
            merged = try await mergedPage(of: sources, before: key, size: size)
        case .last:
            merged = try await mergedLastPage(of: sources, size: size)
        }
        guard
            let next = ListPage.fallback(
                from: start, read: merged.rows, total: merged.total, size: size)
        else { return merged }
        return try await ListPageQuery(matching: search, from: next, size: size)
            .merge(from: sources)
    }

    /// The first `size` persons from the top (`.first`) or after a key,
    /// with the number of persons above them: in each source, those above
    /// its own page, or all of them when none of its persons come after.
    private func mergedPage(of sources: PersonSources, after start: PageStart, size: Int)
        async throws -> ListPage
    {
        var (rows, total, above) = ([Person](), 0, 0)
        for source in try await sources.all() {
            let page = try await source.listPage(matching: search, from: start, size: size)
            total += page.total
            // A source that moved its page found none of its persons there.
            if page.start == start {
                rows += page.rows
                above += page.rows.isEmpty ? page.total : page.firstIndex
            } else {
                above += page.total
            }
        }
        return ListPage(
            rows: Array(Person.sortedByKey(rows).prefix(size)), total: total, firstIndex: above,
            start: start)
    }

    /// The last `size` persons before `key`, with the number of persons
    /// above them: of every source's persons before `key`, all but those on
    /// the page.
    private func mergedPage(of sources: PersonSources, before key: PersonSortKey, size: Int)
        async throws -> ListPage
    {
        var (rows, total, before) = ([Person](), 0, 0)
        for source in try await sources.all() {
            let page = try await source.listPage(matching: search, from: .before(key), size: size)
            total += page.total
            // A source with fewer than `size` persons before `key` gave its
            // first page instead: those before `key` are all on it.
            let earlier =
                page.start == .before(key) ? page.rows : page.rows.filter { $0.sortKey < key }
            rows += earlier
            before += page.start == .before(key) ? page.firstIndex + earlier.count : earlier.count
        }
        let kept = Array(Person.sortedByKey(rows).suffix(size))
        return ListPage(
            rows: kept, total: total, firstIndex: before - kept.count, start: .before(key))
    }

    /// The last `size` persons of all: of every source's last page, the
    /// last `size`, standing that many from the end of the total.
    private func mergedLastPage(of sources: PersonSources, size: Int) async throws -> ListPage {
        var (rows, total) = ([Person](), 0)
        for source in try await sources.all() {
            let page = try await source.listPage(matching: search, from: .last, size: size)
            total += page.total
            rows += page.rows
        }
        let kept = Array(Person.sortedByKey(rows).suffix(size))
        return ListPage(rows: kept, total: total, firstIndex: total - kept.count, start: .last)
    }
}

extension PersonStore {
    /// The page of persons matching `search` from `start`, with their total
    /// and the index of the first row, all as of one moment: what a screen
    /// or `people list` shows, in one call.
    ///
    /// One call, so that a page is one trip to the store — one wait across
    /// a network, one statement to a server — whichever store is used.
    /// Every real store answers it itself (``PersonStorage``), and the
    /// compiler names any that does not (the server store only in a build
    /// with its trait, `swift build --traits PostgreSQL`, since the default
    /// build never compiles it); a store with no cheaper way answers with
    /// ``listPageInParts(matching:from:size:)``. The store applies
    /// ``ListPage/fallback(from:read:total:size:)``, so a page whose persons
    /// were deleted meanwhile is never shown empty.
    ///
    /// - Parameters:
    ///   - search: the text names must contain; empty for everyone.
    ///   - start: where the page begins: the top, after or before a key, or
    ///     a row number.
    ///   - size: rows per page; below 1 counts as 1.
    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try await perform(ListPageQuery(matching: search, from: start, size: size))
    }
}

extension MemoryPersonStore {
    /// The memory store's page, with its total and first row's index, all
    /// read under one hold of its lock: no write lands between them.
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
}
