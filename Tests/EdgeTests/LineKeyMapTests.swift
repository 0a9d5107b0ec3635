import Features
import Terminal
import Testing

/// The line front end's keys are held to the screens `Features` declares:
/// every intent of every screen has a key, and each key shows in its
/// screen's `?` help and in `people --help`'s key reference (the
/// command-line reference doc is held to both by
/// ``CommandLineReferenceTests``).
@Suite struct LineKeyMapTests {
    @Test(arguments: AppScreen.allCases)
    func everyIntentOfTheScreenHasAKeyInItsHelpAndTheKeyReference(_ screen: AppScreen) {
        let help = LineKeyMap.help(on: screen).split(separator: "\n").dropFirst()
        let reference = LineKeyMap.keyReference.split(separator: "\n").first {
            $0.hasPrefix("  \(screen.name.padded(to: 10))  ")
        }
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

    @Test(arguments: AppScreen.allCases)
    func noKeyOrWordTwiceOnAScreen(_ screen: AppScreen) {
        let keys = LineKeyMap.keys(on: screen)
        #expect(Set(keys.map(\.keys)).count == keys.count, "a key twice on \(screen.name)")
        #expect(Set(keys.map(\.word)).count == keys.count, "a word twice on \(screen.name)")
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
