import Features
import Launch
import Palette
import Testing

/// Colour follows the terminal: the depth each environment gets, read by
/// the launch edge and carried to the front ends by the invocation.
@Suite struct LaunchColorDepthTests {
    @Test(arguments: [
        // 24-bit only where COLORTERM says so (or the terminfo name does).
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], ColorDepth.trueColor),
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm", "COLORTERM": "TrueColor"], .trueColor),
        (["TERM": "xterm-direct"], .trueColor),
        // COLORTERM names a program, not a depth: 256 from TERM.
        (["TERM": "xterm-256color", "COLORTERM": "gnome-terminal"], .ansi256),
        (["TERM": "xterm-256color"], .ansi256),
        (["TERM": "tmux-256color"], .ansi256),
        (["TERM": "screen-256color"], .ansi256),
        (["TERM": "screen.xterm-256color"], .ansi256),
        // An ordinary terminal: the 16 of ANSI.
        (["TERM": "xterm"], .ansi16),
        (["TERM": "linux"], .ansi16),
        (["TERM": "vt100"], .ansi16),
        (["TERM": "screen"], .ansi16),
        (["TERM": "\u{1B}[31m\u{0}"], .ansi16),
        // None: NO_COLOR of any text, a dumb terminal, no TERM.
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .noColor),
        (["TERM": "xterm-256color", "NO_COLOR": "no"], .noColor),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .noColor),
        (["COLORTERM": "truecolor"], .noColor),
        (["TERM": ""], .noColor),
        (["TERM": "xterm", "NO_COLOR": ""], .ansi16),
    ])
    func theDepthFollowsTheEnvironment(_ variables: [String: String], _ depth: ColorDepth) {
        #expect(LaunchEnvironment.colorDepth(variables: variables, outputIsTerminal: true) == depth)
        #expect(
            LaunchEnvironment.colorDepth(variables: variables, outputIsTerminal: false) == .noColor,
            "a pipe or a file gets no colour")
    }

    @Test func theLaunchCarriesTheDepthToTheInvocation() throws {
        let variables = ["TERM": "linux"]
        let launch = LaunchEnvironment(
            arguments: [], variables: variables, inputIsTerminal: true, outputIsTerminal: true)
        let invocation = try Invocation(
            arguments: [], environment: variables, outputIsTerminal: true)
        #expect(launch.colorDepth == .ansi16)
        #expect(invocation.colorDepth == .ansi16)
        #expect(invocation.configuration.usesColor)
    }

    @Test(arguments: [
        ("auto", ColorDepth.ansi256), ("never", .noColor), ("16", .ansi16), ("256", .ansi256),
        ("truecolor", .trueColor),
    ])
    func colorChoosesTheDepthOverTheEnvironment(_ choice: String, _ depth: ColorDepth) throws {
        let variables = ["TERM": "xterm-256color"]
        #expect(
            try Invocation(
                arguments: ["--color", choice], environment: variables, outputIsTerminal: true
            ).colorDepth == depth)
        if choice != "auto" {
            // A depth asked for is used in a pipe, and over NO_COLOR.
            let piped = try Invocation(
                arguments: ["--color", choice], environment: ["NO_COLOR": "1"],
                outputIsTerminal: false)
            #expect(piped.colorDepth == depth)
            #expect(piped.configuration.usesColor == (depth != .noColor))
        }
    }

    @Test func anUnknownColorChoiceIsNamed() {
        #expect(throws: UsageError.self) {
            try Invocation(
                arguments: ["--color", "always\u{1B}"], environment: [:], outputIsTerminal: true)
        }
        do {
            _ = try Invocation(
                arguments: ["--color", "always"], environment: [:], outputIsTerminal: true)
        } catch {
            #expect(
                error.message
                    == "--color: unknown value 'always' (expected one of: auto, never, 16, 256, truecolor)"
            )
        }
    }
}
