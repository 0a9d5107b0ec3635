import Features
import FullScreen
import Terminal
import Testing

/// No key asks for two things on one screen, in any front end.
///
/// A key taken twice compiles, and every help still lists both, but only
/// one of them is ever asked for: the other is dead on that screen, and
/// nothing else notices. Each failure names the screen, the key and the
/// two things it is mapped to, so the fix is to give one of them another
/// key (the guide's "Choosing a key" says which are free).
@Suite struct NoKeyTakenTwiceTests {
    /// What a key on a screen is mapped to, as a failure names it: an
    /// intent (`the intent settings`) or a front end's own editing key
    /// (`the editing key "move"`).
    private static func owner(intent: ScreenIntent?, word: String) -> String {
        intent.map { "the intent \($0)" } ?? "the editing key \"\(word)\""
    }

    /// Every pair of owners that share a key, as `(key, first, second)`.
    ///
    /// `entries` are a screen's keys in the order its key line shows them,
    /// each with the keys that ask for it, already spelled as typed.
    static func keysTakenTwice(_ entries: [(owner: String, keys: [String])]) -> [(
        key: String, first: String, second: String
    )] {
        var owners: [String: String] = [:]
        var taken: [(String, String, String)] = []
        for entry in entries {
            for key in Set(entry.keys) {
                if let first = owners[key] {
                    taken.append((key, first, entry.owner))
                } else {
                    owners[key] = entry.owner
                }
            }
        }
        return taken
    }

    /// A line is matched whatever its case (`B` is `b`).
    @Test(arguments: AppScreen.allCases)
    func noLineKeyIsTakenTwiceOnAScreen(_ screen: AppScreen) {
        let editing = LineKeyMap.editingKeys(on: screen).map {
            (owner: Self.owner(intent: nil, word: $0.word), keys: [$0.keys.lowercased()])
        }
        let intents = screen.intents.map {
            (
                owner: Self.owner(intent: $0, word: ""),
                keys: [LineKeyMap.key(for: $0).keys.lowercased()]
            )
        }
        for (key, first, second) in Self.keysTakenTwice(editing + intents) {
            Issue.record(
                "On \(screen.name), the line key \"\(key)\" is taken twice: by \(first) and by \(second); give one another key in LineKeyMap"
            )
        }
        let words = LineKeyMap.keys(on: screen).map(\.word)
        #expect(Set(words).count == words.count, "a word twice on \(screen.name)'s key line")
    }

    /// A character is matched whatever its case (`S` asks for what `s`
    /// does), as ``FullScreen/FullScreenKeyMap/intent(of:on:)`` reads it.
    @Test(arguments: AppScreen.allCases)
    func noFullScreenKeyIsTakenTwiceOnAScreen(_ screen: AppScreen) {
        func typed(_ keys: [Key]) -> [String] {
            keys.map { key in
                if case .character(let character) = key { return character.lowercased() }
                return "\(key)"
            }
        }
        let editing = FullScreenKeyMap.editingKeys(on: screen).map {
            (owner: Self.owner(intent: nil, word: $0.word), keys: typed($0.keys))
        }
        let intents = screen.intents.map {
            (
                owner: Self.owner(intent: $0, word: ""),
                keys: typed(FullScreenKeyMap.key(for: $0, on: screen).keys)
            )
        }
        for (key, first, second) in Self.keysTakenTwice(editing + intents) {
            Issue.record(
                "On \(screen.name), the full-screen key \(key) is taken twice: by \(first) and by \(second); give one another key in FullScreenKeyMap"
            )
        }
    }

    /// The check itself finds a key taken twice, and names both owners.
    @Test func aKeyTakenTwiceIsFoundWithBothOfItsOwners() {
        let taken = Self.keysTakenTwice([
            (owner: "the intent search", keys: ["/"]),
            (owner: "the intent settings", keys: ["s", "x"]),
            (owner: "the intent sort", keys: ["s"]),
        ])
        #expect(taken.count == 1)
        #expect(taken.first?.key == "s")
        #expect(taken.first?.first == "the intent settings")
        #expect(taken.first?.second == "the intent sort")
    }
}
