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

    /// The first page.
    public static let first = PageStart.offset(0)
}
