import Foundation
import PeopleTestSupport
import Testing

/// The full-screen list in a real terminal (tmux) uses the window it is
/// given: as many rows as the pane has, again after a resize; the ends of
/// the whole book a key away; a screen Ctrl-L redraws.
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmuxHere, "tmux is not installed"))
struct WindowAtATerminalTests {
    /// A book of `count` seeded persons, in a folder the test keeps.
    private func seededBook(_ count: Int) throws -> (book: String, folder: TemporaryFolder) {
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        _ = try PeopleProcess.run(["seed", String(count), "--db", book])
        return (book, folder)
    }

    @Test func aTallWindowShowsAsManyRowsAsItHasAndFollowsAResize() throws {
        let (book, folder) = try seededBook(200)
        let pane = try TerminalPane(["--db", book], columns: 120, rows: 35)
        // 35 rows less the title, status and key lines: 32 persons.
        try pane.waitUntil("a page of 32") { $0.contains("People · 1–32 of 200") }
        try pane.press("PPage", "NPage")
        try pane.waitUntil("the next page of 32") { $0.contains("People · 33–64 of 200") }
        try pane.resize(columns: 120, rows: 20)
        try pane.waitUntil("17 rows from the same first person") {
            $0.contains("People · 33–49 of 200")
        }
        try pane.resize(columns: 120, rows: 40)
        try pane.waitUntil("37 rows from the same first person") {
            $0.contains("People · 33–69 of 200")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        _ = folder
    }

    @Test func gAndGShowTheWholeBooksFirstAndLastPerson() throws {
        let (book, folder) = try seededBook(1_003)
        let pane = try TerminalPane(["--db", book], columns: 120, rows: 30)
        try pane.waitUntil("the first page") { $0.contains("People · 1–27 of 1003") }
        try pane.type("G", enter: false)
        let last = try pane.waitUntil("the last page") { $0.contains("People · 977–1003 of 1003") }
        // The highlight is on the last row of the list.
        let rows = last.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[27].hasPrefix("▌"), "\(last)")
        try pane.press("C-u")
        try pane.waitUntil("half a window up") { $0.contains("People · 964–990 of 1003") }
        try pane.press("C-d")
        try pane.waitUntil("half a window down") { $0.contains("People · 977–1003 of 1003") }
        try pane.type("g", enter: false)
        let first = try pane.waitUntil("the first page again") {
            $0.contains("People · 1–27 of 1003")
        }
        #expect(first.split(separator: "\n")[1].hasPrefix("▌"), "\(first)")
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        _ = folder
    }

    @Test func aPersonJustAddedIsHighlightedOnThePageTurnedToThem() throws {
        let (book, folder) = try seededBook(200)
        let pane = try TerminalPane(["--db", book], columns: 100, rows: 24)
        try pane.waitUntil("the first page") { $0.contains("People · 1–21 of 200") }
        try pane.type("a", enter: false)
        try pane.waitUntil("the form") { $0.contains("New person") }
        try pane.type("Zz Last Added")
        let shown = try pane.waitUntil("the page that ends with them") {
            $0.contains("Saved Zz Last Added.") && $0.contains("People · 181–201 of 201")
        }
        #expect(
            shown.split(separator: "\n").contains { $0.hasPrefix("▌Zz Last Added") },
            "\(shown)")
        try pane.waitUntil("them beside the list") { $0.contains("Name     Zz Last Added") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        _ = folder
    }

    @Test func ctrlLRedrawsOverWhatAnotherProgramWrote() throws {
        let pane = try TerminalPane([], columns: 100, rows: 24, demoBook: true)
        try pane.waitUntil("Ada beside the list") { $0.contains("Name     Ada Lovelace") }
        // Another program writes to the terminal, over the split view.
        let device = try FileHandle(forWritingTo: URL(fileURLWithPath: try pane.terminalDevice()))
        device.write(Data("\u{1B}[5;5HNOISE FROM ELSEWHERE".utf8))
        try device.close()
        try pane.waitUntil("the noise") { $0.contains("NOISE FROM ELSEWHERE") }
        try pane.press("C-l")
        let redrawn = try pane.waitUntil("the screen drawn again") {
            !$0.contains("NOISE") && $0.contains("Name     Ada Lovelace")
        }
        #expect(redrawn.contains("People · 1–3 of 3"))
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }
}

/// Whether this run must have tmux, as CI's does.
private let requiresTmuxHere = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
