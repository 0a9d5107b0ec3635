import Features
import Foundation
import Testing

@testable import PersonFiles

/// `people export --format vcard` as a strict reader of RFC 6350 reads it,
/// and as `people import` reads it back: every field, id and date, exactly.
@Suite struct VCardRoundTripTests {
    /// Persons whose every value is one a careless writer would get wrong:
    /// commas, semicolons, backslashes, line breaks, a colon, long text of
    /// many-byte characters that a fold must not cut, custom labels.
    private func hostilePersons() throws -> [Person] {
        let long = String(repeating: "Ωμέγα😀", count: 14)
        let drafts = [
            PersonDraft(
                texts: [
                    .name: "Ada, Countess; of \\Lovelace",
                    .email: "work: ada@example.org, other: a@b.co",
                    .phone:
                        "mobile: +44 7700 900123, Dad's office: 020 7946 0000 ext. 2, home: 1 2 3",
                    .organization: "Engines; Ltd, Research", .title: "Mathematician: first",
                    .nickname: "Ada, Addie", .address: "12 St James's Sq, Flat 3; back",
                    .city: "London", .region: "Greater London", .postcode: "SW1Y 4JH",
                    .country: "UK", .birthday: "--12-10",
                    .notes: "Line one, with \\n literal\nLine two; end\\",
                ], uid: "urn:uuid:a,b;c\\d"),
            PersonDraft(
                texts: [
                    .name: long, .notes: String(repeating: "é", count: 300),
                    .birthday: "1815-12-10",
                    .email: "home fax: z@example.org",
                ]),
            PersonDraft(texts: [.name: "Plain"]),
        ]
        let dates = [
            Date(timeIntervalSince1970: 1_276_160_400),
            Date(timeIntervalSince1970: 1_276_160_400 + 1.0 / 1024),
            Date(timeIntervalSince1970: -13_000_000_000.5),
        ]
        return try zip(drafts, dates).enumerated().map { index, pair in
            let draft = try pair.0.validated()
            return Person(
                id: index * 7 + 1, name: draft.name, details: draft.details, added: pair.1)
        }
    }

    private func exported(_ persons: [Person]) -> String {
        let writer = PersonFileWriter()
        // As the console writes records: each followed by a line feed.
        let records = persons.map { writer.line($0, in: .vcard, formulas: .keep, isFirst: false) }
        return records.map { $0 + "\n" }.joined()
    }

    @Test func anExportReadsBackWithEveryFieldIdAndDate() throws {
        let persons = try hostilePersons()
        let cards = try VCardReader.read(Data(exported(persons).utf8), name: "book.vcf").cards
        #expect(cards.count == persons.count)
        for (person, card) in zip(persons, cards) {
            #expect(card.draft.name == person.name)
            #expect(card.draft.details == person.details)
            #expect(card.id == person.id)
            #expect(card.added == person.added)
            let restored = try #require(
                card.id.map {
                    Person(
                        id: $0, name: card.draft.name, details: card.draft.details,
                        added: card.added ?? .distantPast)
                })
            #expect(restored.cardID == person.cardID)
        }
        // A card made here read without its id keeps the UID it was given.
        let bare = exported([persons[2]]).replacingOccurrences(of: "X-PEOPLE-ID:15\r\n", with: "")
        let card = try #require(try VCardReader.read(Data(bare.utf8), name: "book.vcf").cards.first)
        #expect(card.draft.details.uid == persons[2].cardID)
    }

    @Test func anExportFollowsRFC6350LineByLine() throws {
        let text = exported(try hostilePersons())
        #expect(PersonFileWriter().header(of: .vcard) == nil)
        #expect(PersonFileWriter().footer(of: .vcard) == nil)
        let bytes = Array(text.utf8)
        // Every line ends in CRLF: no CR or LF anywhere else.
        var physical: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A)
                physical.append([])
                index += 2
                continue
            }
            #expect(bytes[index] != 0x0A, "a bare line feed at byte \(index)")
            physical[physical.count - 1].append(bytes[index])
            index += 1
        }
        #expect(physical.removeLast().isEmpty)
        var logical: [String] = []
        for line in physical {
            #expect(line.count <= 75, "a line of \(line.count) octets")
            let text = try #require(
                String(validating: line, as: UTF8.self), "a fold cut a character")
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F })
            if text.hasPrefix(" ") {
                logical[logical.count - 1] += text.dropFirst()
            } else {
                logical.append(text)
            }
        }
        var cards: [[String]] = []
        for line in logical {
            if line == "BEGIN:VCARD" { cards.append([]) }
            cards[cards.count - 1].append(line)
        }
        #expect(cards.count == 3)
        for card in cards {
            #expect(Array(card.prefix(2)) == ["BEGIN:VCARD", "VERSION:4.0"])
            #expect(card.last == "END:VCARD")
            #expect(card.filter { $0.hasPrefix("FN:") }.count == 1)
            for line in card {
                let colon = try #require(line.firstIndex(of: ":"))
                let name = line[..<colon].split(separator: ";").first.map(String.init) ?? ""
                let value = line[line.index(after: colon)...]
                let structured = ["N", "ADR"].contains(name)
                #expect(isEscaped(value, structured: structured), "\(line)")
            }
        }
    }

    /// Whether `value` escapes as §3.4 asks: a backslash only before `n`,
    /// `,`, `;` or another backslash, and no bare comma or semicolon except
    /// a structured value's separators.
    private func isEscaped(_ value: Substring, structured: Bool) -> Bool {
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let next = scalars.next(), "n,;\\".unicodeScalars.contains(next) else {
                    return false
                }
            case ";" where !structured, ",": return false
            default: continue
            }
        }
        return true
    }

    @Test func addedDatesWriteToTheStoresStepAndBackExactly() {
        let dates = [
            "2010-06-21T09:00:00Z", "2010-06-21T09:00:00.0009765625Z", "1000-02-29T23:59:59.5Z",
            "0001-01-03T00:00:00Z", "9999-12-31T23:59:59Z",
        ]
        for text in dates {
            let date = VCardDate.date(text)
            #expect(date.map(VCardDate.string) == text)
        }
        // The last two are outside what a store keeps: it would keep
        // another date.
        let bad = [
            "2010-02-30T00:00:00Z", "2010-06-21T09:00:00", "2010-06-21T09:00:00.Z", "x",
            "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.9990234375Z",
        ]
        for bad in bad {
            #expect(VCardDate.date(bad) == nil, "\(bad)")
        }
    }
}
