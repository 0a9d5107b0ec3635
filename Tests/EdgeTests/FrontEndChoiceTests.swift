import Features
import Foundation
import Launch
import Testing

/// `--ui full|line`: which front end an interactive run draws with, and
/// that a script is never handed the split view it cannot drive.
@Suite struct FrontEndChoiceTests {
    private func invocation(
        _ arguments: [String], _ environment: [String: String] = ["TERM": "xterm-256color"],
        input: Bool = true, output: Bool = true, file: String? = nil
    ) throws(UsageError) -> Invocation {
        try Invocation(
            arguments: arguments, environment: environment, outputIsTerminal: output,
            inputIsTerminal: input, readFile: { _ throws(UsageError) in Data((file ?? "{}").utf8) })
    }

    @Test func aPersonAtATerminalGetsTheSplitViewAndAnythingElseTheLineView() throws {
        #expect(try invocation([]).frontEnd == .full)
        #expect(try invocation([], input: false).frontEnd == .line, "piped in")
        #expect(try invocation([], output: false).frontEnd == .line, "piped out")
        #expect(try invocation([], ["TERM": "dumb"]).frontEnd == .line)
        #expect(try invocation([], [:]).frontEnd == .line, "no TERM at all")
    }

    @Test func theFlagWinsOverTheVariableWhichWinsOverTheFile() throws {
        let file = #"{"ui": "line"}"#
        #expect(try invocation(["--config", "p.json"], file: file).frontEnd == .line)
        #expect(
            try invocation(
                ["--config", "p.json"], ["TERM": "xterm", "PEOPLE_UI": "full"], file: file
            ).frontEnd == .full)
        #expect(
            try invocation(["--ui", "line"], ["TERM": "xterm", "PEOPLE_UI": "full"]).frontEnd
                == .line)
    }

    @Test func anUnknownFrontEndIsOneLineNamingIt() {
        #expect(throws: UsageError("--ui: unknown front end 'tabs' (expected full or line)")) {
            try invocation(["--ui", "tabs"])
        }
        #expect(throws: UsageError.self) {
            try invocation(["--config", "p.json"], file: #"{"ui": "grid"}"#)
        }
    }

    @Test func aScriptThatAsksForTheSplitViewIsToldNotHung() throws {
        #expect(
            throws: UsageError(
                "--ui: full needs a terminal on standard input and output; use line in a script")
        ) { try invocation(["--ui", "full"], input: false) }
        #expect(throws: UsageError.self) {
            try invocation([], ["TERM": "xterm", "PEOPLE_UI": "full"], input: false)
        }
        // A file that prefers it is a preference: the script gets lines.
        #expect(
            try invocation(["--config", "p.json"], input: false, file: #"{"ui": "full"}"#)
                .frontEnd == .line)
        // A one-shot command draws no screen, so nothing to refuse.
        #expect(try invocation(["list", "--ui", "full"], input: false).command != .interactive)
    }
}
