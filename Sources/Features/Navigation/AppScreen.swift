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
                .open, .nextPage, .previousPage, .search, .add, .undo, .settings, .retry, .quit,
                .help,
            ]
        case .detail: [.edit, .delete, .back, .quit, .help]
        case .form: [.cancel, .help]
        case .settings: [.back, .quit, .help]
        }
    }
}
