import Features
import Terminal

/// One key of the full-screen front end: the keys that ask for it, how the
/// key line and help name it, and what it does.
public struct FullScreenKey: Sendable, Equatable {
    /// The keys that ask for it; the first is the one the key line names.
    public let keys: [Key]
    /// How the key line names the keys, shortly: `PgDn`, `↑ ↓`; help and
    /// `people --help` name every key (``names``).
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

    /// Every key that asks for it, by name (`Esc ← b`): what help and
    /// `people --help` show, read from ``keys`` themselves, so a key that
    /// is answered cannot be left out of them as `label` could leave it.
    public var names: String {
        var named: [String] = []
        for name in keys.map(\.name) where !named.contains(name) { named.append(name) }
        return named.joined(separator: " ")
    }
}

/// The full-screen front end's keys: every ``Features/ScreenIntent`` mapped
/// to keys in one exhaustive `switch`, beside the line front end's own map
/// (`LineKeyMap`), and the keys that are no intent: a window's, a field's,
/// a search's and every screen's.
///
/// The keys that are no intent are declared here, not in the views, so
/// help and `people --help` name every key a screen answers, and a test
/// drives each. Two more exhaustive `switch`es over every
/// ``Features/AppScreen``, in `shownEditingKeys(on:)` and
/// ``answeredKeys(on:)``, make a new screen say which it has.
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
        case .cancel:
            FullScreenKey(
                [.escape], "Esc", "cancel",
                "leave the form without saving; asks first once a field changed")
        case .back:
            FullScreenKey([.escape, .left, .character("b")], "Esc", "back", intent.summary)
        // Ctrl-C quits too, but from every screen: ``everywhereKeys``.
        case .quit: FullScreenKey([.character("q")], "q", "quit", intent.summary)
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
    ///
    /// The list's first/last and half-window keys are here, not intents:
    /// they move a highlight through a window, which only this front end
    /// has. The line front end shows a page and asks for the next; its `n`
    /// and `p` are the intents both share.
    public static func editingKeys(on screen: AppScreen) -> [FullScreenKey] {
        shownEditingKeys(on: screen) + helpOnlyKeys(on: screen)
    }

    /// The editing keys help names but the key line leaves out, to keep
    /// room for the keys a newcomer looks for: other names for a key the
    /// line shows (g and G for Home and End), and the keys of less and vi.
    public static func helpOnlyKeys(on screen: AppScreen) -> [FullScreenKey] {
        let list =
            screen == .list
            ? [
                FullScreenKey(
                    [.character("g"), .character("G")], "g G", "first/last",
                    "the first or the last person, as Home and End"),
                FullScreenKey(
                    [.halfPageDown, .clearLine], "Ctrl-D Ctrl-U", "half",
                    "half a window down or up"),
            ] : []
        return list
    }

    /// The editing keys of `screen` the key line shows.
    private static func shownEditingKeys(on screen: AppScreen) -> [FullScreenKey] {
        switch screen {
        case .list:
            [
                FullScreenKey(
                    [.up, .down, .character("k"), .character("j")], "↑ ↓", "move",
                    "move the highlight; the detail follows it"),
                FullScreenKey(
                    [.home, .end], "Home End", "first/last",
                    "the first or the last person of the list (or of the search)"),
                // Not a new intent: it undoes the search intent's result,
                // as Esc leaves a search in less and lazygit.
                FullScreenKey(
                    [.escape], "Esc", "everyone",
                    "show everyone again after a search kept with Enter"),
            ]
        case .form:
            [
                FullScreenKey(
                    [.tab, .down, .backTab, .up], "Tab", "next field",
                    "next field; Shift-Tab and ↑ the one before"),
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

    /// The keys the key line of `screen` names: its editing keys first,
    /// then its intents in the order ``Features/AppScreen/intents`` lists
    /// them, help last.
    public static func keys(on screen: AppScreen) -> [FullScreenKey] {
        shownEditingKeys(on: screen) + screen.intents.map { key(for: $0, on: screen) }
    }

    /// Every key of `screen`, as help and `people --help` name them: the
    /// key line's, with the ones it leaves out after its editing keys.
    public static func allKeys(on screen: AppScreen) -> [FullScreenKey] {
        editingKeys(on: screen) + screen.intents.map { key(for: $0, on: screen) }
    }

    /// The keys of a search being typed on the list: while it lasts, every
    /// other character is text of the search, so these are all it answers.
    public static let searchKeys: [FullScreenKey] = [
        FullScreenKey([.backspace], "⌫", "erase", "erase the last character; the search stays"),
        FullScreenKey([.clearLine], "Ctrl-U", "clear", "clear the search; it stays open"),
        FullScreenKey([.enter], "Enter", "keep", "keep the search and use the list's keys again"),
        FullScreenKey([.escape], "Esc", "everyone", "stop searching and show everyone again"),
        FullScreenKey(
            [.up, .down, .pageUp, .pageDown, .home, .end], "↑ ↓", "move",
            "keep the search and move in its matches"),
    ]

    /// The keys that edit the text of a form's field, at its cursor, as a
    /// shell's line editor does.
    ///
    /// Help names them; the form's key line does not, so its own keys (Esc
    /// above all) keep their room in a narrow window, as a shell's prompt
    /// names none of its editing keys.
    public static let fieldKeys: [FullScreenKey] = [
        FullScreenKey(
            [.left, .right], "← →", "cursor", "move the cursor a character left or right"),
        FullScreenKey(
            [.home, .lineStart], "Home", "start", "move the cursor to the field's start"),
        FullScreenKey([.end, .lineEnd], "End", "end", "move the cursor to the field's end"),
        FullScreenKey([.backspace], "⌫", "erase", "erase the character before the cursor"),
        FullScreenKey([.delete], "Del", "erase", "erase the character at the cursor"),
        FullScreenKey([.deleteWord], "Ctrl-W", "cut", "delete the word before the cursor"),
        FullScreenKey([.clearLine], "Ctrl-U", "cut", "delete everything before the cursor"),
        FullScreenKey([.deleteToEnd], "Ctrl-K", "cut", "delete everything after the cursor"),
    ]

    /// The keys that ask for the same on every screen; the navigator
    /// answers them before any view sees them.
    public static let everywhereKeys: [FullScreenKey] = [
        FullScreenKey([.interrupt], "Ctrl-C", "quit", "quit, from any screen"),
        FullScreenKey(
            [.suspend], "Ctrl-Z", "suspend", "suspend; the shell's fg brings the screen back"),
        // Over whatever another program wrote on the terminal.
        FullScreenKey([.repaint], "Ctrl-L", "redraw", "clear the screen and draw all of it again"),
    ]

    /// Every key `screen` answers, as its help and `people --help` name
    /// them: its own keys, then the keys of the screens it holds (on the
    /// list, a search being typed, and e and d, which reach the person
    /// beside it; on the form, those of the field being typed in), then the
    /// keys of every screen.
    ///
    /// The key line offers only ``keys(on:)``; help has room for the rest.
    public static func answeredKeys(on screen: AppScreen) -> [FullScreenKey] {
        let held: [FullScreenKey]
        switch screen {
        case .list:
            let beside = [ScreenIntent.edit, .delete].map { intent in
                let key = key(for: intent)
                return FullScreenKey(
                    key.keys, key.label, key.word, key.summary + ", beside the list")
            }
            // Said to be a search's, so `people --help` does not read as
            // if Backspace or Enter did that on the list itself.
            let searching = searchKeys.map { key in
                FullScreenKey(
                    key.keys, key.label, key.word + " (searching)",
                    "while searching: " + key.summary)
            }
            held = beside + searching
        case .form: held = fieldKeys
        case .detail, .settings: held = []
        }
        return allKeys(on: screen) + held + everywhereKeys
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

    /// The help of `screen`: its title, then each key it answers, every
    /// key of each by name, and what it does.
    public static func help(on screen: AppScreen) -> [String] {
        let keys = answeredKeys(on: screen)
        let width = keys.map(\.names.count).max() ?? 0
        return [screen.helpTitle]
            + keys.map { "  \($0.names.padded(to: width))  \($0.summary)" }
    }

    /// Every screen's keys, one line each: what `people --help` and the
    /// command-line reference print for the full-screen front end, each
    /// screen's name padded to the widest, so a screen of any name lines up.
    public static var keyReference: String {
        let width = AppScreen.allCases.map(\.name.count).max() ?? 0
        return "Full-screen keys (--ui full):\n"
            + AppScreen.allCases.map { "  \($0.name.padded(to: width))  \(referenceLine(on: $0))" }
            .joined(separator: "\n")
    }

    /// `↑ ↓ k j move · …`: every key `screen` answers, each by every name
    /// it has, as `people --help` lists them on the screen's line.
    public static func referenceLine(on screen: AppScreen) -> String {
        answeredKeys(on: screen).map { "\($0.names) \($0.word)" }.joined(separator: " · ")
    }
}

extension Key {
    /// The key's name in help: `j`, `PgDn`, `Shift-Tab`, `Ctrl-U`.
    ///
    /// An exhaustive `switch`, so a key the parser learns to read has a
    /// name before any help can list it.
    public var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .pasted: "a paste"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .escape: "Esc"
        case .interrupt: "Ctrl-C"
        case .suspend: "Ctrl-Z"
        case .clearLine: "Ctrl-U"
        case .lineStart: "Ctrl-A"
        case .lineEnd: "Ctrl-E"
        case .deleteWord: "Ctrl-W"
        case .deleteToEnd: "Ctrl-K"
        case .halfPageDown: "Ctrl-D"
        case .repaint: "Ctrl-L"
        case .f1: "F1"
        case .unknown: "an unknown key"
        }
    }
}
