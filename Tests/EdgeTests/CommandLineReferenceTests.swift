import Features
import Foundation
import FullScreen
import Launch
import Terminal
import Testing

/// Every key block the command-line reference shows is one a key map
/// declares, so a key changed in either map fails here until the doc says
/// so too.
///
/// The page shows the blocks that no new screen changes (a person's and the
/// form's `?` help) and points to `people --help` and `?` for the rest, so
/// adding a screen edits no doc. A block it shows is held by its first
/// line: one that starts as a screen's help or a key reference does (`Form
/// keys:`) must be that help or reference, in one of the two front ends,
/// and the failure prints the block to paste over it.
@Suite struct CommandLineReferenceTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    /// Every block a front end draws: each one's key reference, and each
    /// screen's `?` help in each.
    private static var declared: [String] {
        [LineKeyMap.keyReference, FullScreenKeyMap.keyReference]
            + AppScreen.allCases.flatMap { screen in
                [
                    LineKeyMap.help(on: screen),
                    FullScreenKeyMap.help(on: screen).joined(separator: "\n"),
                ]
            }
    }

    /// The fenced blocks of the page with no language, each without its fences.
    private static func blocks() throws -> [String] {
        let text = try String(contentsOf: reference, encoding: .utf8)
        return text.matches(of: #/(?s)\n```\n(.*?)\n```/#).map { String($0.1) }
    }

    /// Of `candidates`, the one that shares the most lines with `block`.
    private static func nearest(_ block: String, among candidates: [String]) -> String? {
        let lines = Set(block.split(separator: "\n"))
        return candidates.max { first, second in
            lines.intersection(first.split(separator: "\n")).count
                < lines.intersection(second.split(separator: "\n")).count
        }
    }

    @Test func everyKeyBlockTheCommandLineReferenceShowsIsAsDeclared() throws {
        let declared = Self.declared
        var held = 0
        for block in try Self.blocks() {
            let title = block.prefix { $0 != "\n" }
            let candidates = declared.filter { $0.prefix { $0 != "\n" } == title }
            guard !candidates.isEmpty else { continue }
            held += 1
            guard !candidates.contains(block) else { continue }
            Issue.record(
                """
                CommandLineReference.md shows a "\(title)" block that no key map declares; \
                paste this block over it:
                \(Self.nearest(block, among: candidates) ?? "")
                """)
        }
        #expect(held >= 3, "CommandLineReference.md shows a person's and the form's ? help")
    }

    /// The blocks it shows are what the page says: a person's and the form's
    /// help, in the line front end, and the form's in the full-screen one.
    @Test func theCommandLineReferenceShowsTheHelpNoNewScreenChanges() throws {
        let blocks = try Self.blocks()
        for (block, what) in [
            (LineKeyMap.help(on: .detail), "a person's ? help in the line front end"),
            (LineKeyMap.help(on: .form), "the form's ? help in the line front end"),
            (
                FullScreenKeyMap.help(on: .form).joined(separator: "\n"),
                "the form's help in the full-screen front end"
            ),
        ] {
            #expect(
                blocks.contains(block),
                "CommandLineReference.md leaves out \(what); paste this block back:\n\(block)")
        }
    }

    /// Every command `people --help` lists has a line on the page, so a new
    /// command (such as `import`) cannot be left out of the reference.
    @Test func everyCommandTheHelpListsIsOnThePage() throws {
        let page = try String(contentsOf: Self.reference, encoding: .utf8)
        let commands = Usage.help(keyReference: "").matches(of: #/\n  people ([a-z]+)/#).map {
            String($0.1)
        }
        #expect(commands.contains("import"))
        for command in commands {
            #expect(
                page.contains("people \(command)"),
                "CommandLineReference.md has no line for 'people \(command)'")
        }
    }

    /// Each command's usage is declared once (``CommandUsage``): `people
    /// --help` lists it as its own page starts, and the page here writes it
    /// the same way, so the three cannot drift apart.
    @Test func eachCommandsUsageIsTheSameInTheHelpItsPageAndTheReference() throws {
        let page = try String(contentsOf: Self.reference, encoding: .utf8)
        let help = Usage.help(keyReference: "")
        let listed = help.matches(of: #/\n  people ([a-z]+)/#).map { String($0.1) }
        #expect(listed == CommandUsage.all.map(\.name), "one declaration per listed command")
        for usage in CommandUsage.all {
            #expect(help.contains("\n  \(usage.synopsis)"), "people --help lists \(usage.name)")
            #expect(
                page.contains(usage.synopsis),
                "CommandLineReference.md does not write '\(usage.synopsis)'")
        }
    }

    /// `people --help` names every command that makes a book on a server
    /// (``Command/makesASharedBookWhenMissing``): a team's first run must be
    /// one of them, and the help is where a team looks for which.
    @Test func theHelpNamesEveryCommandThatMakesABookOnAServer() throws {
        let help = Usage.help(keyReference: "").replacing(#/\s+/#, with: " ")
        let sentence = try #require(
            help.firstMatch(of: #/A new book there starts empty, made by [^)]*\)/#))
        let named = Set(sentence.output.matches(of: #/[a-z]+/#).map { String($0.output) })
        let commands: [(word: String, command: Command)] = [
            ("add", .add(PersonDraft(name: "Ada"))), ("seed", .seed(count: 1)), ("demo", .demo),
            ("import", .importContacts(source: "contacts.vcf", dryRun: false)),
        ]
        for (word, command) in commands {
            #expect(command.makesASharedBookWhenMissing)
            #expect(
                named.contains(word),
                "people --help says '\(sentence.output)', which leaves out \(word)")
        }
    }
}
