import Features
import FullScreen
import Terminal
import Testing

/// The line front end's keys are held to the screens `Features` declares:
/// every intent of every screen has a key, and each key shows in its
/// screen's `?` help and in `people --help`'s key reference (the blocks
/// of them the command-line reference doc shows are held by
/// ``CommandLineReferenceTests``).
@Suite struct LineKeyMapTests {
    @Test(arguments: AppScreen.allCases)
    func everyIntentOfTheScreenHasAKeyInItsHelpAndTheKeyReference(_ screen: AppScreen) {
        let help = LineKeyMap.help(on: screen).split(separator: "\n").dropFirst()
        // One line a screen, in the order of `AppScreen.allCases`.
        let lines = LineKeyMap.keyReference.split(separator: "\n").dropFirst()
        let reference = zip(AppScreen.allCases, lines).first { $0.0 == screen }?.1
        for intent in screen.intents {
            let key = LineKeyMap.key(for: intent)
            #expect(!key.keys.isEmpty && !key.word.isEmpty, "\(intent) has no line key")
            #expect(
                help.contains {
                    $0.hasPrefix("  \(key.keys) ") && $0.hasSuffix("  \(key.summary)")
                },
                "\(screen.name)'s ? help does not show \(intent)")
            #expect(
                reference?.contains(key.keyLineEntry) == true,
                "people --help does not show \(intent) on \(screen.name)")
        }
        #expect(help.count == LineKeyMap.keys(on: screen).count)
    }

    /// `people --help` lines up every screen's keys in one column, past
    /// the longest screen name, in both front ends' references: a screen
    /// of any name needs no padding changed.
    @Test func theKeyReferencesLineUpEveryScreensKeysPastTheLongestName() {
        for (reference, keyLine) in [
            (LineKeyMap.keyReference, { LineKeyMap.keyLine(LineKeyMap.keys(on: $0)) }),
            (
                FullScreenKeyMap.keyReference,
                { FullScreenKeyMap.referenceLine(on: $0) }
            ),
        ] as [(String, (AppScreen) -> String)] {
            let lines = reference.split(separator: "\n").dropFirst()
            #expect(lines.count == AppScreen.allCases.count)
            // Where each screen's keys start, counted in characters.
            let starts = zip(AppScreen.allCases, lines).map { screen, line in
                #expect(line.hasSuffix(keyLine(screen)), "\(screen.name): \(line)")
                return line.count - keyLine(screen).count
            }
            #expect(Set(starts).count == 1, "keys start in different columns:\n\(reference)")
            let longest = AppScreen.allCases.map(\.name.count).max() ?? 0
            #expect(starts.allSatisfy { $0 >= 2 + longest + 2 }, "\(reference)")
        }
    }

    @Test func theKeysAnsweredWhileLoadingAreQuitBackAndHelpAsTyped() {
        for line in ["q", " Q", "b ", "B", "?"] {
            #expect(TerminalNavigator.isAnsweredWhileLoading(line), "\(line)")
        }
        for line in ["1", "n", "", "/", "qq", "e", "."] {
            #expect(!TerminalNavigator.isAnsweredWhileLoading(line), "\(line)")
        }
    }
}
