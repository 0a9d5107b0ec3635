import Foundation
import PeopleTestSupport
import Testing

/// The line front end as a person at a terminal and a script see it: the
/// prompt under the page it asks about, and piped output that holds only
/// settled pages.
@Suite struct LineFrontEndTests {
    /// The README's piped example, as its reader would run it: a new book,
    /// the demo persons, the second one, back, quit; each page once, with
    /// no `People · loading…` between them.
    @Test func thePipedExampleShowsCleanPages() throws {
        let run = try PeopleProcess.run([], input: "x\n2\nb\nq\n")
        #expect(run.status == 0)
        #expect(!run.output.contains("loading"), "a pipe gets no progress lines")
        #expect(
            run.output.hasPrefix(
                "People · no one yet; a adds someone, x three demo persons\n"))
        #expect(run.output.contains("Added the demo persons"))
        #expect(run.output.contains("Alan Turing\n  Name     Alan Turing\n"))
    }

    /// `people seed --help` prints seed's usage, not the general help,
    /// and exits 0 without opening a book.
    @Test func seedHelpPrintsSeedsUsage() throws {
        let run = try PeopleProcess.run(["seed", "--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Usage: people seed N\n"))
        #expect(!run.output.contains("people list"), "not the general help")
    }

    /// `root@localhost` and a mailbox as mutt writes it are emails: typed
    /// on the form, and given to `people add` with no name, which the
    /// display name then fills; each is stored and exported bare.
    @Test func rootAtLocalhostAndANamedAddressAreTakenAsEmails() throws {
        let home = try PeopleProcess.demoHome()
        let form = try PeopleProcess.run(
            [], input: "a\nRoot\nroot@localhost\n>\nq\n", home: home)
        #expect(form.output.contains("Saved Root."))
        #expect(!form.output.contains("not a valid address"))
        let added = try PeopleProcess.run(["add", "--email", "Ada <ada@example.com>"], home: home)
        #expect(added.status == 0, "\(added.errors)")
        let query = try PeopleProcess.run(["query", "o"], home: home)
        #expect(query.output.contains("root@localhost\tRoot\t"))
        #expect(query.output.contains("ada@example.com\tAda\t"))
    }
}

/// The line front end in a real terminal (tmux), where the prompt is shown.
@Suite(.enabled(if: TerminalPane.isAvailable || lineFrontEndRequiresTmux, "tmux is not installed"))
struct LineFrontEndAtATerminalTests {
    /// A page that loads behind the prompt is drawn in its place, and the
    /// prompt follows it: the person reads the page, then types under it.
    @Test func eachPromptFollowsThePageItBelongsTo() throws {
        let pane = try TerminalPane(["--ui", "line", "--store", "memory", "--latency", "300ms"])
        var shown = try pane.waitUntil("the list and its prompt") {
            $0.contains("q quit · ? help") && Self.lastLine(of: $0) == ">"
        }
        #expect(!shown.contains("> People"), "no prompt before the list")
        try pane.type("2")
        shown = try pane.waitUntil("Alan Turing's details and a prompt") {
            $0.contains("e edit · d delete") && Self.lastLine(of: $0) == ">"
        }
        #expect(!shown.contains("> Alan Turing"), "no prompt before the details")
        try pane.type("q")
        #expect(try pane.exitStatus() == 0)
    }

    /// A value the form refuses is said once: in the line front end under
    /// the prompt, and in the split view on the status line, not under the
    /// form's fields as well (a window tall enough for both showed both).
    @Test func eachFormErrorShowsOnce() throws {
        let line = try TerminalPane(["--ui", "line", "--store", "memory"])
        try line.waitUntil("the list") { $0.contains("q quit · ? help") }
        try line.type("a")
        try line.type("Bob")
        try line.type("bad")
        var shown = try line.waitUntil("the refusal") { $0.contains("not a valid address") }
        #expect(shown.components(separatedBy: "not a valid address").count == 2, "\(shown)")
        let full = try TerminalPane(["--ui", "full", "--store", "memory"], rows: 40)
        try full.waitUntil("the list") { $0.contains("Ada Lovelace") }
        try full.press("a")
        try full.waitUntil("the form") { $0.contains("New person") }
        try full.type("Bob", enter: false)
        try full.press("Tab")
        try full.type("bad")
        shown = try full.waitUntil("the refusal") { $0.contains("not a valid address") }
        #expect(shown.components(separatedBy: "not a valid address").count == 2, "\(shown)")
    }

    /// The last line the pane shows that holds anything, without the
    /// spaces around it: `>` where the prompt waits.
    static func lastLine(of screen: String) -> String? {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }
}

/// Whether this run must have tmux, as CI's does.
private let lineFrontEndRequiresTmux =
    ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
