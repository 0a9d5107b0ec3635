import Features
import Foundation
import Testing

/// The screens are declared once, in `AppScreen`; what shows them is held
/// to that declaration.
@Suite struct AppScreenTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    @Test func theCommandLineReferenceShowsEveryScreensKeysAsDeclared() async throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        #expect(text.contains("```\n" + AppScreen.keyReference + "\n```"))
        for screen in AppScreen.allCases {
            #expect(
                text.contains("```\n" + screen.help + "\n```"),
                "CommandLineReference.md does not show \(screen.name)'s ? help as declared")
        }
    }

    @Test(arguments: AppScreen.allCases)
    func everyScreenHasQuestionMarkHelpAndNoKeyTwice(_ screen: AppScreen) async {
        let keys = screen.keys.map(\.keys)
        #expect(keys.contains("?"))
        #expect(Set(keys).count == keys.count, "a key declared twice on \(screen.name)")
        #expect(Set(screen.keys.map(\.name)).count == keys.count)
    }
}
