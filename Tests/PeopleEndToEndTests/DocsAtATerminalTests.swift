import Foundation
import PeopleTestSupport
import Testing

/// What the README shows is what a reader gets at a real terminal (tmux),
/// run as the README says: `people seed 1000`, then `people` in a window
/// of 100 × 13, then one ↓.
///
/// `FullScreenSessionTests` draws the same screen in the process, over a
/// store in memory; this one runs the built binary on an SQLite file, so a
/// difference only the real book or terminal makes shows here.
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmuxHere, "tmux is not installed"))
struct DocsAtATerminalTests {
    private static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// `line` with its date, which is the day the book was seeded, as a
    /// stand-in: the README's was seeded on another day.
    private static func undated(_ line: some StringProtocol) -> String {
        String(line).replacing(#/[0-9]{4}-[0-9]{2}-[0-9]{2}/#, with: "YYYY-MM-DD")
            .replacing(#/\s+$/#, with: "")
    }

    @Test func theReadmesFirstScreenIsWhatARealTerminalShows() throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("people.sqlite · People") })
        let end = try #require(lines[start...].firstIndex { $0 == "```" })
        let shown = lines[start..<end].map(Self.undated)
        let folder = try TemporaryFolder()
        let book = folder.path("people.sqlite")
        _ = try PeopleProcess.run(["seed", "1000", "--db", book])
        let pane = try TerminalPane(["--db", book], columns: 100, rows: shown.count)
        try pane.waitUntil("the first page beside Ada Allen 1") {
            $0.contains("Name     Ada Allen 1")
        }
        try pane.press("Down")
        // Read once the person beside the list has arrived: on a busy
        // machine the pane may first say it is loading them.
        let screen = try pane.waitUntil("Ada Allen 2 beside the list, loaded") {
            $0.contains("Name     Ada Allen 2") && !$0.contains("loading")
        }
        let drawn = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(shown.count).map(Self.undated)
        #expect(
            drawn == shown,
            """
            README.md's first screen is not what a real terminal shows; it shows:
            \(drawn.joined(separator: "\n"))
            """)
        // Room for the shell's lines after the program: its status and the
        // terminal's settings.
        try pane.resize(columns: 100, rows: 40)
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
        _ = folder
    }
}

/// Whether this run must have tmux, as CI's does.
private let requiresTmuxHere = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
