import Foundation
import PeopleTestSupport
import Testing

/// The full-screen list in a real terminal (tmux) while another program
/// changes the book under it: what a key promises to show is what the book
/// holds when the key is pressed, not what it held when the page was read.
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmuxHere, "tmux is not installed"))
struct AttackedAtATerminalTests {
    @Test func gShowsAPersonAnotherProgramAddedAfterTheLastPage() throws {
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        let pane = try TerminalPane(["--db", book], columns: 100, rows: 20, demoBook: true)
        try pane.waitUntil("the three demo persons, one page") {
            $0.contains("People · 1–3 of 3")
        }
        // Another program adds someone who sorts after everyone shown.
        _ = try PeopleProcess.run(["add", "--name", "Zed Later", "--db", book])
        try pane.type("G", enter: false)
        let last = try pane.waitUntil("the book's last person, read again") {
            $0.contains("People · 1–4 of 4")
        }
        #expect(last.contains("▌Zed Later"), "\(last)")
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test func uOnAPersonAnotherProgramDeletedShowsTheBookWithoutThem() throws {
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        let pane = try TerminalPane(["--db", book], columns: 100, rows: 20, demoBook: true)
        try pane.waitUntil("the three demo persons") { $0.contains("People · 1–3 of 3") }
        // Edit Ada's name on her form, save, and go back to the list.
        try pane.press("Enter")
        try pane.waitUntil("Ada's detail") { $0.contains("e edit") }
        try pane.type("e", enter: false)
        try pane.waitUntil("Ada's form") { $0.contains("Enter save") }
        try pane.type(" Edited")
        try pane.waitUntil("the edit saved") { $0.contains("Saved Ada Lovelace Edited.") }
        try pane.press("Escape")
        try pane.waitUntil("the list") { $0.contains("/ search") }
        // Another program deletes her; u finds her gone and says so.
        _ = try PeopleProcess.run(["delete", "1", "--db", book])
        try pane.type("u", enter: false)
        let after = try pane.waitUntil("the book as it is now, without her") {
            $0.contains("People · 1–2 of 2")
        }
        #expect(after.contains("was deleted since the edit"), "\(after)")
        // The first row is Alan's: her edited row is gone from the list.
        #expect(after.split(separator: "\n")[1].contains("Alan Turing"), "\(after)")
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test func keysTypedInAWindowTooSmallToShowThemDeleteNoOne() throws {
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        let pane = try TerminalPane(["--db", book], columns: 100, rows: 20, demoBook: true)
        try pane.waitUntil("the three demo persons") { $0.contains("People · 1–3 of 3") }
        try pane.resize(columns: 12, rows: 3)
        try pane.waitUntil("the window said to be too small") { $0.contains("Too small") }
        // d and y would delete the highlighted person, who cannot be seen.
        try pane.type("dy", enter: false)
        try pane.resize(columns: 100, rows: 20)
        try pane.waitUntil("the list again") { $0.contains("People · ") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        let listed = try PeopleProcess.run(["list", "--db", book])
        #expect(listed.output.contains("Ada Lovelace"), "\(listed.output)")
    }
}

private let requiresTmuxHere = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
