import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// The SQLite store gives the true answer whatever another program wrote:
/// one test per way a structure kept for speed could go wrong.
@Suite struct SQLiteTrustTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("people.sqlite")
    }

    /// Another program, writing plain SQL with the system library.
    private func otherProgram(_ sql: String, _ values: [SQLiteValue] = []) throws {
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        values.isEmpty ? try other.execute(sql) : try other.run(sql, values)
    }

    /// SQLite's own answer: the ids of persons whose stored key or search
    /// fields contain the folded `search`, in name order.
    private func plainIDs(matching search: String) throws -> [Int] {
        let folded = SQLiteValue.text(PersonSortKey.fold(search))
        return try SQLiteConnection(path: path, busyTimeout: .seconds(5)).rows(
            "SELECT id FROM person WHERE \(SQLiteTestFile.plainSearchFilter) ORDER BY sort_name, id",
            [folded, folded]
        ).map { $0.integer(0) }
    }

    private func expectPlainAnswers(_ store: SQLitePersonStore, _ searches: [String]) throws {
        for search in searches {
            let plain = try plainIDs(matching: search)
            #expect(try store.count(matching: search) == plain.count, "search '\(search)'")
            #expect(
                try store.page(matching: search, from: .first, limit: 1_000).map(\.id) == plain,
                "search '\(search)'")
        }
    }

    private func seeded(_ count: Int = 50) async throws -> SQLitePersonStore {
        let store = try SQLitePersonStore(path: path, startingWith: Person.samples)
        _ = try await store.add(validatingAll: DemoPersons.drafts(count: count))
        return store
    }

    // MARK: 1. A cursor keeps its own key

    @Test(arguments: ["Aaron First", "Zed Last"])
    func renamingThePersonAPageEndsOnNeitherSkipsNorRepeatsAnyoneElse(_ newName: String)
        async throws
    {
        for (label, store) in await [
            ("sqlite", try seeded(30) as any PersonStore),
            (
                "memory",
                MemoryPersonStore(
                    persons: try seeded(30).page(matching: "", from: .first, limit: 100))
            ),
        ] {
            let everyone = try await store.page(matching: "", from: .first, limit: 100).map(\.id)
            let first = try await store.page(matching: "", from: .first, limit: 10)
            let boundary = try #require(first.last)
            _ = try await store.update(boundary, with: try PersonDraft(name: newName).validated())
            var seen = first.map(\.id)
            var start = PageStart.after(boundary.sortKey)
            while let page = Optional(try await store.page(matching: "", from: start, limit: 10)),
                let last = page.last
            {
                seen += page.map(\.id)
                start = .after(last.sortKey)
            }
            let others = seen.filter { $0 != boundary.id }
            #expect(others == everyone.filter { $0 != boundary.id }, "\(label)")
            #expect(Set(others).count == others.count, "\(label)")
        }
    }

    @Test func aPageAfterACursorIgnoresWhereItsPersonNowSortsInTheFile() async throws {
        let store = try await seeded(30)
        let first = try await store.page(matching: "", from: .first, limit: 10)
        let boundary = try #require(first.last)
        try otherProgram(
            "UPDATE person SET name = 'Aaa', sort_name = 'aaa' WHERE id = ?",
            [.integer(boundary.id)])
        let next = try await store.page(matching: "", from: .after(boundary.sortKey), limit: 10)
        let plain = try SQLiteConnection(path: path, busyTimeout: .seconds(1)).rows(
            "SELECT id FROM person WHERE (sort_name, id) > (?, ?) ORDER BY sort_name, id LIMIT 10",
            [.text(boundary.sortKey.foldedName), .integer(boundary.id)]
        ).map { $0.integer(0) }
        #expect(next.map(\.id) == plain)
        #expect(!next.contains { first.map(\.id).contains($0.id) })
    }

    @Test func readsInsideOneSnapshotSeeNoWriteMadeMeanwhile() async throws {
        let store = try await seeded(2_500)
        let before = try await store.page(matching: "", from: .first, limit: 10_000).map(\.id)
        let walked = try await store.readingConsistently {
            var walked: [Int] = []
            var start = PageStart.first
            while let page = Optional(
                try await store.page(matching: "", from: start, limit: 1_000)),
                let last = page.last
            {
                walked += page.map(\.id)
                if walked.count == 1_000 {
                    // A slow reader: another program renames someone still
                    // ahead of it to sort first, and deletes another.
                    try otherProgram(
                        "UPDATE person SET name = 'Aaa', sort_name = 'aaa' WHERE id = ?",
                        [.integer(before[2_000])])
                    try otherProgram("DELETE FROM person WHERE id = ?", [.integer(before[1_500])])
                }
                start = .after(last.sortKey)
            }
            return walked
        }
        #expect(walked == before)
        #expect(try await store.count(matching: "") == before.count - 1)
    }

    // MARK: 2. Renumbering and upserts by another program

    @Test func aPersonRenumberedByAnotherProgramIsFoundUnderTheNewID() async throws {
        let store = try await seeded()
        try otherProgram("UPDATE person SET id = 1000 WHERE id = 2")
        #expect(
            try await store.page(matching: "alan turing", from: .first, limit: 10).map(\.id) == [
                1000
            ])
        try expectPlainAnswers(store, ["alan turing", "tur", "tu", "t", "ada"])
    }

    @Test func anUpsertOverAnIDLeavesNoTraceOfWhoWasThere() async throws {
        let store = try await seeded()
        try otherProgram(
            "INSERT OR REPLACE INTO person (id, name, sort_name, address, added) VALUES (2, 'Zoe Quinn', 'zoe quinn', '', 0)"
        )
        for search in ["turing", "tur", "tu"] {
            #expect(
                !(try await store.page(matching: search, from: .first, limit: 100).map(\.id)
                    .contains(2)))
        }
        try expectPlainAnswers(store, ["turing", "tur", "zoe", "zo", "q", ""])
        #expect(try await store.check(repairing: false).problems == [])
    }

    // MARK: 4 and 5. Long names; upgrades count as the triggers subtract

    @Test(arguments: [false, true])
    func aLongNameWrittenByAnotherProgramIsFoundByShortSearches(upgraded: Bool) async throws {
        if upgraded {
            let old = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            try old.execute(
                SQLiteSchema.steps[0] + SQLiteSchema.steps[1] + "PRAGMA user_version = 2;")
        } else {
            _ = try SQLitePersonStore(path: path)
        }
        // Ends in a letter of two bytes that folds to itself: the other
        // program's key is the name as written.
        // Longer than any text whose grams are counted.
        let long = String(repeating: "lorem ipsum ", count: 1_010) + "жq"
        try otherProgram(
            "INSERT INTO person (name, sort_name, address, added) VALUES (?, ?, '', 0)",
            [.text(long), .text(long)])
        let store = try SQLitePersonStore(path: path)
        try expectPlainAnswers(store, ["ж", "жq", " жq", "q", "m i", "lorem"])
        #expect(try await store.count(matching: "ж") == 1)
    }

    @Test func anUpgradeCountsGramsExactlyAsTheTriggersLaterSubtractThem() async throws {
        let old = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try old.execute(SQLiteSchema.steps[0] + SQLiteSchema.steps[1] + "PRAGMA user_version = 2;")
        // Two spellings of "é", which Swift holds equal and SQLite does not;
        // bytes that are not UTF-8; a NUL; a name no one would type.
        for sortName in [
            "'e' || char(769) || 'e'", "char(233) || 'e'", "CAST(x'ff41c3' AS TEXT)",
            "'a' || char(0) || 'b'", "'" + String(repeating: "x", count: 12_010) + "'",
        ] {
            try old.execute(
                "INSERT INTO person (name, sort_name, address, added) VALUES ('N', \(sortName), '', 0)"
            )
        }
        _ = try SQLitePersonStore(path: path)
        try otherProgram("DELETE FROM person")
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try connection.integer("SELECT count(*) FROM person_gram WHERE n != 0") == 0)
        #expect(try connection.integer("SELECT total FROM person_state") == 0)
    }

    // MARK: 6. Derived tables are checked, not trusted

    @Test(arguments: [
        "UPDATE person_gram SET n = n + 1 WHERE gram = 'a'",
        "UPDATE person_gram SET n = 2.5 WHERE gram = 'ad'",
        "UPDATE person_gram SET n = 'many' WHERE gram = 'ada'",
        "DELETE FROM person_gram",
        "DELETE FROM person_search WHERE rowid = 2",
        "INSERT INTO person_search (rowid, search_text) VALUES (99999, 'turing' || char(1, 1))",
        "UPDATE person_mark SET before = before + 7",
        "DELETE FROM person_mark",
        "UPDATE person_state SET total = total + 1",
        "UPDATE person_state SET writing = 3",
        "UPDATE person SET rowid = 100000 WHERE id = 1",
        "UPDATE person SET _rowid_ = 100001, sort_name = 'zz moved' WHERE id = 2",
    ])
    func derivedDataAnotherProgramWroteIsRebuiltOnOpen(_ tampering: String) async throws {
        _ = try await seeded(600)
        try otherProgram(tampering)
        let store = try SQLitePersonStore(path: path)
        try expectPlainAnswers(store, ["", "a", "ad", "ada", "turing", "tur"])
        #expect(
            try await store.page(matching: "", from: .offset(300), limit: 5).map(\.id)
                == Array(try plainIDs(matching: "")[300..<305]))
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test func anIndexDamagedInsideIsBypassedAndRepairedByCheck() async throws {
        _ = try await seeded(600)
        try otherProgram("UPDATE person_search_config SET v = 5 WHERE k = 'version'")
        let store = try SQLitePersonStore(path: path)
        try expectPlainAnswers(store, ["lovelace", "ada", "a", ""])
        #expect(try await store.check(repairing: false).problems.count == 1)
        #expect(try await store.check(repairing: true).remaining == [])
        #expect(try await store.check(repairing: false).problems == [])
        try expectPlainAnswers(store, ["lovelace", "ada"])
    }

    @Test func aCountNoOneCouldHaveWrittenIsNotUsedEvenWhileOpen() async throws {
        let store = try await seeded()
        try otherProgram("UPDATE person_gram SET n = 'x' WHERE gram = 'a'")
        try otherProgram("UPDATE person_gram SET n = 1e300 WHERE gram = 'ad'")
        try expectPlainAnswers(store, ["a", "ad"])
    }

    @Test func namesTheIndexTellsApartLessFinelyThanSearchAreSearchedExactly() async throws {
        let store = try await seeded()
        _ = try await store.add(validating: PersonDraft(name: "Xa\u{FFFD}bcd"))
        _ = try await store.add(validating: PersonDraft(name: "Ya\u{FFFF}bcd"))
        _ = try await store.add(validating: PersonDraft(name: "Za\u{FFFE}bcd"))
        try expectPlainAnswers(
            store, ["a\u{FFFF}bc", "a\u{FFFD}bc", "\u{FFFE}", "\u{FFFD}b", "bcd"])
    }

    @Test func aSortKeyHoldingANULIsFoundByTextAfterIt() async throws {
        let store = try await seeded()
        try otherProgram(
            "INSERT INTO person (name, sort_name, address, added) VALUES ('zq', CAST(x'7a71007879377a7a79' AS TEXT), '', 0)"
        )
        try expectPlainAnswers(store, ["zq", "xy", "y7z", "xy7zz", "a", "ada"])
        try otherProgram("DELETE FROM person WHERE name = 'zq'")
        try expectPlainAnswers(store, ["zq", "xy", "a", "ada"])
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test func aWalkByCursorPassesSortKeysThatAreNotUTF8ExactlyOnce() async throws {
        let store = try await seeded(0)
        for (name, key) in [
            ("Bad", "x'6164ff'"), ("Mid", "'ad' || char(1000)"), ("Cut", "x'6164c0'"),
            ("Adé", "'adé'"), ("Escaped", "x'61f48fb8a0'"), ("Tail", "x'62c0'"), ("Bé", "'bé'"),
        ] {
            try otherProgram(
                "INSERT INTO person (name, sort_name, address, added) VALUES ('\(name)', CAST(\(key) AS TEXT), '', 0)"
            )
        }
        let plain = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            .rows("SELECT id FROM person ORDER BY sort_name, id").map { $0.integer(0) }
        var walked: [Int] = []
        var start = PageStart.first
        while walked.count <= plain.count,
            let last = try await store.page(matching: "", from: start, limit: 1).last
        {
            walked.append(last.id)
            start = .after(last.sortKey)
        }
        #expect(walked == plain)
        var back: [Int] = []
        start = .before(PersonSortKey(foldedName: "\u{10FFFF}", id: .max))
        while back.count <= plain.count,
            let first = try await store.page(matching: "", from: start, limit: 1).first
        {
            back.insert(first.id, at: 0)
            start = .before(first.sortKey)
        }
        #expect(back == plain)
    }

    // MARK: 7. BLOB sort keys

    @Test func aSortKeyStoredAsABlobIsSearchedAndPagedAsItsText() async throws {
        let store = try await seeded()
        try otherProgram(
            "INSERT INTO person (name, sort_name, address, added) VALUES ('Blob', CAST('blob person' AS BLOB), '', 0)"
        )
        try otherProgram("UPDATE person SET sort_name = CAST(sort_name AS BLOB) WHERE id = 2")
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(
            try connection.integer("SELECT count(*) FROM person WHERE typeof(sort_name) != 'text'")
                == 0)
        try expectPlainAnswers(store, ["", "blob", "b", "alan turing", "tur"])
    }

    @Test func blobKeysLeftByAnOldFileAreMadeTextOnOpen() async throws {
        _ = try await seeded()
        try otherProgram("DROP TRIGGER person_key_updated")
        try otherProgram("UPDATE person SET sort_name = CAST(sort_name AS BLOB) WHERE id = 2")
        let store = try SQLitePersonStore(path: path)
        try expectPlainAnswers(store, ["", "alan", "tur"])
    }

    // MARK: 8. A read never needs the write lock

    @Test func aFileAnotherProgramChangedIsReadRightWhileAnotherWriterHoldsTheLock() async throws {
        _ = try await seeded(600)
        try otherProgram("DROP TRIGGER person_inserted")
        try otherProgram(
            "INSERT INTO person (name, sort_name, address, added) VALUES ('Quiet Insert', 'quiet insert', '', 0)"
        )
        let writer = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        // Were the open to wait for the lock, it would fail: the lock is
        // held until this test ends.
        let store = try SQLitePersonStore(path: path, busyTimeout: .seconds(60))
        try expectPlainAnswers(store, ["", "quiet", "qu", "q"])
        #expect(
            try await store.page(matching: "", from: .offset(400), limit: 5).map(\.id)
                == Array(try plainIDs(matching: "")[400..<405]))
    }

    // MARK: 9. The whole schema identifies the file

    @Test(arguments: [
        "DROP TRIGGER person_deleted",
        "DROP TRIGGER person_inserted",
        "DROP TRIGGER person_updated",
        "DROP TABLE person_search; CREATE TABLE person_search (rowid INTEGER, search_text TEXT)",
        "CREATE TRIGGER sneaky AFTER INSERT ON person BEGIN DELETE FROM person_search WHERE rowid = new.id; END",
        "DROP TABLE person_gram; CREATE VIEW person_gram AS SELECT 'a' AS gram, 1000 AS n",
    ])
    func aFileMissingOrMimickingPartsOfTheSchemaIsRepaired(_ change: String) async throws {
        _ = try await seeded()
        try otherProgram(change)
        // With a table swapped for a view, another program's writes fail
        // too; the file must still open right.
        try? otherProgram(
            "INSERT INTO person (name, sort_name, address, added) VALUES ('Quiet Insert', 'quiet insert', '', 0)"
        )
        try? otherProgram("DELETE FROM person WHERE id = 1")
        try? otherProgram("UPDATE person SET sort_name = 'zz renamed' WHERE id = 3")
        let store = try SQLitePersonStore(path: path)
        try expectPlainAnswers(store, ["", "a", "quiet", "ada", "zz", "grace"])
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test(arguments: [
        "ALTER TABLE person RENAME TO people_old; DROP INDEX person_order; CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, sort_name TEXT, address TEXT, email TEXT, added REAL); CREATE INDEX person_order ON person (sort_name, id)",
        "DROP INDEX person_order; CREATE INDEX person_order ON person (name)",
    ])
    func aLookAlikePersonTableIsRefusedInOneLine(_ change: String) async throws {
        _ = try await seeded()
        try otherProgram(change)
        let error = #expect(throws: PersonStoreError.self) { try SQLitePersonStore(path: path) }
        let message = error?.description ?? ""
        #expect(message.contains("is not the one people made"))
        #expect(!message.contains("\n"))
    }

    // MARK: 10. people check

    @Test func checkFindsWhatOpeningCannotAndRepairFixesIt() async throws {
        let store = try await seeded(600)
        #expect(
            try await store.check(repairing: false)
                == StoreCheck(store: "'\(path)'", notes: [], problems: [], remaining: nil))
        // Written while this store is open, so no open has checked it yet.
        try otherProgram("UPDATE person_state SET tampered = 0, writing = 1")
        try otherProgram("UPDATE person_gram SET n = n + 5 WHERE gram = 'a'")
        try otherProgram("DELETE FROM person_search WHERE rowid = 2")
        try otherProgram("UPDATE person_state SET writing = 0")
        let found = try await store.check(repairing: false)
        #expect(found.problems.count == 2)
        #expect(!found.isHealthy)
        let repaired = try await store.check(repairing: true)
        #expect(repaired.remaining == [])
        #expect(repaired.isHealthy)
        #expect(try await store.check(repairing: false).problems == [])
        try expectPlainAnswers(store, ["a", "alan turing"])
    }

    @Test func checkSaysWhatOpeningRepaired() async throws {
        _ = try await seeded()
        try otherProgram("DROP TRIGGER person_deleted")
        try otherProgram("DELETE FROM person WHERE id = 1")
        let report = try await SQLitePersonStore(path: path).check(repairing: false)
        #expect(report.notes == ["person_deleted is missing; rebuilt when the file was opened"])
        #expect(report.problems == [])
    }

    @Test func aMarkAnotherProgramWroteCostsARebuildOfTheMarksAlone() async throws {
        _ = try await seeded(600)
        try otherProgram("UPDATE person_mark SET before = before + 7")
        let store = try SQLitePersonStore(path: path)
        #expect(
            try await store.check(repairing: false)
                == StoreCheck(store: "'\(path)'", notes: [], problems: [], remaining: nil))
        #expect(
            try await store.page(matching: "", from: .offset(300), limit: 5).map(\.id)
                == Array(try plainIDs(matching: "")[300..<305]))
    }

    @Test func aFileAnotherProgramTookOutOfWALIsPutBack() async throws {
        _ = try await seeded(0)
        try otherProgram("PRAGMA journal_mode = DELETE")
        _ = try SQLitePersonStore(path: path)
        let mode = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            .rows("PRAGMA journal_mode").first?.text(0)
        #expect(mode == "wal")
    }

    @Test func checkNeitherWaitsForAnotherWriterNorFailsForIt() async throws {
        let store = try SQLitePersonStore(path: path, busyTimeout: .seconds(60))
        let writer = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        // Were the check to wait for the lock, it would fail: the lock is
        // held until this test ends.
        #expect(try await store.check(repairing: false).problems == [])
    }

    // MARK: 12. Messages say what happened

    @Test(arguments: ["a\u{0}b", "\"", "ada\" OR \"x", "NEAR(a b)", "*", "a:b", "^ad"])
    func searchTextIsNeverFTSSyntax(_ search: String) async throws {
        let store = try await seeded()
        try expectPlainAnswers(store, [search])
    }

    @Test(arguments: [
        "UPDATE sqlite_sequence SET seq = 9223372036854775800 WHERE name = 'person'",
        """
        INSERT INTO person (id, name, sort_name, address, added)
            VALUES (9223372036854775807, 'Last', 'last', '', 0);
        DELETE FROM sqlite_sequence;
        """,
    ])
    func seedRunningOutOfIDsSaysSo(_ exhaustion: String) async throws {
        let store = try await seeded(0)
        try otherProgram(exhaustion)
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validatingAll: DemoPersons.drafts(count: 50))
        }
        #expect(error?.description.contains("no new ids left") == true)
        #expect(try await store.count(matching: "") == plainIDs(matching: "").count)
    }

    // MARK: 14. A file replaced under an open session

    @Test func aWriteToAFileReplacedSinceOpeningIsRefused() async throws {
        let store = try await seeded(0)
        try FileManager.default.removeItem(atPath: path)
        for sidecar in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + sidecar)
        }
        _ = try SQLitePersonStore(path: path)
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validating: PersonDraft(name: "Lost"))
        }
        #expect(error?.description.contains("was removed or replaced since it was opened") == true)
        await #expect(try SQLitePersonStore(path: path).count(matching: "lost") == 0)
    }

    @Test func aWriteToAFileEmptiedInPlaceIsRefusedAndWritesNothing() async throws {
        var store: SQLitePersonStore? = try await seeded(0)
        // `: > people.sqlite`: the same file, emptied.
        try FileHandle(forWritingAtPath: path).map { try $0.truncate(atOffset: 0) }
        let error = await #expect(throws: PersonStoreError.self) {
            try await store?.add(validating: PersonDraft(name: "Lost"))
        }
        #expect(
            error?.description.contains("was emptied or overwritten since it was opened") == true)
        store = nil
        // Closing copies nothing from the log into what is left of the file.
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
    }

    @Test func aWriteToAFileCutShortInPlaceIsRefused() async throws {
        let store = try await seeded(600)
        try otherProgram("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileHandle(forWritingAtPath: path).map { try $0.truncate(atOffset: 8_192) }
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validating: PersonDraft(name: "Lost"))
        }
        #expect(error?.description.contains("was cut short since it was opened") == true)
    }

    @Test func aFileAnotherProgramVacuumedSmallerIsStillWritten() async throws {
        let store = try await seeded(600)
        for id in 4...603 { try await store.delete(id: id) }
        try otherProgram("VACUUM")
        try otherProgram("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try await store.add(validating: PersonDraft(name: "Kept")).name == "Kept")
    }

    @Test(arguments: ["link/people.sqlite", "link/new/people.sqlite"])
    func aFolderOnTheWayThatIsALinkIsRefusedAsOneBeforeAnythingIsMade(_ place: String) throws {
        let real = folder.path("real")
        try FileManager.default.createDirectory(
            atPath: real, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]
        )
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link"), withDestinationPath: real)
        let error = #expect(throws: PersonStoreError.self) {
            try SQLitePersonStore(path: folder.path(place))
        }
        let unlinked = real + place.dropFirst("link".count)
        #expect(
            error?.description
                == "the folder '\(folder.path("link"))' is a symbolic link (to '\(real)'); a database is opened only by a path without links: give --db '\(unlinked)'"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: real) == [])
    }
}
