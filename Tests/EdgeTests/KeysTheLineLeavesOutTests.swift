import Features
import Foundation
import FullScreen
import Testing

/// The reference says which keys the full-screen key line leaves to `?`,
/// read from the key map, so a reader does not take the line for every key.
///
/// It said the line "lists the keys that do something" after #39 left g,
/// G, Ctrl-D, Ctrl-U and Ctrl-L off it.
@Suite struct KeysTheLineLeavesOutTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    @Test func theFirstParagraphOfTheFullScreenKeysNamesEachKeyTheLineLeavesOut() throws {
        let page = try String(contentsOf: Self.reference, encoding: .utf8)
        let section = try #require(page.firstRange(of: "### Full-screen keys\n\n"))
        let paragraph =
            page[section.upperBound...]
            .split(separator: "\n\n", maxSplits: 1).first ?? ""
        let leftOut =
            AppScreen.allCases.flatMap { FullScreenKeyMap.helpOnlyKeys(on: $0) }
            + FullScreenKeyMap.everywhereKeys
        for key in leftOut.flatMap(\.keys) {
            let onTheLine = AppScreen.allCases.contains { screen in
                FullScreenKeyMap.keys(on: screen).contains { $0.keys.contains(key) }
            }
            #expect(!onTheLine, "\(key.name) is on a key line")
            // A letter is written in code voice, so any word does not hold it.
            let written = key.name.count == 1 ? "`\(key.name)`" : key.name
            #expect(
                paragraph.contains(written),
                "the reference does not say the key line leaves out \(key.name)")
        }
    }
}
