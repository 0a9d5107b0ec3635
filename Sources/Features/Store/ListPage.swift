/// One page of the list as a screen shows it: the rows, how many match in
/// all, where the first row stands, and where the page really began.
///
/// A screen needs all four to draw "11–20 of 42" and to know whether there
/// is a page before or after. Asked for with one call,
/// ``PersonStore/listPage(matching:from:size:)``, so that a page costs one
/// trip to wherever the persons are: one wait across a slow network, one
/// statement to a server, one snapshot of a file. Asked for with three
/// calls — count, page, position — it cost three trips, and the three
/// answers could each see a different moment of the book.
public struct ListPage: Sendable, Hashable {
    /// The persons on the page, in ``PersonSortKey`` order.
    public var rows: [Person]
    /// How many persons match the search in all.
    public var total: Int
    /// How many matching persons sort before the first row: 10 for "11–20".
    public var firstIndex: Int
    /// Where the page began: the start asked for, or a fallback's.
    ///
    /// A fallback (see ``fallback(from:read:total:size:)``) may move a page
    /// that came back empty. A caller that must not be moved — a script
    /// asking for the rows after a cursor — compares this with its start.
    public var start: PageStart

    /// A page of `rows` from `start`, `firstIndex` into `total`.
    public init(rows: [Person], total: Int, firstIndex: Int, start: PageStart) {
        self.rows = rows
        self.total = total
        self.firstIndex = firstIndex
        self.start = start
    }

    /// Where to read instead when the rows read from `start` are no page to
    /// show, or `nil` when they are.
    ///
    /// Another screen, or another program, may delete persons between two
    /// pages. So:
    /// - a page before a key (or the last page) that comes back short is
    ///   near the top: the whole first page is shown instead;
    /// - a page that comes back empty while some persons match had its
    ///   persons deleted: the last page is shown;
    /// - and when the last page is empty too, the total was wrong (another
    ///   program wrote it): the first page, rather than an empty list.
    ///
    /// Each store applies it, so every caller gets the same page. The first
    /// page is never left, so reading stops after two fallbacks at most.
    public static func fallback(
        from start: PageStart, read rows: [Person], total: Int, size: Int
    ) -> PageStart? {
        let size = max(1, size)
        let last = PageStart.offset(max(0, total - 1) / size * size)
        switch start {
        case .first: return nil
        // The last page, short, holds everyone: the first page does too.
        case .before where rows.count < size, .last where rows.count < size: return .first
        case _ where rows.isEmpty && total > 0: return start == last ? .first : last
        default: return nil
        }
    }

    /// The page from `start`, read through the three smaller answers, with
    /// the fallbacks applied: how a store that keeps its persons in this
    /// process (and so can read them all under one lock) answers.
    ///
    /// - Parameters:
    ///   - start: where the page should begin.
    ///   - size: rows per page, at least 1.
    ///   - count: how many match.
    ///   - page: up to `size` rows from a start.
    ///   - position: how many matching rows sort before a key.
    public static func reading<Failure: Error>(
        from start: PageStart, size: Int,
        count: () throws(Failure) -> Int,
        page: (PageStart) throws(Failure) -> [Person],
        position: (PersonSortKey) throws(Failure) -> Int
    ) throws(Failure) -> ListPage {
        var start = start
        let total = try count()
        var rows = try page(start)
        while let next = fallback(from: start, read: rows, total: total, size: size) {
            start = next
            rows = try page(start)
        }
        // The last page stands its length from the end: nothing to count,
        // which at the end of a large book would count it all.
        let firstIndex =
            start == .last
            ? max(0, total - rows.count) : try firstIndex(of: rows, from: start, position)
        return ListPage(rows: rows, total: total, firstIndex: firstIndex, start: start)
    }

    /// The index of the first of `rows`: the offset a page by number began
    /// at, else where its first row stands.
    static func firstIndex<Failure: Error>(
        of rows: [Person], from start: PageStart,
        _ position: (PersonSortKey) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        if case .offset(let offset) = start { return max(0, offset) }
        guard let first = rows.first else { return 0 }
        return try position(first.sortKey)
    }
}

extension PersonStore {
    /// The page from `start` read with ``count(matching:)``,
    /// ``page(matching:from:limit:)`` and ``position(of:matching:)``, all
    /// inside one ``readingConsistently(_:)``, with the fallbacks applied.
    ///
    /// How a store with no cheaper way answers
    /// ``listPage(matching:from:size:)``: every answer comes from one
    /// snapshot, though it may cost several trips to the store.
    public func listPageInParts(matching search: String, from start: PageStart, size: Int)
        async throws -> ListPage
    {
        let size = max(1, size)
        return try await readingConsistently {
            var start = start
            let total = try await count(matching: search)
            var rows = try await page(matching: search, from: start, limit: size)
            while let next = ListPage.fallback(from: start, read: rows, total: total, size: size) {
                start = next
                rows = try await page(matching: search, from: start, limit: size)
            }
            let firstIndex: Int
            if case .offset(let offset) = start {
                firstIndex = max(0, offset)
            } else if start == .last {
                firstIndex = max(0, total - rows.count)
            } else if let first = rows.first {
                firstIndex = try await position(of: first.sortKey, matching: search)
            } else {
                firstIndex = 0
            }
            return ListPage(rows: rows, total: total, firstIndex: firstIndex, start: start)
        }
    }
}
