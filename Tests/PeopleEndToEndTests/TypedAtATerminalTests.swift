import Foundation
import PeopleTestSupport
import Testing

/// The interactive app in a real terminal (tmux), where keys are typed ahead
/// rather than scripted: quit, back and help answer while a screen loads,
/// and every other key waits for the load and then does what it always does.
///
/// A pipe cannot show this, since a script's next line is read only once the
/// screen on top has loaded (``InteractiveSessionTests``).
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmux, "tmux is not installed"))
struct TypedAtATerminalTests {
    @Test func tmuxRunsWhereItIsRequired() {
        #expect(TerminalPane.isAvailable, "PEOPLE_REQUIRE_TMUX is set, but tmux is missing")
    }

    /// A pane left behind would hold its tmux server, and `people`, for the
    /// hour its shell sleeps: one went on each run while the servers were
    /// started with the test thread's signals blocked.
    @Test func aPaneLeavesNoServerBehind() throws {
        var pane: TerminalPane? = try TerminalPane(["--ui", "line", "--store", "memory"])
        try pane?.waitUntil("the list") { $0.contains("People · 1–3 of 3") }
        let server = try #require(try pane?.serverProcess())
        pane = nil
        let deadline = Date().addingTimeInterval(10)
        while kill(server, 0) == 0, Date() < deadline { usleep(50_000) }
        #expect(kill(server, 0) != 0, "tmux server \(server) outlived its pane")
    }

    @Test func quitAnswersAtOnceWhileTheListLoads() throws {
        // The store answers in a minute, twice the wait for the exit below:
        // a quit that waited for the load would fail this test.
        let pane = try TerminalPane(["--ui", "line", "--store", "memory", "--latency", "60s"])
        try pane.waitUntil("the list loading") { $0.contains("People · loading…") }
        try pane.type("q")
        #expect(try pane.exitStatus() == 0)
        #expect(!(try pane.screen().contains("People · 1–")), "the list was never drawn")
    }

    @Test func aRowTypedBeforeTheListArrivesOpensOnceItDoes() throws {
        let pane = try TerminalPane(["--ui", "line", "--store", "memory", "--latency", "300ms"])
        try pane.waitUntil("the list loading") { $0.contains("People · loading…") }
        try pane.type("2")
        try pane.waitUntil("Alan Turing's details") { $0.contains("  Name     Alan Turing") }
        try pane.type("q")
        #expect(try pane.exitStatus() == 0)
        let shown = try pane.screen()
        let list = try #require(shown.range(of: "People · 1–3 of 3"))
        #expect(shown[list.upperBound...].contains("Alan Turing"), "the list, then the person")
    }
}

/// Whether this run must have tmux, as CI's does.
private let requiresTmux = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil

/// The full-screen front end in a real terminal (tmux) over a real SQLite
/// file: what a person at a terminal gets by default.
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmux, "tmux is not installed"))
struct FullScreenAtATerminalTests {
    /// What the README's first run shows: a new book, empty, whose list
    /// offers the demo persons on x, and then holds them.
    @Test func aNewBookIsEmptyAndXFillsItWithTheDemoPersons() throws {
        let pane = try TerminalPane([], columns: 100, rows: 24)
        try pane.waitUntil("the empty book's offer") {
            $0.contains("People · no one yet; a adds someone, x three demo persons")
                && $0.contains("x demo")
        }
        try pane.type("x", enter: false)
        try pane.waitUntil("the demo persons, Ada beside the list") {
            $0.contains("People · 1–3 of 3") && $0.contains("Name     Ada Lovelace")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test func theSplitViewFollowsTheHighlightAddsEditsDeletesAndGivesTheTerminalBack() throws {
        let pane = try TerminalPane([], columns: 120, rows: 30, demoBook: true)
        try pane.waitUntil("the list beside Ada") {
            $0.contains("People · 1–3 of 3") && $0.contains("Name     Ada Lovelace")
        }
        try pane.press("Down")
        try pane.waitUntil("Alan beside the list") { $0.contains("Name     Alan Turing") }
        try pane.type("/gr", enter: false)
        try pane.waitUntil("the search as typed") {
            $0.contains("matching “gr”") && $0.contains("Name     Grace Hopper")
        }
        try pane.press("Escape")
        try pane.waitUntil("everyone again") { $0.contains("People · 1–3 of 3") }
        try pane.type("a", enter: false)
        try pane.waitUntil("the form") { $0.contains("New person") }
        try pane.type("Zed Shaw")
        try pane.waitUntil("the new person saved") {
            $0.contains("Saved Zed Shaw.") && $0.contains("1–4 of 4")
        }
        try pane.press("End")
        try pane.waitUntil("Zed beside the list") { $0.contains("Name     Zed Shaw") }
        try pane.type("e", enter: false)
        try pane.waitUntil("the form in place") { $0.contains("Edit Zed Shaw") }
        try pane.press("C-u")
        try pane.type("Zed A. Shaw")
        try pane.waitUntil("the edit saved") {
            $0.contains("Saved Zed A. Shaw.") && $0.contains("Name     Zed A. Shaw")
        }
        try pane.type("d", enter: false)
        try pane.waitUntil("the question") { $0.contains("Delete Zed A. Shaw? (y/n)") }
        try pane.type("y", enter: false)
        try pane.waitUntil("Zed deleted") {
            $0.contains("Deleted Zed A. Shaw.") && $0.contains("1–3 of 3")
        }
        try pane.resize(columns: 60, rows: 30)
        try pane.waitUntil("one pane") { !$0.contains("│") && $0.contains("Main Street") == false }
        try pane.resize(columns: 120, rows: 30)
        try pane.waitUntil("two panes again") { $0.contains("│") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        #expect(TerminalPane.isGivenBack(try pane.screen()))
        #expect(try !pane.showsAlternateScreen())
    }

    /// `s` shows the settings beside the list in a real terminal, with
    /// where the data lives, and Esc brings the person back beside it.
    @Test func theSettingsOpenBesideTheListAndEscGoesBack() throws {
        let pane = try TerminalPane(["--store", "memory", "--page-size", "7"])
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("s", enter: false)
        let settings = try pane.waitUntil("the settings") { $0.contains("Page size  7") }
        #expect(settings.contains("Data       in memory; nothing is saved"))
        #expect(!settings.contains("Name     Ada Lovelace"))
        try pane.press("Escape")
        try pane.waitUntil("Ada beside the list again") {
            $0.contains("Name     Ada Lovelace") && !$0.contains("Page size")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        #expect(TerminalPane.isGivenBack(try pane.screen()))
    }

    /// Another program deletes Alan while the list shows him: his pane
    /// says he can no longer be shown, not "loading…" for ever, and `e`,
    /// `d`, Enter and Esc all still answer.
    @Test func aPersonDeletedByAnotherProgramShowsAFailureAndKeysStillWork() throws {
        let folder = try TemporaryFolder().url
        let path = folder.appendingPathComponent("people.sqlite").path
        let pane = try TerminalPane(["--db", path], columns: 100, rows: 24, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try OtherProgram.run(path, "DELETE FROM person WHERE name = 'Alan Turing'")
        try pane.press("Down")
        try pane.waitUntil("Alan's failure in his pane") {
            $0.contains("Alan Turing can no longer be shown") && !$0.contains("loading…")
        }
        try pane.type("ed", enter: false)
        try pane.press("Enter", "Escape", "Up")
        try pane.waitUntil("Ada beside the list again") {
            $0.contains("Name     Ada Lovelace") && !$0.contains("can no longer be shown")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// A file tells no one when another program changes it: `r` reads the
    /// list and the person beside it again, though the list had loaded,
    /// and the highlight stays on the person it was on.
    @Test func rShowsWhatAnotherProgramChangedInTheFile() throws {
        let folder = try TemporaryFolder().url
        let path = folder.appendingPathComponent("people.sqlite").path
        let pane = try TerminalPane(["--db", path], columns: 100, rows: 24, demoBook: true)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.press("Down", "Down")
        try pane.waitUntil("Grace beside the list") { $0.contains("Name     Grace Hopper") }
        try OtherProgram.run(path, "DELETE FROM person WHERE name = 'Ada Lovelace'")
        try OtherProgram.run(
            path, "UPDATE person SET address = 'Elsewhere Lane' WHERE name = 'Grace Hopper'")
        try pane.type("r", enter: false)
        let shown = try pane.waitUntil("the change read again") {
            $0.contains("1–2 of 2") && $0.contains("Address  Elsewhere Lane")
        }
        #expect(shown.contains("▌Grace Hopper"), "the highlight stays on Grace")
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// A crash, or a signal that ends a program and that the session does
    /// not answer: SIGQUIT, SIGSEGV and SIGABRT drew the Swift runtime's
    /// crash report over the full screen in raw mode, where it asked
    /// "Press space to interact", then the session went on over a garbled
    /// screen; SIGUSR1 and SIGALRM ended it with the terminal raw.
    @Test(arguments: [SIGQUIT, SIGSEGV, SIGABRT, SIGUSR1, SIGALRM])
    func aSignalThatEndsTheProgramGivesTheTerminalBackFirst(signal: Int32) throws {
        let pane = try TerminalPane([], columns: 100, rows: 30, demoBook: true)
        try pane.waitUntil("the list") { $0.contains("People · 1–3 of 3") }
        try pane.send(signal: String(signal))
        // Ended by the signal, as a shell reports it: 128 and its number.
        #expect(try pane.exitStatus(within: 60) == 128 + signal)
        #expect(try !pane.showsAlternateScreen())
        let shown = try pane.screen()
        #expect(TerminalPane.isGivenBack(shown))
        #expect(!shown.contains("Press space"), "no crash report waits for a key")
    }

    @Test func aPasteHoldingItsOwnEndMarkDeletesNoOne() throws {
        // tmux passes a copied end mark on as it is: the d and y after it
        // were read as keys, and deleted the person highlighted.
        let pane = try TerminalPane([], columns: 120, rows: 30, demoBook: true)
        try pane.waitUntil("the list beside Ada") {
            $0.contains("People · 1–3 of 3") && $0.contains("Name     Ada Lovelace")
        }
        try pane.paste("abc\u{1B}[201~dy")
        let shown = try pane.waitUntil("the paste answered") {
            $0.contains("A paste is typed only") || $0.contains("Delete") || $0.contains("2 of 2")
        }
        #expect(shown.contains("A paste is typed only into a search or a field."))
        #expect(shown.contains("People · 1–3 of 3") && shown.contains("Name     Ada Lovelace"))
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// A person added with two emails and a phone, typed in the full-screen
    /// form as a person would (Tab between fields, the list fields as
    /// `label: value` parted by commas), shows every value, each on its own
    /// row with its label, in the detail beside the list.
    @Test func aPersonAddedWithTwoEmailsAndAPhoneShowsThemAllBesideTheList() throws {
        let pane = try TerminalPane(["--store", "memory"], columns: 120, rows: 30)
        try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
        try pane.type("a", enter: false)
        try pane.waitUntil("the form") { $0.contains("New person") }
        try pane.type("Mary Shelley", enter: false)
        try pane.press("Tab")
        try pane.type("work: mary@example.org, home: ms@example.net", enter: false)
        try pane.press("Tab")
        try pane.type("mobile: 07700 900123")
        try pane.waitUntil("the new person saved") {
            $0.contains("Saved Mary Shelley.") && $0.contains("1–4 of 4")
        }
        try pane.press("End")
        let shown = try pane.waitUntil("Mary beside the list") {
            $0.contains("Name     Mary Shelley")
        }
        let rows = shown.split(separator: "\n").compactMap { line in
            line.range(of: "│   ").map {
                line[$0.upperBound...].trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(
            Array(rows.drop { !$0.hasPrefix("Name ") }.prefix(4)) == [
                "Name     Mary Shelley", "Email    mary@example.org (work)",
                "Email    ms@example.net (home)", "Phone    07700 900123 (mobile)",
            ], "\(shown)")
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// A book whose write lock another program holds, and `people` in it
    /// with Ada's form open, an `X` typed after her name, and Enter pressed:
    /// her save waits on the lock, saying so.
    private func savingAdaOnALockedBook() throws -> (
        pane: TerminalPane, lock: OtherProgram.WriteLock, book: String, folder: TemporaryFolder
    ) {
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        _ = try PeopleProcess.run(["demo", "--db", book])
        let lock = try OtherProgram.WriteLock(book)
        let pane = try TerminalPane(["--db", book], columns: 100, rows: 24)
        try pane.waitUntil("Ada beside the list") { $0.contains("Name     Ada Lovelace") }
        try pane.type("e", enter: false)
        try pane.waitUntil("her form") { $0.contains("Edit Ada Lovelace") }
        try pane.type("X")
        try pane.waitUntil("the save waiting on the lock") { $0.contains("saving… Esc stops it") }
        return (pane, lock, book, folder)
    }

    /// The name stored for person 1 in `book`, as `people show` prints it.
    private func storedName(in book: String) throws -> String? {
        let shown = try PeopleProcess.run(["show", "1", "--db", book])
        return shown.output.split(separator: "\n").first { $0.hasPrefix("Name ") }
            .map { $0.dropFirst("Name ".count).trimmingCharacters(in: .whitespaces) }
    }

    /// Esc while a save waits on another program's lock stops it.
    ///
    /// The form says so with the draft kept, and once the lock is released
    /// the person is as they were. Before, every key waited for the lock,
    /// and a save the person had tried to stop was written when it was free.
    @Test func escWhileASaveWaitsOnALockStopsItAndNothingIsWritten() throws {
        let (pane, lock, book, folder) = try savingAdaOnALockedBook()
        defer { withExtendedLifetime(folder) {} }
        try pane.press("Escape")
        let shown = try pane.waitUntil("the save stopped") {
            $0.contains("Stopped saving; nothing was saved.")
        }
        #expect(shown.contains("Ada LovelaceX▏"), "the form keeps the draft")
        lock.release()
        // The form reads otherwise than it opened, so Esc asks first.
        try pane.press("Escape")
        try pane.waitUntil("the question") { $0.contains("Discard changes to Ada Lovelace?") }
        try pane.type("y", enter: false)
        try pane.waitUntil("the form closed") { $0.contains("Cancelled; nothing was saved.") }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        #expect(try storedName(in: book) == "Ada Lovelace")
    }

    /// SIGTERM while a save waits on another program's lock stops the save,
    /// gives the terminal back and ends the program by the signal; nothing
    /// is written, then or when the lock is released.
    @Test func terminatedWhileASaveWaitsOnALockItWritesNothingAndGivesTheTerminalBack()
        throws
    {
        let (pane, lock, book, folder) = try savingAdaOnALockedBook()
        defer { withExtendedLifetime(folder) {} }
        try pane.send(signal: "TERM")
        #expect(try pane.exitStatus() == 143)
        #expect(TerminalPane.isGivenBack(try pane.screen()))
        #expect(try !pane.showsAlternateScreen())
        lock.release()
        #expect(try storedName(in: book) == "Ada Lovelace")
    }

    @Test func suspendedItGivesTheTerminalBackAndTerminatedItEndsByTheSignalOnceGivenBack()
        throws
    {
        let pane = try TerminalPane([], columns: 100, rows: 24, demoBook: true)
        try pane.waitUntil("the list") { $0.contains("People · 1–3 of 3") }
        #expect(try pane.showsAlternateScreen())
        try pane.press("C-z")
        try pane.waitUntil("the terminal given back") { _ in
            (try? pane.showsAlternateScreen()) == false
        }
        #expect(TerminalPane.isGivenBack(try pane.terminalSettings()))
        try pane.send(signal: "CONT")
        try pane.waitUntil("drawn again") { _ in (try? pane.showsAlternateScreen()) == true }
        try pane.waitUntil("the list again") { $0.contains("People · 1–3 of 3") }
        try pane.send(signal: "TERM")
        // 128 + 15: ended by SIGTERM, as the line front end is, but only
        // once the terminal is given back (below).
        #expect(try pane.exitStatus() == 143)
        #expect(TerminalPane.isGivenBack(try pane.screen()))
    }
}
