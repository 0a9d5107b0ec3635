import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// A book made by any earlier release opens in this one: every person kept,
/// field for field, the file at the current version, the check clean. (The
/// current version's fixture is there for the release after this one.)
///
/// Each earlier schema is a fixture in `Fixtures/`: the SQL that builds
/// the book exactly as its release left it, derived objects and all, with
/// persons no test code wrote. The expected persons are read back from the
/// book the fixture built, before it is upgraded, so a fixture's rows are
/// written once, in the fixture.
@Suite struct SQLiteUpgradeTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func everyEarlierVersionHasAFixture() throws {
        let found = Set(
            SchemaFixture.names(prefix: "sqlite-v").map { SchemaFixture.version($0, "sqlite-v") })
        for version in 1..<SQLiteSchema.currentVersion {
            #expect(
                found.contains(version), "add Fixtures/sqlite-v\(version).sql (see SQLiteSchema)")
        }
    }

    @Test(arguments: SchemaFixture.names(prefix: "sqlite-v"))
    func anEarlierBookOpensWithEveryPersonKept(_ fixture: String) throws {
        let path = try SchemaFixture.buildSQLite(fixture, in: folder)
        let old = try SchemaFixture.storedPersons(at: path)
        let oldVersion = try SQLiteConnection(path: path, busyTimeout: .seconds(5)).integer(
            "PRAGMA user_version")
        #expect(oldVersion <= SQLiteSchema.currentVersion)
        #expect(old.count >= 5, "the fixture's persons are read back from it")

        do {
            let store = try SQLitePersonStore(path: path)
            let persons = try store.page(matching: "", from: .first, limit: 10_000)
            #expect(persons.sorted { $0.id < $1.id }.map(StoredPerson.init) == old)
            #expect(try store.count(matching: "") == old.count)
            for person in old {
                let found = try store.page(matching: person.name, from: .first, limit: 100)
                #expect(found.map(\.id).contains(person.id), "search for \(person.name)")
            }
            // A search reads every field once upgraded (step 7): each
            // person is found by the street and the email too.
            for person in old {
                for field in [person.address, person.email ?? ""] where !field.isEmpty {
                    let found = try store.page(matching: field, from: .first, limit: 100)
                    #expect(
                        found.map(\.id).contains(person.id), "search for \(field.debugDescription)")
                }
            }
            #expect(try store.check(repairing: false).problems == [])
        }
        do {
            let upgraded = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
            #expect(try upgraded.integer("PRAGMA user_version") == SQLiteSchema.currentVersion)
            #expect(try upgraded.integer("PRAGMA application_id") == SQLiteSchema.applicationID)
        }

        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do { _ = try SQLitePersonStore(path: path) }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path)) == before,
            "a second open writes nothing")
    }

    /// A card written at version 6 is searched by every field once the
    /// book is upgraded: a phone's digits alone, the organisation, a word
    /// of the notes, an email after the first, accents set aside; and a
    /// row another program inserts afterwards with no search fields is
    /// still found by its name, and named by the check.
    @Test func aVersion6BooksCardsAreSearchedByEveryFieldOnceUpgraded() throws {
        let path = try SchemaFixture.buildSQLite("sqlite-v6", in: folder)
        let store = try SQLitePersonStore(path: path)
        let found = { (search: String) in
            try store.page(matching: search, from: .first, limit: 100).map(\.id)
        }
        #expect(try found("2079460958") == [1])
        #expect(try found("+44 20 7946") == [1])
        #expect(try found("ANALYTICAL") == [1])
        #expect(try found("first program") == [1])
        #expect(try found("ada.king@") == [1])
        #expect(try found("zolta lodz") == [2])
        #expect(try found("malopolska") == [2])
        #expect(try found("third@example") == [9_007_199_254_740_993])
        #expect(try found("amazing grace") == [5])
        #expect(try store.count(matching: "lovelaceada") == 0)
        #expect(
            try store.check(repairing: false).notes.allSatisfy { !$0.contains("search fields") })

        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        try connection.execute(
            "INSERT INTO person (name, sort_name, address, email, added) VALUES ('Plain Insert', 'plain insert', 'Nowhere', 'plain@example.org', 0)"
        )
        #expect(try found("plain ins").count == 1)
        #expect(
            try found("plain@example").isEmpty, "a row with no search fields is found by name alone"
        )
        #expect(
            try store.check(repairing: false).notes.contains {
                $0.hasPrefix("1 person has no search fields")
            })
    }

    @Test(arguments: SchemaFixture.names(prefix: "sqlite-v"))
    func aBookFromANewerReleaseIsRefusedInOneLineAndLeftByteForByte(_ fixture: String) throws {
        let path = try SchemaFixture.buildSQLite(fixture, in: folder)
        let newer = SQLiteSchema.currentVersion + 1
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).execute(
            "PRAGMA application_id = \(SQLiteSchema.applicationID); PRAGMA user_version = \(newer)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var refusal = ""
        do {
            _ = try SQLitePersonStore(path: path)
        } catch {
            refusal = "\(error)"
        }
        #expect(
            refusal
                == "the database '\(path)' was written by a newer people (schema \(newer); this one reads up to \(SQLiteSchema.currentVersion))"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

extension SQLiteUpgradeTests {
    /// The next release will change the `person` table, and books of every
    /// earlier version must still be taken for people's: each is compared
    /// with what the steps up to its own version make, not with today's
    /// table.
    @Test(arguments: SchemaFixture.names(prefix: "sqlite-v"))
    func aBookIsComparedWithItsOwnVersionsTablesNotTheNewest(_ fixture: String) throws {
        let path = try SchemaFixture.buildSQLite(fixture, in: folder)
        let version = try SQLiteConnection(path: path, busyTimeout: .seconds(5)).integer(
            "PRAGMA user_version")
        let nextRelease =
            SQLiteSchema.steps + ["ALTER TABLE person ADD COLUMN nickname TEXT NOT NULL DEFAULT ''"]
        #expect(
            try SQLiteContents.identify(
                SQLiteConnection(path: path, busyTimeout: .seconds(5)), steps: nextRelease)
                == .people(version: version))
    }
}

extension SQLiteUpgradeTests {
    /// A book of every earlier version, once open, reads each person as a
    /// card with nothing more than the columns it had, and keeps every
    /// field of a card written after, across opens.
    @Test(arguments: SchemaFixture.names(prefix: "sqlite-v"))
    func anUpgradedBookKeepsEveryFieldOfACardWrittenAfter(_ fixture: String) throws {
        let path = try SchemaFixture.buildSQLite(fixture, in: folder)
        let card = try Fixtures.everyFieldCard.validated()
        let first: Person
        do {
            let store = try SQLitePersonStore(path: path)
            let persons = try store.page(matching: "", from: .first, limit: 10_000)
            // A book with cards already (version 6) reads them as they are.
            let carded = Set(
                try SQLiteConnection(path: path, busyTimeout: .seconds(5)).rows(
                    "SELECT id FROM person WHERE card IS NOT NULL"
                ).map { $0.integer(0) })
            for person in persons where !carded.contains(person.id) {
                let old = ContactDetails(
                    emails: person.email.map { [LabelledValue(value: $0)] } ?? [],
                    address: PostalAddress(street: person.address))
                #expect(person.details.hasSameBytes(as: old), "\(person.id)")
            }
            let opened = try #require(persons.first)
            first = try store.update(opened, with: card)
        }
        let reopened = try SQLitePersonStore(path: path)
        #expect(try reopened.person(withID: first.id)?.hasSameValues(as: first) == true)
        #expect(first.details.hasSameBytes(as: card.details))
        #expect(try reopened.check(repairing: false).problems == [])
    }
}
