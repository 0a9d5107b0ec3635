import Features
import Foundation
import PeopleTestSupport
import Testing

#if PostgreSQL
    @testable import PostgreSQLStore

    /// A book on a server made by any earlier release opens in this one:
    /// every person kept, field for field, the book at the current
    /// version, a whole card kept from then on, and the check clean; an
    /// upgrade that fails leaves the book as it was, and a newer book is
    /// refused without a change.
    ///
    /// Each earlier schema is a fixture in `Fixtures/` (`postgresql-v…`),
    /// run by `psql` in a new database of the tests' own server, as
    /// another client would. The expected persons are read back from the
    /// book the fixture built, before it is upgraded.
    @Suite(.needsPostgreSQLServer)
    struct PostgreSQLUpgradeTests {
        let server: LocalPostgreSQL
        let address: String

        init() throws {
            server = try #require(LocalPostgreSQL.shared).get()
            address = try server.newDatabase()
        }

        @Test func everyEarlierVersionHasAFixture() {
            let found = Set(
                SchemaFixture.names(prefix: "postgresql-v").map {
                    SchemaFixture.version($0, "postgresql-v")
                })
            for version in 1..<PostgreSQLSchema.version {
                #expect(found.contains(version), "add Fixtures/postgresql-v\(version).sql")
            }
        }

        @Test(arguments: SchemaFixture.names(prefix: "postgresql-v"))
        func anEarlierBookOpensWithEveryPersonKept(_ fixture: String) async throws {
            try server.sql(address, try SchemaFixture.text(fixture))
            let old = try await storedPersons()
            #expect(old.count >= 5, "the fixture's persons are read back from it")

            let store = try PostgreSQLPersonStore(conninfo: address)
            let persons = try await store.page(matching: "", from: .first, limit: 10_000)
            #expect(persons.sorted { $0.id < $1.id }.map(StoredPerson.init) == old)
            for person in old {
                let found = try await store.page(matching: person.name, from: .first, limit: 100)
                #expect(found.map(\.id).contains(person.id), "search for \(person.name)")
            }
            // Every person is found by each email, which a search reads
            // since version 4.
            for person in persons {
                for email in person.details.emails {
                    let found = try await store.page(
                        matching: email.value, from: .first, limit: 100)
                    #expect(found.map(\.id).contains(person.id), "search for \(email.value)")
                }
            }
            let problems = try await store.check(repairing: false).problems
            #expect(problems == Self.namedCards(fixture), "\(problems)")
            #expect(
                try server.answer(address, "SELECT version FROM people_schema")
                    == "\(PostgreSQLSchema.version)")

            let before = try snapshot()
            _ = try PostgreSQLPersonStore(conninfo: address)
            #expect(try snapshot() == before, "a second open writes nothing")

            // Upgraded from before the card, everyone has a card holding
            // what they had, and nothing more; a new card is kept whole.
            #expect(
                SchemaFixture.version(fixture, "postgresql-v") >= 3
                    || persons.allSatisfy {
                        $0.details
                            == ContactDetails(
                                emails: $0.email.map { [LabelledValue(value: $0)] } ?? [],
                                address: PostalAddress(street: $0.address))
                    })
            let carded = try await store.add(
                Fixtures.everyFieldDraft().validated(), addedAt: Fixtures.now)
            #expect(try await store.person(withID: carded.id)?.details == carded.details)
            let problemsAfter = try await store.check(repairing: false).problems
            #expect(problemsAfter == Self.namedCards(fixture), "\(problemsAfter)")
        }

        /// What the check names in the book `fixture` makes: the version-3
        /// book holds a card another client wrote with values of the wrong
        /// types, which is read as what it holds and named, never repaired.
        private static func namedCards(_ fixture: String) -> [String] {
            guard fixture == "postgresql-v3" else { return [] }
            return [
                "person 43 'Robert'); DROP TABLE person;--': its card's 'moreEmails' is not a list of labelled values, so it is not read"
            ]
        }

        /// A book of version 3, whose search read names alone, finds every
        /// person by each field once upgraded, every card read as before.
        @Test func aVersionThreeBookIsSearchedByEveryFieldOnceUpgraded() async throws {
            try server.sql(address, try SchemaFixture.text("postgresql-v3"))
            let other = try PostgreSQLConnection(conninfo: address)
            let before = try await other.run(
                "SELECT id, name, address, email, card::text, uid FROM person ORDER BY id"
            ).map { row in
                (
                    id: Int(row[0] ?? "") ?? -1, name: row[1] ?? "",
                    details: StoredCard.details(
                        json: row[4], street: row[2] ?? "", email: row[3], uid: row[5])
                )
            }
            #expect(before.count == 9)

            let store = try PostgreSQLPersonStore(conninfo: address)
            let after = try await store.page(matching: "", from: .first, limit: 100)
                .sorted { $0.id < $1.id }
            #expect(after.map(\.id) == before.map(\.id))
            #expect(after.map(\.name) == before.map(\.name))
            #expect(after.map(\.details) == before.map(\.details), "nothing of a card is lost")
            let found = { (search: String) in
                try await store.page(matching: search, from: .first, limit: 100).map(\.id)
            }
            for person in before {
                for email in person.details.emails {
                    #expect(try await found(email.value).contains(person.id), "\(email.value)")
                }
            }
            #expect(try await found("countess@ockham") == [1])
            #expect(try await found("2079460958") == [1])
            #expect(try await found("ANALYTICAL") == [1])
            #expect(try await found("zoe@przyklad") == [2])
            #expect(try await found("amazing grace") == [5])
            #expect(try await found("tables@example") == [43])
            #expect(try await found("555-0100") == [1000])
            let problems = try await store.check(repairing: false).problems
            #expect(problems == Self.namedCards("postgresql-v3"), "\(problems)")
        }

        @Test func anUpgradeThatFailsLeavesTheOldBookAndSaysSoInOneLine() async throws {
            try server.sql(address, try SchemaFixture.text("postgresql-v1-first"))
            // Another program's function of the name a later step replaces,
            // of another kind: the step cannot replace it.
            try server.sql(
                address,
                "DROP FUNCTION people_changed() CASCADE; CREATE FUNCTION people_changed() RETURNS integer LANGUAGE sql AS 'SELECT 1'"
            )
            let before = try snapshot()
            let refusal = openingRefusal()
            #expect(
                refusal.contains(
                    "could not be upgraded from schema 1 to \(PostgreSQLSchema.version), and was left as it was: "
                ))
            #expect(!refusal.contains("\n"))
            #expect(try snapshot() == before)
        }

        @Test func aBookFromANewerReleaseIsRefusedInOneLineAndLeftAsItWas() async throws {
            try server.sql(address, try SchemaFixture.text("postgresql-v1"))
            let newer = PostgreSQLSchema.version + 1
            try server.sql(address, "UPDATE people_schema SET version = \(newer)")
            let before = try snapshot()
            let refusal = openingRefusal()
            #expect(
                refusal.hasSuffix(
                    "was written by a newer people (schema \(newer); this one reads up to \(PostgreSQLSchema.version)); update people to open it"
                ))
            #expect(!refusal.contains("\n"))
            #expect(try snapshot() == before)
        }

        /// A version below 1, which no release wrote, names no step to
        /// start from: the open said the book was damaged instead of
        /// stopping the program (it dropped a negative count of steps).
        @Test(arguments: [-7, 0])
        func aBookWhoseVersionNoReleaseWroteIsRefusedAsDamaged(_ stored: Int) async throws {
            try server.sql(address, try SchemaFixture.text("postgresql-v1"))
            try server.sql(address, "UPDATE people_schema SET version = \(stored)")
            let before = try snapshot()
            let refusal = openingRefusal()
            #expect(
                refusal.hasSuffix("is damaged (schema version \(stored)); it was left as it was"))
            #expect(!refusal.contains("\n"))
            #expect(try snapshot() == before)
        }

        /// What opening the book says when it is refused; empty when it opens.
        private func openingRefusal() -> String {
            do {
                _ = try PostgreSQLPersonStore(conninfo: address)
                return ""
            } catch {
                return "\(error)"
            }
        }

        /// Every person in the book, read with plain SQL by another client,
        /// in id order.
        private func storedPersons() async throws -> [StoredPerson] {
            let other = try PostgreSQLConnection(conninfo: address)
            return try await other.run(
                "SELECT id, name, address, email, added FROM person ORDER BY id"
            )
            .map { row in
                StoredPerson(
                    id: Int(row[0] ?? "") ?? -1, name: row[1] ?? "", address: row[2] ?? "",
                    email: row[3],
                    added: Date(timeIntervalSince1970: Double(row[4] ?? "") ?? .nan))
            }
        }

        /// What a write to the book would change: each row of the person
        /// and version tables with the transaction that wrote it (`xmin`),
        /// and the objects the steps make, as the catalog holds them.
        private func snapshot() throws -> String {
            try server.answer(
                address,
                """
                SELECT 'person', xmin::text, person::text FROM person
                UNION ALL SELECT 'version', xmin::text, version::text FROM people_schema
                UNION ALL SELECT 'function', p.xmin::text, p.prosrc || ' ' || p.prorettype::regtype::text
                    FROM pg_proc p WHERE p.proname = 'people_changed'
                UNION ALL SELECT 'object', c.xmin::text, c.relname FROM pg_class c
                    WHERE c.relnamespace = current_schema()::regnamespace
                UNION ALL SELECT 'trigger', t.xmin::text, t.tgname FROM pg_trigger t
                    WHERE t.tgrelid = to_regclass('person')
                ORDER BY 1, 3
                """)
        }
    }
#endif
