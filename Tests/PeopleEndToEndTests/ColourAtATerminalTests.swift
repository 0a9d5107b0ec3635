import Foundation
import Testing

/// Colour follows the terminal, read from a real one (tmux, whose
/// `capture-pane -e` gives back the escapes each cell was drawn with):
/// 24-bit where `COLORTERM` says so, 256 or 16 colours as `TERM` says,
/// and none with `NO_COLOR`, `TERM=dumb` or no `TERM`, where the
/// highlighted person still shows, in reverse video.
@Suite(.enabled(if: TerminalPane.isAvailable || requiresTmuxHere, "tmux is not installed"))
struct ColourAtATerminalTests {
    /// A terminal's environment, and the escape its title is drawn with:
    /// the standard theme's #5FAFFF, or the nearest colour it has.
    @Test(arguments: [
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], "\u{1B}[38;2;95;175;255m"),
        (["TERM": "tmux-256color", "COLORTERM": "24bit"], "\u{1B}[38;2;95;175;255m"),
        (["TERM": "xterm-256color", "COLORTERM": ""], "\u{1B}[38;5;75m"),
        (["TERM": "screen-256color", "COLORTERM": ""], "\u{1B}[38;5;75m"),
        (["TERM": "xterm", "COLORTERM": ""], "\u{1B}[94m"),
        (["TERM": "linux", "COLORTERM": ""], "\u{1B}[94m"),
        (["TERM": "vt100", "COLORTERM": ""], "\u{1B}[94m"),
    ])
    func theTitleIsDrawnInTheColoursTheTerminalHas(
        _ environment: [String: String], _ titleColour: String
    ) throws {
        let pane = try TerminalPane(
            ["--ui", "full"], columns: 100, rows: 20, demoBook: true,
            environment: environment.merging(["NO_COLOR": ""]) { $1 })
        let shown = try waitForTheList(pane)
        let title = try #require(shown.split(separator: "\n").first { $0.contains("People") })
        #expect(title.contains(titleColour), "\(visible(String(title)))")
        let parameters = sgrParameters(shown)
        if titleColour.contains("38;2;") {
            #expect(!parameters.contains { $0.hasPrefix("38;5;") }, "nothing in 256 colours")
        } else if titleColour.contains("38;5;") {
            #expect(!parameters.contains { $0.hasPrefix("38;2;") }, "nothing in 24-bit colour")
        } else {
            #expect(!parameters.contains { $0.hasPrefix("38;") }, "only the 16 colours")
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    @Test(arguments: [
        ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"],
        ["TERM": "xterm", "COLORTERM": "", "NO_COLOR": "yes"],
        ["TERM": "dumb", "COLORTERM": "truecolor", "NO_COLOR": ""],
        ["TERM": "", "COLORTERM": "truecolor", "NO_COLOR": ""],
    ])
    func withoutColourTheHighlightStillShowsInReverseVideo(_ environment: [String: String])
        throws
    {
        let pane = try TerminalPane(
            ["--ui", "full"], columns: 100, rows: 20, demoBook: true, environment: environment)
        let shown = try waitForTheList(pane)
        let colours = sgrParameters(shown).filter { parameters in
            parameters.split(separator: ";").compactMap { Int($0) }.contains {
                (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0)
            }
        }
        #expect(colours.isEmpty, "no colour at all, yet: \(colours)")
        #expect(isReversed("Ada Lovelace", in: shown), "Ada's row is reversed")
        try pane.type("j", enter: false)
        try pane.waitUntil("the highlight on Alan") { _ in
            (try? isReversed("Alan Turing", in: pane.screenWithEscapes())) ?? false
        }
        try pane.type("q", enter: false)
        #expect(try pane.exitStatus() == 0)
    }

    /// Waits for the split view of the demo book, and returns it with its
    /// escapes.
    private func waitForTheList(_ pane: TerminalPane) throws -> String {
        try pane.waitUntil("the list beside Ada") {
            $0.contains("People · 1–3 of 3") && $0.contains("Name     Ada Lovelace")
        }
        return try pane.screenWithEscapes()
    }

    /// Whether the row of `screen` that shows `text` draws some of it in
    /// reverse video (`7`, alone or among others, as in `0;7`).
    private func isReversed(_ text: String, in screen: String) -> Bool {
        screen.split(separator: "\n").contains { row in
            row.contains(text)
                && sgrParameters(String(row)).contains { $0.split(separator: ";").contains("7") }
        }
    }

    /// The parameters of every "select graphic rendition" escape in
    /// `text`: `1`, `7`, `38;5;75`, `0`.
    private func sgrParameters(_ text: String) -> [String] {
        text.components(separatedBy: "\u{1B}[").dropFirst().compactMap { escape in
            let parameters = escape.prefix { $0.isNumber || $0 == ";" }
            return escape.dropFirst(parameters.count).first == "m" ? String(parameters) : nil
        }
    }

    /// `text` with its escapes shown, for a failure's message.
    private func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "␛")
    }
}

/// Whether this run must have tmux, as CI's does.
private let requiresTmuxHere = ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_TMUX"] != nil
