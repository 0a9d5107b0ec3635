import Features
import Terminal

/// One key of the full-screen front end: the keys that ask for it, how the
/// key line and help name it, and what it does.
public struct FullScreenKey: Sendable, Equatable {
    /// The keys that ask for it; the first is the one the key line names.
    public let keys: [Key]
    /// How help names the keys: `PgDn`, `? F1`.
    public let label: String
    /// The key line's word for it: `next`.
    public let word: String
    /// What it does, as help says it.
    public let summary: String

    /// A key with these names.
    public init(_ keys: [Key], _ label: String, _ word: String, _ summary: String) {
        self.keys = keys
        self.label = label
        self.word = word
        self.summary = summary
    }

    /// `PgDn next`: how the key line shows it.
    public var keyLineEntry: String { "\(label) \(word)" }
}

/// The full-screen front end's keys: every ``Features/ScreenIntent`` mapped
/// to keys in one exhaustive `switch`, beside the line front end's own map
/// (`LineKeyMap`).
///
/// The two maps share nothing but the intents: the same controllers are
/// asked for the next page by `n` on a line and by PgDn here. A new intent
/// does not compile until this map says which key asks for it, and a test
/// holds help, the key line and `people --help` to these declarations.
public enum FullScreenKeyMap {
    /// The key that asks for `intent`.
    public static func key(for intent: ScreenIntent) -> FullScreenKey {
        switch intent {
        case .open: FullScreenKey([.enter, .right], "Enter", "open", intent.summary)
        case .nextPage: FullScreenKey([.pageDown], "PgDn", "next", intent.summary)
        case .previousPage: FullScreenKey([.pageUp], "PgUp", "previous", intent.summary)
        case .search:
            FullScreenKey(
                [.character("/")], "/", "search",
                "search as you type; Enter keeps it, Esc shows everyone again")
        case .add: FullScreenKey([.character("a")], "a", "add", intent.summary)
        // Not D, first proposed: case does not count, and d on the list
        // deletes the person beside it.
        case .demo: FullScreenKey([.character("x")], "x", "demo", intent.summary)
        case .undo: FullScreenKey([.character("u")], "u", "undo", intent.summary)
        case .settings: FullScreenKey([.character("s")], "s", "settings", intent.summary)
        case .retry:
            FullScreenKey(
                [.character("r")], "r", "retry",
                "read the page and the person beside it again, loaded or not")
        case .edit: FullScreenKey([.character("e")], "e", "edit", intent.summary)
        case .delete:
            FullScreenKey(
                [.character("d")], "d", "delete",
                "delete this person (asks first; u on the list undoes it)")
        case .cancel: FullScreenKey([.escape], "Esc", "cancel", intent.summary)
        case .back:
            FullScreenKey([.escape, .left, .character("b")], "Esc", "back", intent.summary)
        case .quit: FullScreenKey([.character("q"), .interrupt], "q", "quit", intent.summary)
        // On the form `?` is text, so F1 asks for help there.
        case .help: FullScreenKey([.character("?"), .f1], "? F1", "help", intent.summary)
        }
    }

    /// The key that asks for `intent` on `screen`: the map's key, but on the
    /// form, where every character typed is text, help is F1 alone.
    public static func key(for intent: ScreenIntent, on screen: AppScreen) -> FullScreenKey {
        guard intent == .help, screen == .form else { return key(for: intent) }
        return FullScreenKey([.f1], "F1", "help", intent.summary)
    }

    /// The keys of a screen that ask for no intent: moving the highlight,
    /// scrolling, and editing a field in place.
    public static func editingKeys(on screen: AppScreen) -> [FullScreenKey] {
        switch screen {
        case .list:
            [
                FullScreenKey(
                    [.up, .down, .character("k"), .character("j")], "↑ ↓", "move",
                    "move the highlight; the detail follows it"),
                FullScreenKey(
                    [.home, .end], "Home End", "first/last", "first or last row of the page"),
            ]
        case .form:
            [
                FullScreenKey([.tab, .down, .backTab, .up], "Tab", "next field", "next field"),
                FullScreenKey([.enter], "Enter", "save", "save the person"),
            ]
        case .settings:
            [
                FullScreenKey(
                    [.up, .down, .character("k"), .character("j")], "↑ ↓", "scroll",
                    "scroll the object graph when it is longer than the pane")
            ]
        case .detail: []
        }
    }

    /// Every key of `screen`, its editing keys first, then its intents in
    /// the order ``Features/AppScreen/intents`` lists them.
    public static func keys(on screen: AppScreen) -> [FullScreenKey] {
        editingKeys(on: screen) + screen.intents.map { key(for: $0, on: screen) }
    }

    /// The intent `key` asks for on `screen`, if any.
    public static func intent(of key: Key, on screen: AppScreen) -> ScreenIntent? {
        let typed: Key
        if case .character(let character) = key, character.isUppercase,
            let lower = character.lowercased().first
        {
            typed = .character(lower)
        } else {
            typed = key
        }
        return screen.intents.first { Self.key(for: $0, on: screen).keys.contains(typed) }
    }

    /// `↑ ↓ move · Enter open · …`: the key line of `screen`.
    public static func keyLine(_ keys: [FullScreenKey]) -> String {
        keys.map(\.keyLineEntry).joined(separator: " · ")
    }

    /// `line` cut to `columns`, its last entry kept when it is help, the
    /// one key that tells the rest, as on every screen: the entries before
    /// it give way to `…` instead.
    ///
    /// A line that does not end with help (a question's, a search's)
    /// keeps its start, where what answers it comes first, and is cut at
    /// the window's edge.
    public static func keyLine(_ line: String, fitting columns: Int) -> String {
        let entries = line.components(separatedBy: " · ")
        let help = [key(for: .help), key(for: .help, on: .form)].map(\.keyLineEntry)
        guard line.displayColumns > columns, let last = entries.last, entries.count > 1,
            help.contains(last)
        else {
            return line
        }
        var kept = entries.dropLast()
        while !kept.isEmpty, (kept + ["…", last]).joined(separator: " · ").displayColumns > columns
        {
            kept.removeLast()
        }
        return (kept + ["…", last]).joined(separator: " · ")
    }

    /// The help of `screen`: its title, then each key and what it does.
    public static func help(on screen: AppScreen) -> [String] {
        let keys = keys(on: screen)
        let width = keys.map(\.label.count).max() ?? 0
        return [screen.helpTitle]
            + keys.map { "  \($0.label.padded(to: width))  \($0.summary)" }
    }

    /// Every screen's keys, one line each: what `people --help` and the
    /// command-line reference print for the full-screen front end, each
    /// screen's name padded to the widest, so a screen of any name lines up.
    public static var keyReference: String {
        let width = AppScreen.allCases.map(\.name.count).max() ?? 0
        return "Full-screen keys (--ui full):\n"
            + AppScreen.allCases.map { "  \($0.name.padded(to: width))  \(keyLine(keys(on: $0)))" }
            .joined(separator: "\n")
    }
}
