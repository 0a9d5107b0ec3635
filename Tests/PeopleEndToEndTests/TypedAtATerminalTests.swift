import Foundation
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
