import Foundation
import PeopleTestSupport
import Testing

/// The full-screen front end's keys in a real terminal (tmux): a search
/// typed is in sight and stays a search until Enter or Esc, Esc drops a
/// search kept, and `?` names every key the screen answers.
@Suite(
    .enabled(
        if: TerminalPane.isAvailable
            || ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil,
        "tmux is not installed"))
struct KeysAtATerminalTests {
    /// `/ab`, three Backspaces and `zoe` type "zoe" into the search.
    ///
    /// Backspace on the emptied search left it without a sign, so z, o
    /// and e were keys, and e opened the form. The search now stays, as
    /// in less and vi, and shows itself.
    @Test func backspaceOnAnEmptySearchKeepsTypingIntoTheSearch() throws {
        let pane = try TerminalPane([], columns: 120, rows: 30, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("/ab", enter: false)
        try pane.waitUntil("the search being typed") { $0.contains("search: ab▏") }
        try pane.press("BSpace", "BSpace", "BSpace")
        try pane.waitUntil("the empty search, still open") {
            $0.contains("search: ▏") && $0.contains("type to search")
        }
        try pane.type("zoe", enter: false)
        let shown = try pane.waitUntil("zoe typed into the search") {
            $0.contains("search: zoe▏")
        }
        #expect(!shown.contains("Edit "), "e opened no form")
        try pane.press("Escape")
        try pane.waitUntil("everyone again") { $0.contains("People · 1–3 of 3") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// Enter keeps a search, and the list shows its matches with no
    /// search prompt; Esc then shows everyone again.
    @Test func escClearsAKeptSearch() throws {
        let pane = try TerminalPane([], columns: 120, rows: 30, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("/gr", enter: false)
        try pane.waitUntil("the search being typed") {
            $0.contains("search: gr▏") && $0.contains("Name     Grace Hopper")
        }
        try pane.press("Enter")
        let kept = try pane.waitUntil("the search kept") {
            !$0.contains("search: gr▏") && $0.contains("Esc everyone")
        }
        #expect(!kept.contains("Alan Turing"), "only Grace matches")
        try pane.press("Escape")
        try pane.waitUntil("everyone again") {
            $0.contains("People · 1–3 of 3") && $0.contains("Alan Turing")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// `?` on the list names j and k, → beside Enter, e and d (which
    /// reach the person beside it) and the keys of a search; F1 on the
    /// form names Shift-Tab and Ctrl-U: keys the tester found
    /// answered and not named.
    @Test func helpNamesTheKeysTheScreenAnswers() throws {
        let pane = try TerminalPane([], columns: 120, rows: 30, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("?", enter: false)
        let list = try pane.waitUntil("the list's help") { $0.contains("Any key closes this.") }
        for name in ["↑ ↓ k j", "Enter →", "Ctrl-U", "Ctrl-C", "Ctrl-Z", "? F1"] {
            #expect(list.contains(name), "the list's help leaves out \(name)")
        }
        #expect(list.contains("edit this person, beside the list"))
        try pane.press("Escape")
        try pane.waitUntil("the help closed") { !$0.contains("Any key closes this.") }
        try pane.type("a", enter: false)
        try pane.waitUntil("the form") { $0.contains("New person") }
        try pane.press("F1")
        let form = try pane.waitUntil("the form's help") { $0.contains("Form keys:") }
        for name in ["Tab ↓ Shift-Tab ↑", "Ctrl-U", "Backspace"] {
            #expect(form.contains(name), "the form's help leaves out \(name)")
        }
        try pane.press("Escape", "Escape")
        try pane.waitUntil("the list again") { $0.contains("People · 1–3 of 3") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// In a window too short for the list's help, it takes two columns:
    /// cut at the pane's foot, it hid the keys it was drawn to name.
    @Test func helpTooTallForTheWindowTakesTwoColumns() throws {
        let pane = try TerminalPane([], columns: 120, rows: 20, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("?", enter: false)
        let help = try pane.waitUntil("the list's help") { $0.contains("Any key closes this.") }
        for name in ["↑ ↓ k j", "PgDn", "Ctrl-C", "Ctrl-Z"] {
            #expect(help.contains(name), "the list's help in 20 rows leaves out \(name)")
        }
        try pane.type("q", enter: false)
        try pane.waitUntil("the help closed") { !$0.contains("Any key closes this.") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }
}
