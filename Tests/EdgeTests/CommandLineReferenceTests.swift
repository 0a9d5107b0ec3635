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

    @Test func theCommandLineReferenceShowsEveryScreensLineKeysAsDeclared() async throws {
        #expect(try Self.showsBlock(LineKeyMap.keyReference))
        for screen in AppScreen.allCases {
            #expect(
                try Self.showsBlock(LineKeyMap.help(on: screen)),
                "CommandLineReference.md does not show \(screen.name)'s ? help as declared")
        }
    }

    @Test func theCommandLineReferenceShowsTheFullScreenKeysAsDeclared() async throws {
        #expect(try Self.showsBlock(FullScreenKeyMap.keyReference))
        for screen in [AppScreen.list, .form] {
            #expect(
                try Self.showsBlock(FullScreenKeyMap.help(on: screen).joined(separator: "\n")),
                "CommandLineReference.md does not show \(screen.name)'s full-screen help")
        }
    }
}
