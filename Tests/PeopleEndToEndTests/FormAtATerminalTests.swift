import Foundation
import PeopleTestSupport
import Testing

/// The full-screen form in a real terminal (tmux): a field is edited in
/// place at a visible cursor, Esc asks before it throws changes away, and
/// `u` on the list takes back an edit as it takes back a delete.
@Suite(.enabled(if: TerminalPane.isAvailable || formRequiresTmux, "tmux is not installed"))
struct FormAtATerminalTests {
    /// Opens the edit form on Ada, the list beside her loaded.
    private func editingAda() throws -> TerminalPane {
        let pane = try TerminalPane(["--store", "memory"], columns: 120, rows: 30)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("e", enter: false)
        try pane.waitUntil("the form on Ada") { $0.contains("Edit Ada Lovelace") }
        return pane
    }

    @Test func aNameIsEditedInTheMiddleAtAVisibleCursor() throws {
        let pane = try editingAda()
        // To the start, past "Ada ", and a word typed there.
        try pane.press("Home", "Right", "Right", "Right", "Right")
        try pane.waitUntil("the cursor after Ada") { $0.contains("Ada ▏Lovelace") }
        try pane.type("King ", enter: false)
        try pane.waitUntil("the word typed at the cursor") { $0.contains("Ada King ▏Lovelace") }
        try pane.press("C-e", "C-w", "BSpace", "C-a", "Delete")
        try pane.waitUntil("Ctrl-W, Backspace and Delete at the cursor") {
            $0.contains("▏da King")
        }
        try pane.press("Enter")
        try pane.waitUntil("the name saved") {
            $0.contains("Saved da King.") && $0.contains("Name     da King")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test func escOnAChangedFormAsksAndNKeepsTheFormAsTyped() throws {
        let pane = try editingAda()
        try pane.type("X", enter: false)
        try pane.press("Escape")
        try pane.waitUntil("the question") { $0.contains("Discard changes to Ada Lovelace? (y/n)") }
        try pane.type("n", enter: false)
        try pane.waitUntil("the form, as typed") {
            !$0.contains("Discard changes") && $0.contains("Ada LovelaceX▏")
        }
        try pane.press("Escape")
        try pane.waitUntil("asked again") { $0.contains("Discard changes to Ada Lovelace?") }
        try pane.type("y", enter: false)
        try pane.waitUntil("the list beside Ada, unchanged") {
            $0.contains("Name     Ada Lovelace") && !$0.contains("Edit Ada")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test func anEditSavedByMistakeIsUndoneByUOnTheList() throws {
        let pane = try editingAda()
        try pane.press("C-u")
        try pane.type("Oops")
        try pane.waitUntil("the edit saved") { $0.contains("Name     Oops") }
        try pane.type("u", enter: false)
        try pane.waitUntil("Ada back") {
            $0.contains("Put Ada Lovelace back as before the edit.")
                && $0.contains("Name     Ada Lovelace")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }
}

/// The line front end's `u` takes back an edit too, through a pipe as a
/// script types it.
@Suite struct FormUndoInTheLineFrontEndTests {
    @Test func uOnTheListUndoesTheLastEditOfTheSession() async throws {
        let home = try PeopleProcess.demoHome()
        let session = try PeopleProcess.run(
            ["--ui", "line"], input: "1\ne\nAda King\n>\nb\nu\nq\n", home: home)
        #expect(session.status == 0)
        #expect(session.output.contains("Saved Ada King."))
        #expect(session.output.contains("Put Ada Lovelace back as before the edit."))
        let list = try PeopleProcess.run(["list"], home: home)
        #expect(list.output.contains("Ada Lovelace") && !list.output.contains("Ada King"))
    }
}

/// Whether this run must have tmux, as CI's does.
private let formRequiresTmux = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
