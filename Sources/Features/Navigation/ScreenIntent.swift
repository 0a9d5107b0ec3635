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
public enum ScreenIntent: String, CaseIterable, Sendable {
    /// Open one of the rows shown.
    case open
    /// Show the next page.
    case nextPage
    /// Show the previous page.
    case previousPage
    /// Show only the persons whose names contain some text.
    case search
    /// Add a person.
    case add
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
        case .search: "show only names containing text"
        case .add: "add a person"
        case .undo: "undo the last delete of this session"
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
