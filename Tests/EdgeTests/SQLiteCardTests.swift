import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// The SQLite store keeps the whole card, and reads whatever another
/// program left of one.
///
/// The fields beyond the name, the street and the preferred email are in
/// the `card` column (`StoredCard`), the card's id in `uid`. Another
/// program may leave anything in either, and it reads without a crash;
/// `people check` names the cards it cannot read.
///
/// Every write keeping every field is a promise of the store contract
/// (`everyFieldOfTheCardIsKeptByEveryWrite`), which the SQLite store runs
/// with the others; this suite is about the file.
@Suite struct SQLiteCardTests {
    let file: SQLiteTestFile
    var path: String { file.path }

    init() throws {
        file = try SQLiteTestFile()
    }

    @Test func everyFieldIsInTheFileAndTheOldColumnsKeepTheirMeaning() async throws {
        let card = try Fixtures.everyFieldCard.validated()
        let added: Person
        do {
            let store = try SQLitePersonStore(path: path)
            added = try await store.add(card, addedAt: Fixtures.now)
            _ = try await store.add(validating: PersonDraft(name: "Plain Person"))
            let bulk = try store.add(contentsOf: [card], addedAt: Fixtures.now)
            #expect(bulk == 1)
        }
        let reopened = try SQLitePersonStore(path: path)
        let found = try await reopened.page(matching: "ziggy", from: .first, limit: 10)
        #expect(found.count == 2)
        for person in found {
            #expect(person.name.utf8.elementsEqual(card.name.utf8))
            #expect(person.details.hasSameBytes(as: card.details))
        }
        // Another program's SQL over the older columns reads what it did.
        let row = try #require(
            try SQLiteConnection(path: path, busyTimeout: .seconds(5)).rows(
                "SELECT address, email, uid, json_valid(card) FROM person WHERE id = ?",
                [.integer(added.id)]
            ).first)
        #expect(row.text(0) == "12 St James's Square")
        #expect(row.text(1) == "zoe.1@example.org")
        #expect(row.text(2)?.utf8.elementsEqual(card.details.uid.utf8) == true)
        #expect(row.integer(3) == 1)
        // A card with nothing more on it is stored as rows of earlier
        // releases are, so the index on card ids holds only real ones.
        #expect(
            try file.integer(
                "SELECT count(*) FROM person WHERE name = 'Plain Person' AND card IS NULL AND uid IS NULL"
            ) == 1)
        #expect(try await reopened.check(repairing: false).notes == [])
        #expect(try await reopened.check(repairing: false).problems == [])
    }

    /// What another program may leave in the card column, as SQL, and
    /// whether `people check` names the card as unreadable.
    struct OthersCard: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sql: String
        let unreadable: Bool
        /// What the check says of a card that reads, but not whole.
        var partly: String? = nil

        /// What the check says of this card, if anything.
        var problem: String? {
            unreadable
                ? "its card is not a JSON object, so only its name, address and email are read"
                : partly
        }
    }

    static let othersCards = [
        OthersCard(testDescription: "NULL", sql: "NULL", unreadable: false),
        OthersCard(testDescription: "empty text", sql: "''", unreadable: true),
        OthersCard(testDescription: "an empty object", sql: "'{}'", unreadable: false),
        OthersCard(testDescription: "not JSON", sql: "'not json'", unreadable: true),
        OthersCard(
            testDescription: "an array", sql: "'[1, 2, {\"city\": \"Paris\"}]'", unreadable: true),
        OthersCard(testDescription: "an integer", sql: "42", unreadable: true),
        OthersCard(testDescription: "a real", sql: "4.5e300", unreadable: true),
        OthersCard(testDescription: "a BLOB of bytes", sql: "x'00ff7b7d'", unreadable: true),
        OthersCard(testDescription: "a BLOB of an object", sql: "x'7b7d'", unreadable: false),
        // Invalid UTF-8 inside a string: read as SQLite reads the text.
        OthersCard(
            testDescription: "text that is not UTF-8",
            sql: "CAST(x'7b2263697479223a22ff227d' AS TEXT)", unreadable: false),
        // Numbers, nulls and the wrong shapes where text and lists belong.
        OthersCard(
            testDescription: "the wrong types",
            sql: """
                '{"city": 42, "region": null, "phones": [7, {"value": 7}, {"label": 1, "value": "+1 555"}],
                  "moreEmails": "x", "emailLabel": [], "birthday": "1815-13-45", "notes": {"a": 1}}'
                """, unreadable: false,
            partly: "its card's 'birthday' is not a birthday, so it is not read"),
        OthersCard(
            testDescription: "another program's own key",
            sql: "'{\"city\": \"Leeds\", \"x-sync\": 42}'", unreadable: false,
            partly: "its card holds 'x-sync', which this program does not read"),
        OthersCard(
            testDescription: "100,000 nested arrays",
            sql: "'\(String(repeating: "[", count: 100_000))'", unreadable: true),
        OthersCard(
            testDescription: "long notes",
            sql: "'{\"notes\": \"\(String(repeating: "🐛", count: 3_000))\"}'", unreadable: false),
    ]

    @Test(arguments: othersCards)
    func aCardAnotherProgramWroteReadsAndTheCheckNamesItWhenUnreadable(_ card: OthersCard)
        async throws
    {
        let store = try SQLitePersonStore(path: path)
        try file.otherProgram(
            """
            INSERT INTO person (id, name, sort_name, address, email, added, card, uid)
            VALUES (7, 'Odd Card', 'odd card', 'Odd Street', 'odd@example.org', 0, \(card.sql), 42)
            """)
        let read = try #require(try await store.person(withID: 7))
        #expect(read.name == "Odd Card" && read.address == "Odd Street")
        #expect(read.email == "odd@example.org")
        #expect(read.details.uid == "42")
        #expect(try await store.page(matching: "odd", from: .first, limit: 10) == [read])
        let check = try await store.check(repairing: false)
        #expect(check.problems == [], "reported, not repaired")
        // The other program left the search fields out, so the person is
        // found by name alone, and the check says so before the card's note.
        #expect(
            check.notes
                == [
                    "1 person has no search fields (another program wrote them): found by name "
                        + "and by the fields stored; an edit in people folds them again"
                ] + (card.problem.map { ["person 7 'Odd Card': \($0)"] } ?? []))
        var edited = PersonDraft(read)
        edited[.phone] = "+44 20 7946 0018"
        guard let problem = card.problem else {
            // A card that reads whole is saved again, whole.
            let saved = try await store.update(read, with: edited.validated())
            #expect(try await store.person(withID: 7) == saved)
            #expect(saved.details.phones.map(\.value) == ["+44 20 7946 0018"])
            return
        }
        // One that does not is never written over: the save is refused,
        // naming what it would lose, and the card stays as it was.
        let stored = try file.otherProgramAnswer("SELECT quote(card) FROM person WHERE id = 7")
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.update(read, with: edited.validated())
        }
        #expect(error.map { "\($0)".contains(problem) } == true, "\(String(describing: error))")
        #expect(
            try file.otherProgramAnswer("SELECT quote(card) FROM person WHERE id = 7") == stored)
        #expect(try await store.person(withID: 7) == read)
        // A delete is still the person's to make.
        try await store.delete(read)
        #expect(try await store.person(withID: 7) == nil)
    }

    @Test func aCardWithTheWrongTypesReadsWhatItCan() async throws {
        let store = try SQLitePersonStore(path: path)
        try file.otherProgram(
            """
            INSERT INTO person (id, name, sort_name, address, email, added, card)
            VALUES (7, 'Odd Card', 'odd card', '', NULL, 0,
                '{"city": 42, "country": "France", "phones": [7, {"value": 7}, {"label": 1, "value": "+1 555"}],
                  "moreEmails": [{"label": "home", "value": "odd@example.org"}], "birthday": "--12-10"}')
            """)
        let read = try #require(try await store.person(withID: 7))
        #expect(read.details.address.city == "")
        #expect(read.details.address.country == "France")
        #expect(read.details.phones == [LabelledValue(value: "+1 555")])
        #expect(read.details.emails == [LabelledValue(label: "home", value: "odd@example.org")])
        #expect(read.details.birthday?.description == "--12-10")
    }

    /// A label another program stored with a comma or a colon, which a
    /// form's list reads as the end of a value or a label, reads with a
    /// space instead, as an import makes one: an edit of another field
    /// then keeps every email and phone, instead of being refused for an
    /// email "home" the person never had.
    @Test func aLabelHoldingACommaOrAColonReadsAsOneAnEditCanKeep() async throws {
        let store = try SQLitePersonStore(path: path)
        try file.otherProgram(
            """
            INSERT INTO person (id, name, sort_name, address, email, added, card)
            VALUES (7, 'Odd Card', 'odd card', '', 'odd@example.org', 0,
                '{"emailLabel": "home, work", "moreEmails": [{"label": "a: b", "value": "x@example.org"}],
                  "phones": [{"label": "Dad, office", "value": "+1 555 0100"}]}')
            """)
        let read = try #require(try await store.person(withID: 7))
        #expect(read.details.emails.map(\.label) == ["home  work", "a  b"])
        #expect(read.details.phones.map(\.label) == ["Dad  office"])
        var edited = PersonDraft(read)
        edited[.title] = "Boss"
        let saved = try await store.update(read, with: edited.validated())
        #expect(saved.details.emails.map(\.value) == ["odd@example.org", "x@example.org"])
        #expect(saved.details.phones.map(\.value) == ["+1 555 0100"])
        #expect(saved.details.title == "Boss")
    }

    @Test func theCheckNamesTheFirstUnreadableCardsAndCountsTheRest() async throws {
        let store = try SQLitePersonStore(path: path)
        let count = SQLiteDerivedData.namedCardsLimit + 3
        try file.otherProgram(
            (1...count).map {
                "INSERT INTO person (id, name, sort_name, address, added, card) VALUES ($0, 'P\($0)', 'p\($0)', '', 0, 'broken');"
            }.joined())
        let all = try await store.check(repairing: false).notes
        #expect(all.first?.hasPrefix("\(count) persons have no search fields") == true)
        let notes = all.dropFirst()
        #expect(notes.count == SQLiteDerivedData.namedCardsLimit + 1)
        #expect(notes.first?.hasPrefix("person 1 'P1': its card is not a JSON object") == true)
        #expect(notes.last == "3 more persons' cards do not read whole either")
    }
}
