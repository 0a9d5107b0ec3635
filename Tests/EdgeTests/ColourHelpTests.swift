import Foundation
import Launch
import Palette
import Testing

/// What `people --help` and the command-line reference say about colour is
/// what the launch decides, for the environments a reader could not guess
/// from "24-bit, else 256, else 16, else none".
///
/// Both once left out `TERM=xterm-direct`, which gets 24-bit colour with
/// no `COLORTERM`, and the help said any `NO_COLOR` turns colour off,
/// though an empty one does not (no-color.org).
@Suite struct ColourHelpTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    /// The help's "Environment:" part, its lines joined into one.
    private static var helpEnvironment: String {
        let help = Usage.help(keyReference: "")
        let part = help.firstMatch(of: #/Environment:(?s)(.*)Data:/#)?.output.1 ?? ""
        return String(part).replacing(#/\s+/#, with: " ")
    }

    /// The reference, its lines joined into one.
    private static func referenceText() throws -> String {
        try String(contentsOf: reference, encoding: .utf8).replacing(#/\s+/#, with: " ")
    }

    @Test(arguments: [
        (["TERM": "xterm-direct"], ColorDepth.trueColor, "a TERM ending -direct", "`-direct`"),
        (
            ["TERM": "xterm", "NO_COLOR": ""], .ansi16, "NO_COLOR set and not empty",
            "`NO_COLOR` is set to anything but the empty text"
        ),
        (["TERM": ""], .noColor, "TERM dumb or unset", "`TERM` is `dumb`, empty or not set"),
    ])
    func theHelpAndTheReferenceNameWhatTheLaunchDecides(
        _ variables: [String: String], _ depth: ColorDepth, _ help: String, _ page: String
    ) throws {
        #expect(LaunchEnvironment.colorDepth(variables: variables, outputIsTerminal: true) == depth)
        #expect(Self.helpEnvironment.contains(help), "people --help does not say '\(help)'")
        #expect(
            try Self.referenceText().contains(page),
            "CommandLineReference.md does not say '\(page)'")
    }
}
