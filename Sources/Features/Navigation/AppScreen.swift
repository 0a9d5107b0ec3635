/// Every screen of the interactive app, declared once, with the keys each
/// accepts.
///
/// The plain-Swift answer to a container's multibinding ("every plugin of
/// this kind, collected into one set"): a `CaseIterable` enum whose every
/// `switch` is exhaustive. `people --help`, each screen's `?` help and key
/// line, the recorded tour behind `people graph` and the tests all read
/// `allCases`, so a new case is a compile error in each `switch` below
/// until it is described, and a failing test until the tour opens it —
/// never a screen that one of them quietly leaves out.
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

    /// The first line of the screen's `?` help: `List keys:`.
    public var helpTitle: String {
        switch self {
        case .list: "List keys:"
        case .detail: "Detail keys:"
        case .form: "Form keys:"
        case .settings: "Settings keys:"
        }
    }

    /// Every key the screen accepts, in the order its key line shows them.
    public var keys: [KeyBinding] {
        switch self {
        case .list:
            [
                Self.open, Self.next, Self.previous,
                KeyBinding(
                    "/text", "search", "show only names containing text; / alone shows everyone"),
                KeyBinding("a", "add", "add a person"),
                KeyBinding("u", "undo", "undo the last delete of this session"),
                KeyBinding("s", "settings", "settings (with --debug, also the object graph)"),
                Self.retry, KeyBinding.quit, KeyBinding.help,
            ]
        case .detail:
            [
                KeyBinding("e", "edit", "edit this person"),
                KeyBinding(
                    "d", "delete", "delete this person (asks first; u on the list undoes it)"),
                KeyBinding.back, KeyBinding.quit, KeyBinding.help,
            ]
        case .form:
            // Anything else typed is a value, so `q` and `b` are not keys
            // here: `.` is the way back.
            [
                KeyBinding("Enter", "keep", "keep the value in brackets"),
                KeyBinding("-", "clear", "clear an optional field"),
                KeyBinding(".", "cancel", "leave the form without saving"),
                KeyBinding.help,
            ]
        case .settings:
            [KeyBinding.back, KeyBinding.quit, KeyBinding.help]
        }
    }

    /// Keys that, typed on the list, open this screen (from every screen
    /// that opens it), use it, and come back to the list.
    ///
    /// `people graph` records a session typing every screen's tour in turn,
    /// so the graph has every screen and every provider in it; a test fails
    /// for a screen whose tour does not reach it.
    public var tour: [String] {
        switch self {
        case .list: []
        // Open the first person, ask to delete them and keep them, go back.
        case .detail: ["1", "d", "n", "b"]
        // The form of a person (in their scope), then a new person's form.
        case .form: ["1", "e", ".", "b", "a", "."]
        case .settings: ["s", "b"]
        }
    }

    /// The screen's `?` help: its title, then one line per key.
    public var help: String {
        KeyBinding.help(helpTitle, keys)
    }

    /// The list's row numbers, which its key line shows as the range there is.
    public static let open = KeyBinding("1, 2, …", "open", "open that row")
    /// The list's next page, left off its key line on the last page.
    public static let next = KeyBinding("n", "next", "next page")
    /// The list's previous page, left off its key line on the first page.
    public static let previous = KeyBinding("p", "previous", "previous page")

    /// The list's retry, on its key line only while a page could not be loaded.
    public static let retry = KeyBinding(
        "Enter", "retry", "load the page again, when it could not be loaded")

    /// Every screen's keys, one line each, for `people --help`.
    public static var keyReference: String {
        "Interactive keys:\n"
            + allCases.map { "  \($0.name.padded(to: 10))  \(KeyBinding.keyLine($0.keys))" }
            .joined(separator: "\n")
    }
}
