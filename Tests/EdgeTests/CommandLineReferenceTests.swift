import Features
import Foundation
import FullScreen
import Terminal
import Testing

/// The command-line reference shows both front ends' keys as their key maps
/// declare them, so a key changed in either map fails here until the doc
/// says so too.
///
/// The line front end's blocks are its `people --help` reference and every
/// screen's `?` help. The full-screen blocks are its reference and the help
/// of the two screens whose keys are its own (the list and the form); the
/// detail's and the settings' keys are all in its reference line.
@Suite struct CommandLineReferenceTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    /// Whether the doc has `text` as a whole fenced block.
    private static func showsBlock(_ text: String) throws -> Bool {
        try String(contentsOf: reference, encoding: .utf8).contains("```\n" + text + "\n```")
    }

    /// Records an issue, with the block to paste, unless the doc shows
    /// `block` whole: what `what` is, and the block it should be.
    private static func expectShown(
        _ block: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard try !showsBlock(block) else { return }
        Issue.record(
            """
            CommandLineReference.md does not show \(what) as declared; \
            paste this block over the one it replaces:
            \(block)
            """,
            sourceLocation: sourceLocation)
    }

    @Test func theCommandLineReferenceShowsEveryScreensLineKeysAsDeclared() async throws {
        try Self.expectShown(LineKeyMap.keyReference, "the line front end's key reference")
        for screen in AppScreen.allCases {
            try Self.expectShown(LineKeyMap.help(on: screen), "\(screen.name)'s ? help")
        }
    }

    @Test func theCommandLineReferenceShowsTheFullScreenKeysAsDeclared() async throws {
        try Self.expectShown(FullScreenKeyMap.keyReference, "the full-screen key reference")
        for screen in [AppScreen.list, .form] {
            try Self.expectShown(
                FullScreenKeyMap.help(on: screen).joined(separator: "\n"),
                "\(screen.name)'s full-screen help")
        }
    }
}
