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
    @Suite(
        .enabled(
            if: LocalPostgreSQL.serverBinaries != nil,
            "no PostgreSQL server is installed (no initdb): apt-get install postgresql postgresql-contrib"
        ))
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
    }
#endif
