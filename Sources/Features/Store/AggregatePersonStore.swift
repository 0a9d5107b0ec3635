import Foundation

/// Several stores shown as one: the app's own store, plus read-only sources
/// such as imported files.
///
/// It is itself a ``PersonStore``, so the list pages through everyone in one
/// order without knowing there is more than one source. Each source is
/// already ordered by ``PersonSortKey``, so a page is a merge: take a page
/// from each source from the same starting point, merge them, keep the
/// first (or, going back, the last) `limit`. A page by number is found
/// without merging everything above it (see `page(of:matching:skipping:limit:)`),
/// so a deep page costs about what it costs the largest source alone.
///
/// Not every answer is combined from its sources'. A question that splits
/// by source — a count, a page, a person by id — is asked of each, and the
/// answers added up, merged or the first found kept; one that does not is
/// asked of the primary alone: a consistent read and a check, since the
/// imported sources never change and keep nothing derived. New persons go
/// to the primary store. A change or a delete goes to the source that holds
/// the person, which for a read-only source refuses it.
public final class AggregatePersonStore: PersonStore {
    private let primary: any PersonStore
    private let readOnly: @Sendable () async throws -> [any PersonStore]

    /// The persons of `primary` and of every store `readOnly` gives, as one
    /// list.
    ///
    /// The read-only stores come through an async provider because fetching
    /// them — reading files, downloading URLs — is slow and can fail: the
    /// first call made through this store fetches them (the provider keeps
    /// them once fetched), and a failed fetch fails that call alone, so the
    /// next one tries again.
    ///
    /// Ids must not collide between the stores: imported persons have
    /// negative ids for that reason.
    public init(
        primary: any PersonStore,
        readOnly: @escaping @Sendable () async throws -> [any PersonStore]
    ) {
        self.primary = primary
        self.readOnly = readOnly
    }

    /// Every source, the primary first.
    private func sources() async throws -> [any PersonStore] {
        [primary] + (try await readOnly())
    }

    public func count(matching search: String) async throws -> Int {
        var total = 0
        for source in try await sources() { total += try await source.count(matching: search) }
        return total
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        var total = 0
        for source in try await sources() {
            total += try await source.position(of: key, matching: search)
        }
        return total
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        let sources = try await sources()
        switch start {
        case .after, .before:
            var merged: [Person] = []
            for source in sources {
                merged += try await source.page(matching: search, from: start, limit: limit)
            }
            merged = Self.sorted(merged)
            if case .before = start { return Array(merged.suffix(limit)) }
            return Array(merged.prefix(limit))
        case .offset(let offset):
            return try await page(
                of: sources, matching: search, skipping: max(0, offset), limit: max(0, limit))
        }
    }

    /// The page from `start`, merged from one ``listPage(matching:from:size:)``
    /// of each source: one trip to the primary store, for the pages the
    /// list turns to.
    ///
    /// The first page, and a page after or before a key, is a merge of each
    /// source's page from the same start; what each source says about its
    /// rows above that start adds up to where the merged page stands. A
    /// page by number is read in parts (``listPageInParts(matching:from:size:)``),
    /// since finding it needs every source's count first (see
    /// `page(of:matching:skipping:limit:)`); so is the rare page a fallback
    /// moves to the end of the list.
    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        let size = max(1, size)
        let merged: ListPage
        switch start {
        case .offset(let offset) where offset > 0:
            return try await listPageInParts(matching: search, from: start, size: size)
        case .offset, .after:
            merged = try await mergedPage(matching: search, after: start, size: size)
        case .before(let key):
            merged = try await mergedPage(matching: search, before: key, size: size)
        }
        guard
            let next = ListPage.fallback(
                from: start, read: merged.rows, total: merged.total, size: size)
        else { return merged }
        return try await listPage(matching: search, from: next, size: size)
    }

    /// The first `size` persons from the top (`.first`) or after a key,
    /// with the number of persons above them: in each source, those above
    /// its own page, or all of them when none of its persons come after.
    private func mergedPage(matching search: String, after start: PageStart, size: Int)
        async throws -> ListPage
    {
        var (rows, total, above) = ([Person](), 0, 0)
        for source in try await sources() {
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
            rows: Array(Self.sorted(rows).prefix(size)), total: total, firstIndex: above,
            start: start)
    }

    /// The last `size` persons before `key`, with the number of persons
    /// above them: of every source's persons before `key`, all but those on
    /// the page.
    private func mergedPage(matching search: String, before key: PersonSortKey, size: Int)
        async throws -> ListPage
    {
        var (rows, total, before) = ([Person](), 0, 0)
        for source in try await sources() {
            let page = try await source.listPage(matching: search, from: .before(key), size: size)
            total += page.total
            // A source with fewer than `size` persons before `key` gave its
            // first page instead: those before `key` are all on it.
            let earlier =
                page.start == .before(key) ? page.rows : page.rows.filter { $0.sortKey < key }
            rows += earlier
            before += page.start == .before(key) ? page.firstIndex + earlier.count : earlier.count
        }
        let kept = Array(Self.sorted(rows).suffix(size))
        return ListPage(
            rows: kept, total: total, firstIndex: before - kept.count, start: .before(key))
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        for source in try await sources() {
            if let person = try await source.person(withID: id) { return person }
        }
        return nil
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try await primary.add(draft, addedAt: date)
    }

    /// The primary store's consistent reads: the imported sources never change.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try await primary.readingConsistently(body)
    }

    /// Checks the primary store: the imported sources keep nothing derived.
    public func check(repairing: Bool) async throws -> StoreCheck {
        try await primary.check(repairing: repairing)
    }

    public func add(
        contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date
    ) async throws -> Int {
        try await primary.add(contentsOf: drafts, addedAt: date)
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try await owner(of: opened.id).update(opened, with: draft)
    }

    public func delete(_ opened: Person) async throws {
        try await owner(of: opened.id).delete(opened)
    }

    public func restore(_ person: Person) async throws {
        try await primary.restore(person)
    }

    /// The source holding `id`; the primary when none does, so that its
    /// own "not found" is what the caller sees.
    private func owner(of id: Person.ID) async throws -> any PersonStore {
        for source in try await sources() where try await source.person(withID: id) != nil {
            return source
        }
        return primary
    }

    /// `persons` in key order, each name folded once rather than per comparison.
    private static func sorted(_ persons: [Person]) -> [Person] {
        persons.map { ($0.sortKey, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Above this many persons in the smaller sources, a page by number first
    /// asks the largest source where the page is, to read fewer of them.
    private static let probeThreshold = 1_000

    /// The `limit` persons after the first `skipped`, read near the page
    /// instead of from the top.
    ///
    /// Of the persons above the page, the smaller sources can hold at most
    /// `reserved` (at most what each holds, and — once the largest source
    /// says which of its persons stands at `skipped` — at most those sorting
    /// before that one). Every other person above the page is the largest
    /// source's, and sorts before everything on the page. So the page is the
    /// largest source read from `skipped - reserved`, merged with the first
    /// `reserved + limit` of each other source, less the first `reserved`.
    private func page(
        of sources: [any PersonStore], matching search: String, skipping skipped: Int, limit: Int
    ) async throws -> [Person] {
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
        return Array(Self.sorted(candidates).dropFirst(reserved).prefix(limit))
    }
}
