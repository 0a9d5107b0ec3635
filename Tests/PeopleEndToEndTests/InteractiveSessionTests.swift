import PeopleTestSupport
import Testing

/// The interactive app, driven through piped standard input.
@Suite struct InteractiveSessionTests {
    /// A script's next line is read only once the screen on top has
    /// loaded, so even with a slow store `2`, `b`, `q` shows the second
    /// person, then the list again, with no empty line to wait.
    @Test func openingTheSecondRowShowsTheirDetailAndQuitEndsCleanly() async throws {
        let run = try PeopleProcess.run(
            ["--store", "memory", "--latency", "300ms"], input: "2\nb\nq\n")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.hasPrefix("People · 1–3 of 3\n  1  Ada Lovelace"))
        let detail = try #require(
            run.output.range(
                of:
                    "Alan Turing\n  Name     Alan Turing\n  Email    —\n  Address  Hollymeade, Wilmslow\n"
            ))
        #expect(
            run.output[detail.upperBound...].contains("People · 1–3 of 3\n  1  Ada Lovelace"),
            "then back on the list, drawn")
    }

    /// `s` shows the settings, with what the run was started with, and
    /// `b` brings the list back: the settings screen through the built
    /// binary, as the add-a-screen guide asks of every screen.
    @Test func settingsShowWhatTheRunWasStartedWithAndBGoesBack() async throws {
        let run = try PeopleProcess.run(
            ["--store", "memory", "--page-size", "7"], input: "s\nb\nq\n")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let settings = try #require(
            run.output.range(
                of: "Settings\n  Store      memory\n  Data       in memory; nothing is saved\n"))
        let after = run.output[settings.upperBound...]
        #expect(after.hasPrefix("  Imported   —\n  Page size  7\n"))
        #expect(after.contains("b back · q quit · ? help\nPeople · 1–3 of 3\n"))
    }

    @Test func addingSomeoneShowsThemInTheList() async throws {
        let run = try PeopleProcess.run(
            ["--store", "memory"], input: "a\nBarbara Liskov\nbarbara@example.org\n>\nq\n")
        #expect(run.status == 0)
        #expect(
            run.output.contains("Saved Barbara Liskov.\nPeople · 1–4 of 4\n"))
        #expect(run.output.contains("  3  Barbara Liskov"))
    }

    @Test func editingAndDeletingChangeTheList() async throws {
        let run = try PeopleProcess.run(
            ["--store", "memory"], input: "3\ne\nGrace M. Hopper\n>\nb\n1\nd\ny\n\nq\n")
        #expect(run.status == 0)
        #expect(
            run.output.contains("Deleted Ada Lovelace.\nPeople · 1–2 of 2\n"))
        #expect(
            run.output.hasSuffix(
                "  2  Grace M. Hopper  grace@example.org\n1–2 open · /text search · a add · u undo · s settings · q quit · ? help\n"
            ))
    }

    @Test func pagingAndSearchingWorkFromTheKeyboard() async throws {
        let run = try PeopleProcess.run(
            ["--page-size", "2"], input: "n\n/TUR\n/\n\nq\n", home: try PeopleProcess.demoHome())
        #expect(run.output.contains("People · 3 of 3\n  1  Grace Hopper"))
        #expect(run.output.contains("People matching “TUR” · 1 of 1\n  1  Alan Turing"))
        #expect(
            run.output.hasSuffix(
                "People · 1–2 of 3\n  1  Ada Lovelace  ada@example.org\n  2  Alan Turing   Hollymeade, Wilmslow\n1–2 open · n next · /text search · a add · u undo · s settings · q quit · ? help\n"
            ))
    }

    @Test func badKeysAndValuesAreExplainedAndNothingCrashes() async throws {
        let input =
            "0\n42\nzz\n-5\n99999999999999999999999\n\u{1B}[2J\nb\na\n\n\(String(repeating: "x", count: 101))\n.\nq\n"
        let run = try PeopleProcess.run([], input: input, home: try PeopleProcess.demoHome())
        #expect(run.status == 0)
        #expect(run.output.contains("There is no row 42 on this page; rows are 1–3."))
        #expect(run.output.contains("Unknown key 'zz'. Press ? for help."))
        #expect(run.output.contains("Unknown key '␛[2J'. Press ? for help."))
        #expect(run.output.contains("name is required\n"))
        #expect(run.output.contains("is 101 characters long; at most 100 are allowed\n"))
        #expect(run.output.contains("Cancelled; nothing was saved."))
    }

    @Test func theEndOfInputEndsTheSessionEvenMidForm() async throws {
        let run = try PeopleProcess.run([], input: "a\nHalf Typed\n")
        #expect(run.status == 0)
        #expect(
            run.output.hasSuffix(
                "Email (2/13) (optional) (several: work: a@b.org, home: c@d.org):\n"))
    }

    @Test func colourIsNeverWrittenToAPipe() async throws {
        let run = try PeopleProcess.run([], input: "q\n")
        #expect(!run.output.contains("\u{1B}["))
    }

    @Test func uUndoesTheLastDeleteOfTheSessionAndOnlyThat() async throws {
        let home = try PeopleProcess.demoHome()
        let session = try PeopleProcess.run([], input: "1\nd\ny\nu\nu\nq\n", home: home)
        #expect(session.status == 0)
        #expect(session.output.contains("Delete Ada Lovelace? (u on the list undoes it.)"))
        #expect(
            session.output.contains(
                "Restored Ada Lovelace.\nPeople · 1–3 of 3\n"))
        #expect(session.output.contains("There is no edit or delete to undo in this session.\n"))
        // A one-shot delete has no session, so nothing can undo it.
        #expect(try PeopleProcess.run(["delete", "1"], home: home).status == 0)
        let later = try PeopleProcess.run([], input: "u\nq\n", home: home)
        #expect(later.output.contains("There is no edit or delete to undo in this session."))
        #expect(later.output.hasPrefix("People · 1–2 of 2\n"))
    }
}
