import Features
import Foundation
import PeopleTestSupport
import Testing

#if PostgreSQL
    @testable import PostgreSQLStore

    /// The server's search reads every field a person is looked up by, as
    /// ``Features/PersonSearchText`` defines it, whoever wrote the row.
    ///
    /// The server keeps the text in a generated column (`search_text`),
    /// folded in SQL; these tests hold it to the text Swift folds from the
    /// person the store reads back, for rows the store wrote and rows
    /// another client wrote with plain SQL, and show that no card, however
    /// another client shaped it, can make that client's write fail.
    @Suite(.needsPostgreSQLServer)
    struct PostgreSQLSearchTests {
        let address: String

        init() throws {
            address = try #require(LocalPostgreSQL.shared).get().newDatabase()
        }

        /// The model test: hostile values (accents, case, ß, combining
        /// marks, emoji, 4,000-character notes, twenty emails, phones with
        /// punctuation), written through the store and by another client's
        /// `INSERT` and `UPDATE` of the name, street, email and card; every
        /// row's `search_text` is the text Swift folds from the person the
        /// store reads, and a search by any field finds whom Swift finds.
        @Test(arguments: [41, 42] as [UInt64])
        func theSearchTextIsSwiftsFoldWhoeverWroteTheRow(seed: UInt64) async throws {
            var random = SeededGenerator(seed: seed)
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            var viaStore = 0
            for _ in 0..<40 {
                let details = Self.details(&random)
                let name = Self.text(&random, pieces: 1...8)
                let draft = PersonDraft(
                    texts: [
                        .name: name,
                        .email: details.emails.map(\.value).joined(separator: ", "),
                        .phone: details.phones.map { "\($0.label): \($0.value)" }
                            .joined(separator: ", "),
                        .organization: details.organization, .title: details.title,
                        .nickname: details.nickname, .address: details.address.street,
                        .city: details.address.city, .notes: details.notes,
                    ])
                if Bool.random(using: &random), let valid = try? draft.validated() {
                    _ = try await store.add(valid, addedAt: Fixtures.now)
                    viaStore += 1
                } else {
                    _ = try await other.run(
                        "INSERT INTO person (name, address, email, card) VALUES ($1, $2, $3, $4::jsonb)",
                        [
                            name, details.address.street, details.emails.first?.value,
                            StoredCard.json(of: details),
                        ])
                }
            }
            // Another client's updates of each column the text reads.
            let ids = try await other.run("SELECT id FROM person").compactMap { $0[0] ?? nil }
            for id in ids.shuffled(using: &random).prefix(20) {
                let change = Self.details(&random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    _ = try await other.run(
                        "UPDATE person SET name = $1 WHERE id = $2",
                        [Self.text(&random, pieces: 1...8), id])
                case 1:
                    _ = try await other.run(
                        "UPDATE person SET email = $1 WHERE id = $2",
                        [change.emails.first?.value, id])
                case 2:
                    _ = try await other.run(
                        "UPDATE person SET address = $1 WHERE id = $2",
                        [change.address.street, id])
                default:
                    _ = try await other.run(
                        "UPDATE person SET card = $1::jsonb WHERE id = $2",
                        [StoredCard.json(of: change), id])
                }
            }
            #expect(viaStore > 5, "some persons were written through the store")

            let rows = try await other.run(
                "SELECT id, name, address, email, card::text, uid, search_text FROM person")
            let persons = try await store.page(matching: "", from: .first, limit: 1000)
            #expect(persons.count == rows.count)
            for row in rows {
                let id = Int(row[0] ?? "") ?? -1
                let person = try #require(persons.first { $0.id == id })
                #expect(
                    row[6] == person.searchText.folded,
                    "person \(id): \(person.name.unicodeScalars.map(\.value))")
            }
            // A search by a piece of each field finds whom Swift finds.
            for person in persons.shuffled(using: &random).prefix(12) {
                let fields = PersonSearchText.fields(name: person.name, details: person.details)
                    .split(separator: PersonSearchText.separator).filter { $0.count >= 2 }
                guard let field = fields.randomElement(using: &random) else { continue }
                let search = String(field.prefix(Int.random(in: 2...6, using: &random)))
                let folded = PersonSortKey.fold(search)
                let model = persons.filter { $0.searchText.contains(folded: folded) }
                let context = Comment(rawValue: "seed \(seed), search \(search)")
                #expect(try await store.count(matching: search) == model.count, context)
                #expect(
                    try await store.page(matching: search, from: .first, limit: 1000).map(\.id)
                        == model.sorted { $0.sortKey < $1.sortKey }.map(\.id), context)
            }
        }

        /// A card of any shape another client stores never fails its write,
        /// and the search reads what a read of the card reads: the name,
        /// street and email always, and of the card only the values of the
        /// type people writes.
        @Test func aCardOfAnyShapeNeverStopsAWriteAndIsSearchedAsItIsRead() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            let cards = [
                "5", "\"text\"", "[1, 2]", "null", "true", "{}", #"{"emails": 5}"#,
                #"{"moreEmails": 5, "phones": "none", "city": 5, "notes": {"a": 1}}"#,
                #"{"moreEmails": [5, "x", [1], {"value": 7}, {"value": ""}, null, {"value": "kept@x.example"}]}"#,
                #"{"phones": [{"label": 3, "value": "+1 (555) 010-9999"}, {"value": ["9"]}]}"#,
                #"{"organization": ["Engines"], "title": null, "nickname": "Nick"}"#,
            ]
            for (index, card) in cards.enumerated() {
                _ = try await other.run(
                    "INSERT INTO person (name, address, email, card) VALUES ($1, 'Street', $2, $3::jsonb)",
                    ["Odd \(index)", "odd\(index)@x.example", card])
                _ = try await other.run(
                    "UPDATE person SET card = $1::jsonb WHERE name = 'Odd 0'", [card])
            }
            let rows = try await other.run(
                "SELECT id, search_text FROM person ORDER BY id")
            #expect(rows.count == cards.count)
            let persons = try await store.page(matching: "", from: .first, limit: 100)
            for row in rows {
                let person = try #require(persons.first { $0.id == Int(row[0] ?? "") })
                #expect(row[1] == person.searchText.folded, "\(person.name)")
            }
            #expect(try await store.count(matching: "odd4@x.example") == 1)
            #expect(try await store.count(matching: "street") == cards.count)
            #expect(try await store.count(matching: "kept@x") == 1)
            #expect(try await store.count(matching: "5550109999") == 1)
            // The last card, which "Odd 0" was updated to as well.
            #expect(try await store.count(matching: "nick") == 2)
            #expect(try await store.count(matching: "engines") == 0)
        }

        /// A search holding the fields' separator finds no one, as
        /// ``Features/PersonSearchText/contains(folded:)`` says: it would
        /// otherwise match across two fields.
        @Test func aSearchHoldingTheSeparatorFindsNoOne() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            // Ada's name, then the separator, then the start of her email.
            let search = "lovelace\u{1F}ada@"
            #expect(try await store.count(matching: "ada@") == 1)
            #expect(try await store.count(matching: search) == 0)
            #expect(try await store.page(matching: search, from: .first, limit: 10) == [])
        }

        /// Another client's change to the search text's function or column
        /// is found by `check`, and `--repair` makes the server keep the
        /// text again, computed anew for every row.
        @Test func checkFindsTheSearchTextChangedAndRepairComputesItAgain() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                "CREATE OR REPLACE FUNCTION people_search_fields(name text, street text, email text, card jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS 'SELECT name'"
            )
            _ = try await other.run(
                "INSERT INTO person (name, email) VALUES ('Dora', 'dora@x.example')")
            #expect(try await store.count(matching: "dora@x") == 0)
            let found = try await store.check(repairing: true)
            #expect(
                found.problems == ["the function people_search_fields is not as people made it"])
            #expect(found.remaining == [])
            #expect(try await store.count(matching: "dora@x") == 1)

            for statement in [
                "ALTER TABLE person DROP COLUMN search_text",
                "ALTER TABLE person ADD COLUMN search_text text COLLATE \"C\"",
                "UPDATE person SET search_text = 'zzz'",
            ] {
                _ = try await other.run(statement)
            }
            let again = try await store.check(repairing: true)
            #expect(
                again.problems == [
                    "the column search_text is not as people made it",
                    "the index person_search is missing",
                ])
            #expect(again.remaining == [])
            #expect(try await store.count(matching: "dora@x") == 1)
            #expect(try await store.count(matching: "zzz") == 0)
        }

        /// A card of hostile values, of the shape people writes.
        static func details(_ random: inout SeededGenerator) -> ContactDetails {
            let emails = (0..<Int.random(in: 0...PersonField.mostValues, using: &random)).map {
                LabelledValue(
                    label: ["work", "home", ""].randomElement(using: &random) ?? "",
                    value: "\(Self.word(&random))+\($0)@Exa-mple.ORG")
            }
            let phones = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                let start =
                    ["+44 (20) 7946-", "０２０ ", "(555) 010.", "+1-"]
                    .randomElement(using: &random) ?? ""
                return LabelledValue(
                    label: "mobile", value: start + String(Int.random(in: 0...9999, using: &random))
                )
            }
            let notes = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Self.text(&random, pieces: 1...40)
            }.joined(separator: "\n")
            return ContactDetails(
                emails: emails, phones: phones,
                address: PostalAddress(
                    street: Self.text(&random, pieces: 0...8),
                    city: Self.text(&random, pieces: 0...6)),
                organization: Self.text(&random, pieces: 0...8),
                title: Self.text(&random, pieces: 0...4),
                nickname: Self.text(&random, pieces: 0...4),
                notes: Bool.random(using: &random)
                    ? String(String(repeating: notes + " ", count: 4000).prefix(4000)) : notes)
        }

        /// Text of hostile pieces that both Unicode tables know: case,
        /// accents composed and not, ß, sigmas, ligatures, emoji, `LIKE`'s
        /// own characters and a quote.
        static func text(_ random: inout SeededGenerator, pieces: ClosedRange<Int>) -> String {
            let all = [
                "a", "B", "ß", "Σ", "σ", "ς", "É", "e\u{301}", "İ", "ǅ", "ﬀ", "Ω", "K", "Ñ",
                "Ø", "ł", "Þ", "æ", "％", " ", "ü", "%", "_", "\\", "'", "👩🏽‍💻", "😀",
                "Zoe\u{308}", "Straße", "7",
            ]
            return (0..<Int.random(in: pieces, using: &random)).map { _ in
                all.randomElement(using: &random) ?? "a"
            }.joined()
        }

        /// A word an email's local part may hold.
        static func word(_ random: inout SeededGenerator) -> String {
            String(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in
                    "abcXYZ019._-".randomElement(using: &random) ?? "a"
                })
        }
    }
#endif
