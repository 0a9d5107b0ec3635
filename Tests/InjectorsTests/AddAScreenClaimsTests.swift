import Foundation
import Testing

/// What the guide to adding a screen (AddAScreen.md) says a change costs
/// is read from the files it names, so the guide cannot keep naming what
/// a change no longer costs.
///
/// Each failed once: the guide said the README's key line is cut after
/// `s settings` after the list's line gained Home and End; named
/// `Usage.swift` as where a one-shot command's help line goes after each
/// command's usage moved to `CommandUsage.swift`; and named only
/// `editingKeys(on:)` in the full-screen key map after its exhaustive
/// `switch`es became `shownEditingKeys(on:)` and `answeredKeys(on:)`.
@Suite struct AddAScreenClaimsTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The guide, its lines joined into one.
    private static func guide() throws -> String {
        try text("Docs/People.docc/AddAScreen.md").replacing(#/\s+/#, with: " ")
    }

    /// Where the guide says the README's first screen cuts the list's key
    /// line is where it does: the last key before `…`.
    @Test func theGuideSaysWhereTheReadmesKeyLineIsCut() throws {
        let readme = try Self.text("README.md").split(separator: "\n").map(String.init)
        let start = try #require(readme.firstIndex { $0.hasPrefix("people.sqlite · People") })
        let end = try #require(readme[start...].firstIndex { $0 == "```" })
        let keyLine = readme[end - 1]
        let beforeCut = try #require(keyLine.firstRange(of: " · … · "))
        let lastShown = try #require(
            keyLine[..<beforeCut.lowerBound].split(separator: " · ").last)
        let said = try Self.guide().matches(of: #/cut (?:there )?after `([^`]+)`/#)
            .map { String($0.output.1) }
        #expect(said.count >= 2, "the guide says where the README's key line is cut")
        for key in said {
            #expect(key == lastShown, "AddAScreen.md says cut after `\(key)`; it is `\(lastShown)`")
        }
    }

    /// The one-shot table names the file each command's usage is declared
    /// in, the one `people --help` and `people COMMAND --help` read.
    @Test func theOneShotTableNamesWhereACommandsUsageIsDeclared() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let declaring = try files.filter {
            try Self.text("Sources/" + $0).contains("synopsis: \"people seed N\"")
        }
        #expect(declaring.count == 1)
        for file in declaring {
            #expect(
                try Self.guide().contains("| `Sources/\(file)` |"),
                "the one-shot table leaves out Sources/\(file)")
        }
    }
}

extension AddAScreenClaimsTests {
    /// Each key map's row in the "Every file" table names every function of
    /// that map that a new screen does not compile without: each that
    /// switches over the screen it is given.
    @Test(arguments: [
        "Sources/Terminal/LineKeyMap.swift", "Sources/FullScreen/FullScreenKeyMap.swift",
    ])
    func eachKeyMapsRowNamesEverySwitchOverTheScreens(_ path: String) throws {
        let source = try Self.text(path)
        let rows = try Self.guide().matches(of: #/\| [0-9]+ \| `([^`]+)` \| ([^|]+) \|/#)
        let said = try #require(rows.first { $0.output.1 == path }).output.2
        let functions = source.matches(of: #/func (\w+)\((\w+) screen: AppScreen\)/#)
        var switching: [String] = []
        for (index, function) in functions.enumerated() {
            let end =
                index + 1 < functions.count
                ? functions[index + 1].range.lowerBound : source.endIndex
            if source[function.range.upperBound..<end].contains("switch screen {") {
                switching.append("`\(function.output.1)(\(function.output.2):)`")
            }
        }
        #expect(!switching.isEmpty)
        for name in switching {
            #expect(said.contains(name), "the table's row for \(path) leaves out \(name)")
        }
    }
}
