/// Every screen of the interactive app, declared once, with what a person
/// can ask of each.
///
/// The plain-Swift answer to a container's multibinding ("every plugin of
/// this kind, collected into one set"): a `CaseIterable` enum whose every
/// `switch` is exhaustive. Each front end reads `allCases` and
/// ``intents`` for its key lines, its help and `people --help`, and maps
/// every ``ScreenIntent`` to its own keys in an exhaustive `switch` of its
/// own, so a new case is a compile error in each `switch` until it is
/// described, and a failing test until every front end's help shows it —
/// never a screen or an intent that one of them quietly leaves out.
///
/// It names no key: `Features` speaks intents, and the keys that ask for
/// them are a front end's (the line front end's are in `LineKeyMap`).
///
/// ``ScreenIntent`` is declared below it, in this file, so a new screen
/// and the intent that opens it are written in one place.
public enum AppScreen: String, CaseIterable, Sendable {
    /// The first screen: a page of persons, searchable.
    case list
    /// One person's details.
    case detail
    /// The form that adds or edits a person.
    case form
    /// The settings, and with `--debug` the object graph.
    case settings

    /// How help names the screen: `the list`.
    public var name: String {
        switch self {
        case .list: "the list"
        case .detail: "a person"
        case .form: "the form"
        case .settings: "settings"
        }
    }

    /// The first line of the screen's help: `List keys:`.
    public var helpTitle: String {
        switch self {
        case .list: "List keys:"
        case .detail: "Detail keys:"
        case .form: "Form keys:"
        case .settings: "Settings keys:"
        }
    }

    /// Everything a person can ask of the screen, in the order its help
    /// lists them.
    ///
    /// The form offers only ``ScreenIntent/cancel`` and
    /// ``ScreenIntent/help``, and no quit or back: everything else typed on
    /// it is a value, and a field is saved by answering it, which each
    /// front end does in its own way.
    public var intents: [ScreenIntent] {
        switch self {
        case .list:
            [
                .open, .nextPage, .previousPage, .search, .add, .demo, .undo, .settings, .retry,
                .quit, .help,
            ]
        case .detail: [.edit, .delete, .back, .quit, .help]
        case .form: [.cancel, .help]
        case .settings: [.back, .quit, .help]
        }
    }
}

/// Something a person can ask of a screen, in no front end's words.
///
/// A controller's view model offers each as an action (`showNextPage`,
/// `delete`, `back`); how a person asks for it is the front end's business.
/// The line front end maps ``nextPage`` to typing `n`, the full-screen one
/// to PgDn: each front end keeps its own key map, an
/// exhaustive `switch` over these cases, so a new intent does not compile
/// until every front end says how it is asked for. ``AppScreen/intents``
/// says which screen offers which.
///
/// Only what a person asks of the screen is an intent. How a front end
/// edits text is not: the line front end's form takes one field a line,
/// where Enter keeps the value in brackets and `-` clears an optional
/// field; a full-screen form edits in place. Both hand the form the same
/// answers, so those keys belong to the line front end alone.
///
/// It shares ``AppScreen``'s file: the screens and what can be asked of
/// them are one list, and a newcomer adding a screen writes its case, its
/// intents and the intent that opens it side by side.
public enum ScreenIntent: String, CaseIterable, Sendable {
    /// Open one of the rows shown.
    case open
    /// Show the next page.
    case nextPage
    /// Show the previous page.
    case previousPage
    /// Show only the persons with some text in a field (``PersonSearchText``).
    case search
    /// Add a person.
    case add
    /// Fill an empty book with the demo persons (``DemoBook``): offered
    /// only while the book is empty.
    case demo
    /// Bring back the last person deleted in this session.
    case undo
    /// Open the settings.
    case settings
    /// Load again what could not be loaded.
    case retry
    /// Edit the person shown.
    case edit
    /// Delete the person shown, once the person confirms it.
    case delete
    /// Leave the form without saving.
    case cancel
    /// Go back to the screen before.
    case back
    /// End the session.
    case quit
    /// Show what can be asked of this screen.
    case help

    /// What the intent does, as help says it: `next page`.
    public var summary: String {
        switch self {
        case .open: "open that row"
        case .nextPage: "next page"
        case .previousPage: "previous page"
        case .search: "show only persons matching text"
        case .add: "add a person"
        case .demo: "add three demo persons to an empty book"
        case .undo: "undo the last edit or delete of this session"
        case .settings: "settings (with --debug, also the object graph)"
        case .retry: "load the page again, when it could not be loaded"
        case .edit: "edit this person"
        case .delete: "delete this person (asks first)"
        case .cancel: "leave the form without saving"
        case .back: "back to the screen before"
        case .quit: "quit"
        case .help: "show these keys"
        }
    }
}
