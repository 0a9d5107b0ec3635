import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

@testable import Features
@testable import SQLiteStore

/// Database files another program wrote or changed: refused untouched when
/// they are not ours, read without trusting a stored number when they are.
@Suite struct ForeignDatabaseTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func open(_ path: String) throws -> SQLitePersonStore {
        try SQLitePersonStore(path: path, startingWith: Person.samples)
    }

    /// Runs `sql` on `path` as another program would: no people code involved.
    private func otherProgram(_ path: String, _ sql: String) throws {
        try SQLiteConnection(path: path, busyTimeout: .seconds(1)).execute(sql)
    }

    /// Runs `people list` on `store`, as text or JSON; a trap would end the test run.
    @MainActor private func list(_ store: any PersonStore, json: Bool) async -> ExitCode {
        await PersonCommands(
            command: .list(page: 1, search: "", json: json), storeProvider: { store },
            pageSize: 10, clock: Fixtures.clock, writer: PersonFileWriter(), help: "",
            console: RecordingConsole()
        ).run()
    }

    private func refusal(_ path: String) -> String? {
        do {
            _ = try open(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The file's bytes, and whether SQLite left companions beside it.
    private func snapshot(_ path: String) throws -> (Data, companions: [String]) {
        let companions = ["-wal", "-shm", "-journal"].filter {
            FileManager.default.fileExists(atPath: path + $0)
        }
        return (try Data(contentsOf: URL(fileURLWithPath: path)), companions)
    }

    @Test(arguments: [
        "CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT, balance REAL);",
        "CREATE TABLE t(x); PRAGMA user_version = -1;",
        "CREATE TABLE t(x); PRAGMA user_version = -2147483648;",
        "CREATE TABLE person(x); PRAGMA user_version = 1;",
        "CREATE TABLE t(x); PRAGMA user_version = 2;",
    ])
    func anotherProgramsDatabaseIsRefusedAndLeftByteForByte(_ schema: String) throws {
        let path = folder.path("other.sqlite")
        try otherProgram(path, schema)
        let before = try snapshot(path)
        #expect(refusal(path) == "'\(path)' is not a people database; it was left as it was")
        let after = try snapshot(path)
        #expect(after.0 == before.0)
        #expect(after.companions.isEmpty)
    }

    @Test func aDatabaseClaimingToBeOursWithANegativeVersionIsCalledDamaged() async throws {
        let path = folder.path("odd.sqlite")
        try otherProgram(
            path, "PRAGMA application_id = \(SQLiteSchema.applicationID); PRAGMA user_version = -1;"
        )
        let before = try snapshot(path)
        #expect(refusal(path) == "the database '\(path)' is damaged (schema version -1)")
        #expect(try snapshot(path).0 == before.0)
    }

    @Test func aOneByteFileIsNotTakenForAnEmptyDatabase() async throws {
        let path = folder.path("tiny.sqlite")
        try Data([0x41]).write(to: URL(fileURLWithPath: path))
        #expect(
            refusal(path)?.hasSuffix(
                "is not a people database (not an SQLite file); it was left as it was") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([0x41]))
    }

    @Test func anEmptyFileIsAdoptedAsANewDatabase() async throws {
        let path = folder.path("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: path))
        await #expect(try open(path).count(matching: "") == 3)
    }

    @Test func aDeviceIsNotADatabaseFile() async {
        #expect(
            refusal("/dev/null")
                == "'/dev/null' is not a regular file, so it cannot hold a database")
    }

    @Test func aVersionOneDatabaseIsUpgradedAndMarkedAsOurs() async throws {
        let path = folder.path("old.sqlite")
        try otherProgram(path, SQLiteSchema.steps[0] + "PRAGMA user_version = 1;")
        try otherProgram(
            path,
            "INSERT INTO person (name, sort_name, address, added) VALUES ('Old Timer', 'old timer', '', 0);"
        )
        await #expect(try open(path).count(matching: "old") == 1)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try connection.integer("PRAGMA application_id") == SQLiteSchema.applicationID)
        #expect(try connection.integer("PRAGMA user_version") == SQLiteSchema.currentVersion)
    }

    /// A book of version 4, whose keys were folded by case alone (composed,
    /// then lower-cased), with its search index and counts built for them:
    /// the checked-in version-4 book (its schema and derived objects as
    /// that release made them) emptied, then the persons, which its own
    /// triggers index and count.
    private func versionFourBook(_ path: String, _ names: [String]) throws {
        let fixture = try SchemaFixture.buildSQLite("sqlite-v4", in: folder)
        try FileManager.default.moveItem(atPath: fixture, toPath: path)
        for suffix in ["-wal", "-shm"]
        where FileManager.default.fileExists(atPath: fixture + suffix) {
            try FileManager.default.moveItem(atPath: fixture + suffix, toPath: path + suffix)
        }
        let book = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try book.execute("BEGIN; DELETE FROM person;")
        for name in names {
            try book.run(
                "INSERT INTO person (name, sort_name, address, added) VALUES (?, ?, '', ?)",
                [
                    .text(name), .text(name.precomposedStringWithCanonicalMapping.lowercased()),
                    .real(StoredDate.seconds(of: Fixtures.now)),
                ])
        }
        // A name that is not UTF-8 has no fold: its key is kept.
        try book.execute(
            "INSERT INTO person (name, sort_name, address, added) VALUES (CAST(x'ff' AS TEXT), 'kept', '', 0)"
        )
        try book.execute("COMMIT")
        #expect(try book.integer("PRAGMA user_version") == 4)
    }

    @Test func aVersionFourBookIsFoldedAgainAsPeopleReadNamesOnceInOneGo() async throws {
        let path = folder.path("four.sqlite")
        try versionFourBook(path, ["Zoë", "Øystein", "Ñuño", "Adam", "Łukasz"])
        let store = try SQLitePersonStore(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try connection.integer("PRAGMA user_version") == SQLiteSchema.currentVersion)
        let keys = try connection.rows("SELECT name, sort_name FROM person ORDER BY sort_name, id")
        #expect(
            keys.map { $0.text(1) } == ["adam", "kept", "lukasz", "nuno", "oystein", "zoe"])
        for search in ["zoe", "ZOE", "zoë", "ł", "nu", "nuno", "lukasz"] {
            #expect(try await store.count(matching: search) == 1, "\(search)")
        }
        #expect(try await store.check(repairing: false).problems == [])
        // Opened again, the book is at its version: nothing is folded again,
        // not even a key another program has since set by hand.
        try connection.execute("UPDATE person SET sort_name = 'zz adam' WHERE name = 'Adam'")
        _ = try SQLitePersonStore(path: path)
        #expect(
            try connection.rows("SELECT sort_name FROM person WHERE name = 'Adam'").first?.text(0)
                == "zz adam")
    }

    @Test func anUpgradeStoppedPartWayLeavesTheBookAsItWas() async throws {
        let path = folder.path("four.sqlite")
        try versionFourBook(path, ["Zoë", "Øystein", "Ñuño"])
        // Another program's trigger refuses one of the keys the upgrade writes.
        try otherProgram(
            path,
            "CREATE TRIGGER refuse BEFORE UPDATE ON person WHEN new.sort_name = 'nuno' BEGIN SELECT RAISE(ABORT, 'not nuno'); END;"
        )
        let schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        let before = try SQLiteConnection(path: path, busyTimeout: .seconds(1)).rows(schema)
            .map { [$0.text(0), $0.text(1), $0.text(2)] }
        #expect(refusal(path)?.contains("not nuno") == true)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try connection.integer("PRAGMA user_version") == 4)
        #expect(
            try connection.rows("SELECT sort_name FROM person ORDER BY id").map { $0.text(0) }
                == ["zoë", "øystein", "ñuño", "kept"])
        #expect(try connection.rows(schema).map { [$0.text(0), $0.text(1), $0.text(2)] } == before)
    }

    @Test(arguments: [
        ("person_search", "SELECT name FROM person"),
        ("PERSON_MARK", "SELECT 1"),
    ])
    func aVersionOneDatabaseWithAViewNamedLikeOneOfOurTablesIsRefusedInOneLine(
        name: String, selecting: String
    ) throws {
        // The upgrade drops what version 3 made by its kind: SQLite refused
        // `DROP TABLE` of another program's view in its own words
        // ("use DROP VIEW to delete view person_search").
        let path = folder.path("old.sqlite")
        try otherProgram(
            path,
            SQLiteSchema.steps[0] + "CREATE VIEW \(name) AS \(selecting); PRAGMA user_version = 1;"
        )
        let before = try snapshot(path)
        let said = try #require(refusal(path))
        #expect(said.contains(path), "the file is named")
        #expect(said.contains("view \(InertText.quoted(name, limit: 40))"), "the view is named")
        #expect(!said.contains("DROP"), "in people's words, not SQLite's")
        #expect(!said.contains("\n"))
        let after = try snapshot(path)
        #expect(after.0 == before.0 && after.companions == before.companions, "left as it was")
    }

    @Test(arguments: [
        "UPDATE person_state SET total = 9223372036854775807",
        "UPDATE person_state SET total = -9223372036854775808",
        "UPDATE person_state SET total = 0",
        "UPDATE person_state SET total = 'many'",
        "INSERT INTO person_state VALUES (5, 0, -1, 0, 0, 0)",
        "DELETE FROM person_state",
    ])
    func aTamperedTotalIsRepairedOnOpenAndHidesNoOne(_ tampering: String) throws {
        let path = folder.path("people.sqlite")
        _ = try open(path)
        try otherProgram(path, tampering)
        let store = try open(path)
        #expect(try store.count(matching: "") == 3)
        #expect(try store.page(matching: "", from: .first, limit: 10).count == 3)
    }

    @MainActor @Test func aTotalTamperedWhileOpenCannotCrashOrEmptyTheList() async throws {
        let path = folder.path("people.sqlite")
        let store = try open(path)
        try otherProgram(path, "UPDATE person_state SET total = 9223372036854775807")
        await #expect(list(store, json: false) == .success)
    }

    @Test func aWrongStoredSortKeyNeitherSkipsNorRepeatsRowsWhenPaging() async throws {
        let path = folder.path("people.sqlite")
        let store = try open(path)
        _ = try await store.add(validatingAll: (1...40).map { PersonDraft(name: "Person \($0)") })
        // Ada's stored key says she sorts last; her name says first.
        try otherProgram(path, "UPDATE person SET sort_name = 'zzz' WHERE id = 1")
        var seen: [Person.ID] = []
        var start = PageStart.first
        // Bounded: a broken key could send the pages round in a circle.
        for _ in 0..<20 {
            let page = try await store.page(matching: "", from: start, limit: 4)
            guard let last = page.last else { break }
            seen += page.map(\.id)
            start = .after(last.sortKey)
        }
        #expect(seen.count == 43)
        #expect(Set(seen).count == 43)
        // And back again from the end, page by page.
        var back: [Person.ID] = []
        start = .before(PersonSortKey(foldedName: "\u{10FFFF}", id: .max))
        for _ in 0..<20 {
            let page = try await store.page(matching: "", from: start, limit: 4)
            guard let first = page.first else { break }
            back = page.map(\.id) + back
            start = .before(first.sortKey)
        }
        #expect(back == seen)
    }

    @MainActor @Test func storedValuesOfAnyTypeOrSizeAreReadWithoutCrashing() async throws {
        let path = folder.path("people.sqlite")
        _ = try open(path)
        try otherProgram(
            path,
            """
            INSERT INTO person (name, sort_name, address, email, added) VALUES
                (42, '42', x'00FF', NULL, 1e308),
                ('Nan', 'nan', 3.5, 7, -1e308),
                ('Texty', 'texty', '', '', 'yesterday');
            """)
        let store = try open(path)
        let persons = try await store.page(matching: "", from: .first, limit: 10)
        #expect(persons.count == 6)
        let answer = try #require(persons.first { $0.name == "42" })
        #expect(answer.added == Date(timeIntervalSince1970: 253_402_300_799))
        await #expect(list(store, json: true) == .success)
    }

    @Test func whenEveryIdIsTakenAddSaysSoInsteadOfBlamingTheDisk() async throws {
        let path = folder.path("people.sqlite")
        let store = try open(path)
        try otherProgram(
            path,
            "INSERT INTO person (id, name, sort_name, address, added) VALUES (9223372036854775807, 'Last', 'last', '', 0)"
        )
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validating: PersonDraft(name: "One Too Many"))
        }
        #expect(
            error?.description
                == "the database '\(path)' has no new ids left (the largest, 9223372036854775807, is taken)"
        )
        #expect(try await store.count(matching: "") == 4)
    }
}
