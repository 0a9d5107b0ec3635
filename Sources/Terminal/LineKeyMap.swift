import Features

/// The line front end's keys: for every intent a screen declares, the line
/// that asks for it.
///
/// ``key(for:)`` and ``editingKeys(on:)`` are exhaustive `switch`es, over
/// every ``Features/ScreenIntent`` and every ``Features/AppScreen``, so a new
/// intent or screen in `Features` does not compile here until this front
/// end says how it is typed. The key lines under the screens, their `?`
/// help, the key reference of `people --help` and the `people graph` tour
/// are all read from here; another front end keeps a map of its own.
public enum LineKeyMap {
    /// The key that asks for `intent`, on every screen that offers it.
    public static func key(for intent: ScreenIntent) -> LineKey {
        switch intent {
        case .open: LineKey("1, 2, …", "open", intent.summary)
        case .nextPage: LineKey("n", "next", intent.summary)
        case .previousPage: LineKey("p", "previous", intent.summary)
        case .search: LineKey("/text", "search", intent.summary + "; " + everyoneAgain)
        case .add: LineKey("a", "add", intent.summary)
        // The full-screen key, where d on the list deletes the person beside.
        case .demo: LineKey("x", "demo", intent.summary)
        case .undo: LineKey("u", "undo", intent.summary)
        case .settings: LineKey("s", "settings", intent.summary)
        case .retry: LineKey("Enter", "retry", intent.summary)
        case .edit: LineKey("e", "edit", intent.summary)
        // The help says, in this front end's keys, how a delete is undone.
        case .delete:
            LineKey("d", "delete", "delete this person (asks first; u on the list undoes it)")
        // On the form, anything else typed is a value, so `q` and `b` are
        // not keys there: `.` is the way back.
        case .cancel: LineKey(".", "cancel", intent.summary)
        case .back: LineKey("b", "back", intent.summary)
        case .quit: LineKey("q", "quit", intent.summary)
        case .help: LineKey("?", "help", intent.summary)
        }
    }

    /// The keys of the line front end's own way of editing on `screen`,
    /// which come before its intents' keys.
    ///
    /// The line form asks for one field a line, so it needs a way to keep a
    /// field's value, one to clear it, and one to keep the rest and save
    /// (a name and an email should not take every prompt); they are how
    /// this front end answers a field, not something the form itself
    /// offers (a full-screen form edits in place), so they are not intents.
    public static func editingKeys(on screen: AppScreen) -> [LineKey] {
        switch screen {
        case .form:
            [
                LineKey("Enter", "keep", "keep the value in brackets"),
                LineKey("-", "clear", "clear an optional field"),
                LineKey("<", "previous", "back to the field before"),
                LineKey(">", "save", "save now, keeping the rest as they are"),
            ]
        // On the list, Enter is the retry intent's key, and shows the list
        // again once it is loaded.
        case .detail, .settings: [LineKey("Enter", "again", "show this screen again")]
        case .list: []
        }
    }

    /// Every key `screen` accepts, in the order its key line shows them.
    public static func keys(on screen: AppScreen) -> [LineKey] {
        editingKeys(on: screen) + screen.intents.map(key(for:))
    }

    /// `keys` as one key line: `e edit · d delete · b back`.
    public static func keyLine(_ keys: [LineKey]) -> String {
        keys.map(\.keyLineEntry).joined(separator: " · ")
    }

    /// The screen's `?` help: its title, then one line per key.
    public static func help(on screen: AppScreen) -> String {
        let keys = keys(on: screen)
        let width = keys.map(\.keys.count).max() ?? 0
        return ([screen.helpTitle] + keys.map { "  \($0.keys.padded(to: width))  \($0.summary)" })
            .joined(separator: "\n")
    }

    /// Every screen's keys, one line each, for `people --help`: each
    /// screen's name padded to the widest, so a screen of any name lines up.
    public static var keyReference: String {
        let width = AppScreen.allCases.map(\.name.count).max() ?? 0
        return "Interactive keys:\n"
            + AppScreen.allCases.map { "  \($0.name.padded(to: width))  \(keyLine(keys(on: $0)))" }
            .joined(separator: "\n")
    }

    /// Lines that, typed on the list, open `screen` (from every screen that
    /// opens it), use it, and come back to the list.
    ///
    /// `people graph` records a session typing every screen's tour in turn,
    /// so the graph has every screen and every provider in it; a test fails
    /// for a screen whose tour does not reach it.
    public static func tour(of screen: AppScreen) -> [String] {
        switch screen {
        case .list: []
        // Open the first person, ask to delete them and keep them, go back.
        case .detail: ["1", "d", "n", "b"]
        // The form of a person (in their scope), then a new person's form.
        case .form: ["1", "e", ".", "b", "a", "."]
        case .settings: ["s", "b"]
        }
    }

    /// How a search is undone in this front end, as help and the list say it.
    public static let everyoneAgain = "/ alone shows everyone"

    /// What a screen that could not load what it is for says after the
    /// reason (`; b goes back.`).
    public static var backHint: String {
        "; \(key(for: .back).keys) goes back."
    }

    /// Every screen's ``tour(of:)`` in turn, then quit: the lines
    /// `people graph` types.
    public static var tour: [String] {
        AppScreen.allCases.flatMap(tour(of:)) + [key(for: .quit).keys]
    }
}
