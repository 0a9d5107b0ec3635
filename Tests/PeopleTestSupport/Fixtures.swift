import Features
import Foundation

/// Fixed values tests share, so a test reads as the behaviour it checks.
public enum Fixtures {
    /// A fixed "now": 2026-01-01T00:00:00Z.
    public static let now = Date(timeIntervalSince1970: 1_767_225_600)

    /// A clock that always says ``now``.
    public static let clock: @Sendable () -> Date = { now }

    /// A source reader for a scope whose test reads no files or URLs: every
    /// source is refused with one line naming it, as a missing file would be.
    ///
    /// A scope's reader is a required edge, like its console; a test that
    /// imports files hands in ``files(_:)`` instead.
    public static let readsNoFiles: @Sendable (String) async throws -> Data = { path in
        throw UsageError("\(path): this test reads no files")
    }

    /// A file reader that knows exactly `files`, by path, and refuses any
    /// other path as a missing file.
    public static func files(_ files: [String: String])
        -> @Sendable (String) async throws -> Data
    {
        { path in
            guard let text = files[path] else { throw UsageError("\(path): no such file") }
            return Data(text.utf8)
        }
    }

    /// `count` persons named "Person 001", "Person 002", …, ids 1…count.
    public static func numberedPersons(_ count: Int) -> [Person] {
        (0..<max(0, count)).map { $0 + 1 }.map { index in
            let number = String(index)
            let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
            return Person(
                id: index, name: "Person \(padded)", address: "\(index) Main Street",
                email: nil, added: now)
        }
    }

    /// A draft that fills every field of the card with hostile but valid
    /// text: combining marks (spelled as escapes, so no editor composes
    /// them), emoji, quotes, backslashes, SQL and JSON's own characters,
    /// lines in the notes, twenty labelled emails, and a card id.
    ///
    /// `variant` makes each draft's values its own, so two of them differ
    /// in every field.
    public static func everyFieldDraft(_ variant: Int = 0) -> PersonDraft {
        let emails = (1...PersonField.mostValues).map { index in
            "\(index == 1 ? "work" : "l\"\\\(index)"): o'brien+\(variant).\(index)@exa-mple.org"
        }
        return PersonDraft(
            texts: [
                .name: "Zoe\u{308} 👩🏽‍💻 \"O'Brien\" \(variant)",
                .email: emails.joined(separator: ", "),
                .phone:
                    "mobile: +44 20 7946 00\(10 + variant), Dad's \"office\": (555) 010-9999 x12",
                .organization: "Robert'); DROP TABLE person;-- \(variant)",
                .title: "{\"title\": [\\u0000]} \(variant)",
                .nickname: "Ñuño \\N \(variant)",
                .address: "12 St James's Square \(variant)",
                .city: "Kraków \(variant)",
                .region: "مريم \(variant)",
                .postcode: "SW1Y 4LE-\(variant)",
                .country: "Ελλάς \(variant)",
                .birthday: variant % 2 == 0 ? "1815-12-10" : "--02-29",
                .notes: "First line \(variant)\n\n  \"quoted\" \\ back\\slash\nCOPY \\. end",
            ], uid: "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf\(variant % 10)")
    }

    /// A memory store holding the three samples.
    public static func sampleStore() -> MemoryPersonStore {
        MemoryPersonStore(persons: Person.samples)
    }
}
