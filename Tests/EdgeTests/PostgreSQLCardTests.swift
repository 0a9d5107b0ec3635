import Features
import Foundation
import PeopleTestSupport
import Testing

#if PostgreSQL
    @testable import PostgreSQLStore

    /// The card on a server: every field kept beside the columns of earlier
    /// releases, and whatever another client stores in the card read
    /// without a crash, and named by `people check` when it cannot be read.
    ///
    /// The store contract (``PeopleTestSupport/PersonStoreContract``) checks
    /// the round trip of every write; these look at the rows themselves, as
    /// another client sees and writes them.
    @Suite(.needsPostgreSQLServer)
    struct PostgreSQLCardTests {
        let address: String

        init() throws {
            address = try #require(LocalPostgreSQL.shared).get().newDatabase()
        }

        /// The card is kept where another client looks for it.
        ///
        /// The preferred email is in its column, the card's id in its own,
        /// and the rest in the card; a person with nothing more than
        /// earlier releases kept is stored as they stored one (no card, no
        /// id). An export, which goes through a file of its own, hands back
        /// every field too.
        @Test func theCardIsKeptBesideTheOldColumnsAndAnExportHandsItBack() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let full = try await store.add(
                Fixtures.everyFieldDraft(7).validated(), addedAt: Fixtures.now)
            let plain = try await store.add(
                PersonDraft(name: "Plain", address: "1 Road", email: "p@example.org").validated(),
                addedAt: Fixtures.now)
            let other = try PostgreSQLConnection(conninfo: address)
            #expect(
                try await other.run(
                    "SELECT email, uid, card->>'emailLabel', jsonb_array_length(card->'moreEmails'), card->>'notes' FROM person WHERE id = $1",
                    [String(full.id)])
                    == [
                        [
                            full.email, full.details.uid, "work", "19", full.details.notes,
                        ]
                    ])
            #expect(
                try await other.run(
                    "SELECT address, email, card, uid FROM person WHERE id = $1",
                    [String(plain.id)]) == [["1 Road", "p@example.org", nil, nil]])

            let exported = Locked<[Person]>([])
            try await store.forEachPage(matching: "", pageSize: 1) { page in
                exported.withLock { $0 += page }
                return true
            }
            #expect(exported.withLock { $0 } == [plain, full])
        }

        /// A save over a card that does not read whole — another client's
        /// own key on it — is refused, naming the key, and the card stays
        /// as that client wrote it; a card that reads whole is saved.
        @Test func aSaveOverACardThatDoesNotReadWholeIsRefusedAndTheCardKept() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                """
                INSERT INTO person (id, name, card) VALUES
                    (1, 'Synced', '{"city": "Leeds", "x-sync": 42}'), (2, 'Plain', '{"city": "York"}')
                """)
            let cards = "SELECT id, card::text FROM person ORDER BY id"
            let before = try await other.run(cards)
            let synced = try #require(try await store.person(withID: 1))
            var draft = PersonDraft(synced)
            draft[.phone] = "+44 20 7946 0018"
            let error = await #expect(throws: PersonStoreError.self) {
                try await store.update(synced, with: draft.validated())
            }
            #expect(
                error.map { "\($0)".contains("its card holds 'x-sync'") } == true,
                "\(String(describing: error))")
            #expect(try await other.run(cards) == before)
            let plain = try #require(try await store.person(withID: 2))
            draft = PersonDraft(plain)
            draft[.phone] = "+44 20 7946 0018"
            let saved = try await store.update(plain, with: draft.validated())
            #expect(saved.details.address.city == "York" && saved.details.phones.count == 1)
        }

        /// Cards another client wrote — none, empty, not an object, values
        /// of the wrong type, a huge one — read as much as can be read, and
        /// never crash; `check` names each person whose card does not read
        /// whole (ten, then a count) and changes none of them.
        @Test func anotherClientsCardsReadWithoutACrashAndCheckNamesTheUnreadable() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                """
                INSERT INTO person (id, name, email, card, uid) VALUES
                    (1, 'Null Card', 'a@example.org', NULL, NULL),
                    (2, 'Empty Card', NULL, '{}', ''),
                    (3, 'Array Card', 'c@example.org', '[1, 2]', NULL),
                    (4, 'Number Card', NULL, '42', NULL),
                    (5, 'Wrong Types', 'e@example.org', '{"city": 5, "phones": "x", "moreEmails": [1, {"value": 7}, {"label": 3, "value": "g@example.org"}], "birthday": "1815-02-30", "emailLabel": ["work"], "notes": null}', 'x'),
                    (6, 'Huge', NULL, jsonb_build_object('notes', repeat('ж', 1000000), 'phones', (SELECT jsonb_agg(jsonb_build_object('value', i::text)) FROM generate_series(1, 50000) i)), NULL),
                    (7, 'String Card', NULL, '"{}"', NULL)
                """)
            _ = try await other.run(
                "INSERT INTO person (id, name, card) SELECT i, 'Broken ' || i, '[]' FROM generate_series(10, 18) i"
            )
            let persons = try await store.page(matching: "", from: .first, limit: 100)
            let details = Dictionary(uniqueKeysWithValues: persons.map { ($0.id, $0.details) })
            #expect(details[1] == ContactDetails(emails: [LabelledValue(value: "a@example.org")]))
            #expect(details[2] == ContactDetails())
            #expect(details[3] == ContactDetails(emails: [LabelledValue(value: "c@example.org")]))
            #expect(details[4] == ContactDetails())
            #expect(
                details[5]
                    == ContactDetails(
                        emails: [
                            LabelledValue(value: "e@example.org"),
                            LabelledValue(value: "g@example.org"),
                        ], uid: "x"))
            #expect(details[6]?.notes.count == 1_000_000)
            #expect(details[6]?.phones.count == 50_000)
            #expect(details[7] == ContactDetails())

            let unreadable =
                "its card is not a JSON object, so only its name, address and email are read"
            let wrongType = "its card's 'birthday' is not a birthday, so it is not read"
            let named =
                [(3, "Array Card", unreadable), (4, "Number Card", unreadable)]
                + [(5, "Wrong Types", wrongType), (7, "String Card", unreadable)]
                + (10...15).map { ($0, "Broken \($0)", unreadable) }
            let expected =
                named.map { "person \($0.0) \(InertText.quoted($0.1, limit: 40)): \($0.2)" }
                + ["3 more persons' cards do not read whole either"]
            let cards = "SELECT id, card::text FROM person ORDER BY id"
            let before = try await other.run(cards)
            let found = try await store.check(repairing: true)
            #expect(found.problems == expected)
            #expect(found.remaining == expected, "reported, not repaired")
            #expect(try await other.run(cards) == before)
        }
    }
#endif
