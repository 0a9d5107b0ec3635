/// Where a page of the list begins.
///
/// Screens page with keys — "the rows after the last one I showed" — which
/// stays cheap however deep the list goes. Scripts ask for a page by number,
/// which needs an offset; that costs more the further down the page is.
public enum PageStart: Sendable, Hashable {
    /// Skip this many matching rows first: page N of a script.
    case offset(Int)
    /// The rows sorting right after this key: the next page.
    case after(PersonSortKey)
    /// The rows sorting right before this key, still in ascending order: the
    /// previous page.
    case before(PersonSortKey)
    /// The rows at the end of the list, still in ascending order: the last
    /// page, read from the end as a page ``before(_:)`` a key is, so it
    /// costs what the first page costs however long the list is.
    case last

    /// The first page.
    public static let first = PageStart.offset(0)

    /// The rows from `key` on, the row with that key first: a page read
    /// again from the same first person when it holds more or fewer rows.
    ///
    /// Keyed like ``after(_:)``, with the key of the id just below: no
    /// person sorts between the two. `nil` for the least id there is, which
    /// has no key below it.
    public static func from(_ key: PersonSortKey) -> PageStart? {
        guard key.id > Int.min else { return nil }
        return .after(PersonSortKey(foldedName: key.foldedName, id: key.id - 1))
    }

    /// The rows up to `key`, the row with that key last: a whole page that
    /// shows that person, or the first page when fewer rows come before.
    ///
    /// Keyed like ``before(_:)``, with the key of the id just above. `nil`
    /// for the largest id there is, which has no key above it.
    public static func through(_ key: PersonSortKey) -> PageStart? {
        guard key.id < Int.max else { return nil }
        return .before(PersonSortKey(foldedName: key.foldedName, id: key.id + 1))
    }
}
