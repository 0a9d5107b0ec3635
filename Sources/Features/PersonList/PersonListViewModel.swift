/// Everything the list screen shows, already worded, and what each key does.
///
/// The controller turns persons into this; a view shows it and calls its
/// closures. A view never sees a ``Person`` or a store, so a view can be
/// swapped without touching the model, and the model without touching a view.
public struct PersonListViewModel {
    /// "People", or "People matching “ada”".
    public var title: String
    /// "1–10 of 42", or why the list is empty ("no one yet", "no one
    /// matches", "not loaded"), in no front end's keys: a view adds how to
    /// go on in its own.
    public var summary: String
    /// The number of the first row shown, counting from 1; 0 for none.
    ///
    /// With ``total``, what ``summary`` says in words, as values: a front
    /// end that shows the numbers its own way (a page count in a title bar,
    /// a report) never parses words for them.
    public var firstRow = 0
    /// How many persons the list holds (those matching the search): the
    /// "42" of "1–10 of 42".
    public var total = 0
    /// Which page this is, counting from 1: the page of its last row, so
    /// the last page is always page ``pages``.
    public var page = 1
    /// How many pages the list takes at its page size; 1 when it is empty.
    public var pages = 1
    /// The search in effect: empty when everyone is listed.
    public var searchText = ""
    /// Whether changes made elsewhere, which the list follows, are not
    /// being heard now: the page may be out of date, and a view says so.
    public var isNotFollowingChanges = false
    /// The rows of this page, top to bottom.
    public var rows: [PersonRowViewModel]
    /// Whether the page is still loading: the rows are the ones shown
    /// before, or none, until it arrives.
    public var isLoading = false
    /// How many rows a page holds: the configured size, or the rows a
    /// view said it shows through ``fitPage``.
    public var rowsPerPage = 1
    /// Makes each page as many rows long as the view shows, from the same
    /// first person: a front end whose page is its window calls it when
    /// it first draws and whenever the window changes size.
    public var fitPage: @MainActor (Int) -> Void = { _ in }
    /// The person just added, on this page: a view highlights them.
    public var justAdded: Person.ID?
    /// Shows the first page of the list (of the search).
    public var showFirst: (@MainActor () async -> Void)?
    /// Shows the last page of the list (of the search): one read from the
    /// end, not a page turned after another.
    public var showLast: (@MainActor () async -> Void)?
    /// Moves the page this many rows down (up, when negative), as far as
    /// there are persons, and returns how far it moved: `Ctrl-D` and
    /// `Ctrl-U`, half a window at a time.
    public var scroll: @MainActor (Int) async -> Int = { _ in 0 }
    /// Shows the next page; `nil` on the last one.
    public var showNextPage: (@MainActor () async -> Void)?
    /// Shows the previous page; `nil` on the first one.
    public var showPreviousPage: (@MainActor () async -> Void)?
    /// Loads the page again; set only while it could not be loaded, so that
    /// the list keeps working after a failure: retrying is one more thing
    /// to ask, and quitting, help and searching still do what they always do.
    public var retry: (@MainActor () async -> Void)?
    /// Reads the page again, loaded or not.
    ///
    /// A file tells no one when another program changes it, so asking is
    /// how its changes are seen. Set by the list on every page; `nil` only
    /// on a page a test made.
    public var reload: (@MainActor () async -> Void)?
    /// Shows only persons with the text in a field; empty shows everyone.
    public var search: @MainActor (String) async -> Void
    /// Opens the form for a new person.
    public var add: @MainActor () async -> Void
    /// Adds the demo persons; set only while the book is empty (no one
    /// in it, and no search), the one time they are offered.
    public var addDemoPersons: (@MainActor () async -> Void)?
    /// Puts back the person deleted last in this session.
    public var undo: @MainActor () async -> Void
    /// Opens the screen an intent of the list asks for with no argument,
    /// such as ``ScreenIntent/settings``.
    ///
    /// One action for all of them: a view hands it every intent of the list
    /// it does not handle itself, so a new screen the list opens needs no
    /// new closure here and no new line in any view.
    public var openScreen: @MainActor (ScreenIntent) async -> Void
    /// Ends the session.
    public var quit: @MainActor () async -> Void

    /// A page with no next or previous page until those are set.
    public init(
        title: String, summary: String, rows: [PersonRowViewModel],
        showNextPage: (@MainActor () async -> Void)? = nil,
        showPreviousPage: (@MainActor () async -> Void)? = nil,
        search: @escaping @MainActor (String) async -> Void,
        add: @escaping @MainActor () async -> Void,
        undo: @escaping @MainActor () async -> Void,
        openScreen: @escaping @MainActor (ScreenIntent) async -> Void,
        quit: @escaping @MainActor () async -> Void
    ) {
        self.title = title
        self.summary = summary
        self.rows = rows
        self.showNextPage = showNextPage
        self.showPreviousPage = showPreviousPage
        self.search = search
        self.add = add
        self.undo = undo
        self.openScreen = openScreen
        self.quit = quit
    }
}

/// One row of the list: the person as text, and what selecting it does.
///
/// The selection is a closure, as a tap handler would be on iOS: the view does
/// not know that selecting opens a detail screen.
public struct PersonRowViewModel {
    /// The person's name.
    public var title: String
    /// A second detail, such as the address.
    public var subtitle: String
    /// The person the row shows, so a view can keep its highlight on them
    /// when the page is read again and rows before them came or went;
    /// `nil` on a row a test made, which a view tells apart by its title.
    public var personID: Person.ID?
    /// Opens this person.
    public var select: @MainActor () async -> Void

    /// A model with these values.
    public init(title: String, subtitle: String, select: @escaping @MainActor () async -> Void) {
        self.title = title
        self.subtitle = subtitle
        self.select = select
    }
}
