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
}

private let requiresTmuxHere = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
