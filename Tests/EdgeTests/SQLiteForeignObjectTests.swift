import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

@testable import Features
@testable import SQLiteStore

/// What another program made in a people database is its own: every open,
/// check and repair keeps it, and the store still answers right around it.
@Suite struct SQLiteForeignObjectTests {
    let file: SQLiteTestFile
    var path: String { file.path }

    init() throws {
        file = try SQLiteTestFile()
    }

    private func triggers() throws -> Set<String> {
        Set(
            try SQLiteConnection(path: path, busyTimeout: .seconds(5))
                .rows("SELECT name FROM sqlite_master WHERE type = 'trigger'").compactMap {
                    $0.text(0)
                })
    }

    private static let othersTriggers = """
        CREATE TABLE note (text TEXT);
        CREATE TRIGGER note_stamped AFTER INSERT ON note BEGIN SELECT 1; END;
        CREATE TRIGGER no_deletes BEFORE DELETE ON person
            BEGIN SELECT RAISE(ABORT, 'persons are never deleted here'); END;
        CREATE TRIGGER names_shouted AFTER INSERT ON person
            BEGIN UPDATE person SET name = upper(name) WHERE id = new.id; END;
        """

    @Test func anOpenKeepsEveryTriggerAnotherProgramMade() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(Self.othersTriggers)
        // A rebuild on open too: a trigger of people's own is missing.
        try file.otherProgram("DROP TRIGGER person_deleted")
        let store = try SQLitePersonStore(path: path)
        #expect(try await store.count(matching: "") == 3)
        let kept = try triggers()
        #expect(
            kept.isSuperset(of: ["note_stamped", "no_deletes", "names_shouted", "person_deleted"]))
    }

    @Test func aTriggerThatRefusesAWriteIsNamedAndNothingChanges() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(Self.othersTriggers)
        let store = try SQLitePersonStore(path: path)
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.delete(id: 1)
        }
        #expect(
            error?.description
                == "a trigger another program put in '\(path)' refused this: 'persons are never deleted here'; nothing was changed"
        )
        #expect(try await store.count(matching: "") == 3)
    }

    @Test func aPersonATriggerRewroteIsReturnedAsStoredAndCanBeSavedOver() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(Self.othersTriggers)
        let store = try SQLitePersonStore(path: path)
        let added = try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
        #expect(added.name == "BARBARA LISKOV")
        #expect(try await store.person(withID: added.id) == added)
        let renamed = try await store.update(added, with: PersonDraft(name: "Barbara").validated())
        #expect(renamed.name == "Barbara")
        let report = try await store.check(repairing: false)
        #expect(report.problems == [])
        #expect(
            report.notes.sorted() == [
                "trigger 'names_shouted', another program's, changes persons as they are written, so people does not use its search index and counts while it is there: it reads every person",
                "trigger 'no_deletes' on person is another program's: kept; it may refuse or change what people writes, and people shows what is stored",
            ])
    }

    @Test func aTriggerThatWritesIntoTheIndexKeepsTheIndexFromBeingUsed() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            "CREATE TRIGGER sneaky AFTER INSERT ON person BEGIN DELETE FROM person_search WHERE rowid = new.id; END"
        )
        let store = try SQLitePersonStore(path: path)
        // Added by people itself, while it counts as the index's writer:
        // no guard could tell the trigger's delete from its own.
        let added = try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
        #expect(try await store.page(matching: "liskov", from: .first, limit: 10) == [added])
        #expect(try await store.count(matching: "lis") == 1)
        let notes = try await store.check(repairing: false).notes
        #expect(
            notes == [
                "trigger 'sneaky', another program's, writes into people's search index or counts, so people does not use its search index and counts while it is there: it reads every person"
            ])
        #expect(try triggers().contains("sneaky"))
    }

    @Test func aTriggerAnotherProgramPutOnADerivedTableIsMadeAgainAfterARebuild() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            "CREATE TABLE audit (n INTEGER); CREATE TRIGGER counted AFTER UPDATE ON person_mark BEGIN INSERT INTO audit VALUES (1); END"
        )
        try file.otherProgram("DROP TRIGGER person_inserted")
        let store = try SQLitePersonStore(path: path)
        // It names a derived table only as its own: no reason to distrust.
        #expect(
            try await store.check(repairing: false)
                == StoreCheck(
                    store: "'\(path)'",
                    notes: ["person_inserted is missing; rebuilt when the file was opened"],
                    problems: [], remaining: nil))
        #expect(try triggers().isSuperset(of: ["counted", "person_inserted"]))
    }

    @Test func triggersAnEarlierPeopleMadeAreItsOwnAndReplaced() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        // The names the version before this one gave two of its triggers.
        try file.otherProgram(
            """
            DROP TRIGGER person_mark_updated; DROP TRIGGER person_mark_deleted;
            CREATE TRIGGER person_mark_updateed AFTER UPDATE ON person_mark BEGIN SELECT 1; END;
            CREATE TRIGGER person_mark_deleteed AFTER DELETE ON person_mark BEGIN SELECT 1; END;
            """)
        let store = try SQLitePersonStore(path: path)
        #expect(try await store.check(repairing: false).notes.count == 1)
        let names = try triggers()
        #expect(names.isSuperset(of: ["person_mark_updated", "person_mark_deleted"]))
        #expect(names.isDisjoint(with: ["person_mark_updateed", "person_mark_deleteed"]))
    }

    @Test func aTriggerThatRewritesTheSortKeyOfEachNewPersonLeavesSearchesRight() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            "CREATE TRIGGER keyed AFTER INSERT ON person BEGIN UPDATE person SET sort_name = 'zzz' || sort_name WHERE id = new.id; END"
        )
        let store = try SQLitePersonStore(path: path)
        let added = try await store.add(validating: PersonDraft(name: "Zed Quist"))
        #expect(try await store.page(matching: "zzz", from: .first, limit: 10) == [added])
        #expect(try await store.count(matching: "zed") == 1)
        #expect(try await store.page(matching: "", from: .first, limit: 10).last == added)
    }

    /// A trigger that rewrites each new person's sort key is recognised
    /// however it is spelled, and searches stay right: written with a
    /// comment for a space or the table's name quoted, it was not, and
    /// searches answered from an index of what was written, not stored.
    @Test(arguments: [
        "UPDATE/**/person SET", #"UPDATE "person" SET"#, "UPDATE `Person` SET",
        "UPDATE [person] SET", "UPDATE 'person' SET", "update -- why\n PERSON set",
        "UPDATE OR IGNORE/* or */person SET",
    ])
    func aTriggerThatRewritesTheSortKeyIsRecognisedHoweverItIsSpelled(_ update: String)
        async throws
    {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            "CREATE TRIGGER keyed AFTER INSERT ON person BEGIN \(update) sort_name = 'zzz' || sort_name WHERE id = new.id; END"
        )
        let store = try SQLitePersonStore(path: path)
        let added = try await store.add(validating: PersonDraft(name: "Zed Quist"))
        #expect(try await store.page(matching: "zzz", from: .first, limit: 10) == [added])
        #expect(try await store.count(matching: "zed") == 1)
        #expect(
            try await store.check(repairing: false).notes.contains(
                "trigger 'keyed', another program's, changes persons as they are written, so people does not use its search index and counts while it is there: it reads every person"
            ))
    }

    /// A name in a comment or a string is no write: a trigger that only
    /// mentions `person_search` in a comment, or sets a column to the text
    /// 'UPDATE person', keeps nothing from the index.
    @Test func aTableNamedOnlyInACommentOrAStringIsNoWrite() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            """
            CREATE TABLE log (text TEXT);
            CREATE TRIGGER logged AFTER INSERT ON person BEGIN
                -- not UPDATE person, nor person_search
                INSERT INTO log VALUES ('UPDATE person SET name = 1'); END
            """)
        let store = try SQLitePersonStore(path: path)
        #expect(
            try await store.check(repairing: false).notes == [
                "trigger 'logged' on person is another program's: kept; it may refuse or change what people writes, and people shows what is stored"
            ])
    }

    @Test func aPersonATriggerMovesAsTheyAreAddedIsSaidAndNotAdded() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            "CREATE TRIGGER moved AFTER INSERT ON person BEGIN UPDATE person SET id = id + 1000 WHERE id = new.id; END"
        )
        let store = try SQLitePersonStore(path: path)
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validating: PersonDraft(name: "Move Me"))
        }
        #expect(
            error?.description
                == "'Move Me' was moved or removed as it was added, by another program's trigger in '\(path)'; nothing was added"
        )
        #expect(try await store.count(matching: "") == 3)
    }

    /// A trigger that answers a write with `RAISE(IGNORE)` stops it with no
    /// error: each write must say so, never report a change the file does
    /// not hold, and a refused bulk add must leave the counts true.
    @Test func aWriteATriggerIgnoresIsSaidNotKeptAndNothingChanges() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            """
            CREATE TRIGGER keep_d BEFORE DELETE ON person BEGIN SELECT RAISE(IGNORE); END;
            CREATE TRIGGER keep_u BEFORE UPDATE ON person BEGIN SELECT RAISE(IGNORE); END;
            CREATE TRIGGER keep_i BEFORE INSERT ON person BEGIN SELECT RAISE(IGNORE); END;
            """)
        let store: any PersonStore = try SQLitePersonStore(path: path)
        let before = try await store.page(matching: "", from: .first, limit: 10)
        let ada = try #require(before.first)
        let deleting = await #expect(throws: PersonStoreError.self) { try await store.delete(ada) }
        #expect(deleting == .notKept(.delete, name: ada.name))
        #expect(
            deleting?.description
                == "the delete of '\(ada.name)' was not kept: a trigger, rule or row security policy on the person table stopped it; nothing changed"
        )
        await #expect(throws: PersonStoreError.notKept(.change, name: ada.name)) {
            try await store.update(ada, with: PersonDraft(name: "Ada King").validated())
        }
        await #expect(throws: PersonStoreError.notKept(.add, name: "Barbara Liskov")) {
            try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
        }
        await #expect(throws: PersonStoreError.notKept(.add, name: "Grace Hopper")) {
            try await store.add(validatingAll: [PersonDraft(name: "Grace Hopper")])
        }
        let gone = Person(
            id: 99, name: "Edsger Dijkstra", address: "", email: nil, added: ada.added)
        await #expect(throws: PersonStoreError.notKept(.restore, name: gone.name)) {
            try await store.restore(gone)
        }
        #expect(try await store.page(matching: "", from: .first, limit: 10) == before)
        #expect(try await store.count(matching: "") == before.count)
        #expect(try await store.check(repairing: false).problems == [])
    }

    /// A write a trigger undoes after it, though it counted one change.
    ///
    /// A delete put back, an edit written back over, an add deleted again:
    /// each must be said, never reported done. The triggers leave each
    /// other's writes alone.
    @Test func aWriteATriggerUndoesAfterwardsIsSaidNotKeptAndNothingChanges() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            """
            CREATE TRIGGER back AFTER DELETE ON person WHEN OLD.name <> 'Grace Hopper' BEGIN
                INSERT INTO person (id, name, sort_name, address, email, added)
                VALUES (OLD.id, OLD.name, OLD.sort_name, OLD.address, OLD.email, OLD.added);
            END;
            CREATE TRIGGER same AFTER UPDATE ON person BEGIN
                UPDATE person SET name = OLD.name, sort_name = OLD.sort_name,
                    address = OLD.address, email = OLD.email WHERE id = OLD.id;
            END;
            CREATE TRIGGER gone AFTER INSERT ON person WHEN NEW.name = 'Grace Hopper' BEGIN
                DELETE FROM person WHERE id = NEW.id;
            END;
            """)
        let store: any PersonStore = try SQLitePersonStore(path: path)
        let before = try await store.page(matching: "", from: .first, limit: 10)
        let ada = try #require(before.first)
        await #expect(throws: PersonStoreError.notKept(.delete, name: ada.name)) {
            try await store.delete(ada)
        }
        await #expect(throws: PersonStoreError.notKept(.change, name: ada.name)) {
            try await store.update(ada, with: PersonDraft(name: "Ada King").validated())
        }
        let bulk = await #expect(throws: PersonStoreError.self) {
            try await store.add(validatingAll: [PersonDraft(name: "Grace Hopper")])
        }
        #expect(
            bulk?.description
                == "'\(path)': a trigger on the person table removed 1 of the 1 persons as they were added; none of the persons were added"
        )
        #expect(try await store.page(matching: "", from: .first, limit: 10) == before)
        #expect(try await store.count(matching: "") == before.count)
        #expect(try await store.check(repairing: false).problems == [])
    }

    /// An edit another program's trigger rewrites as it is saved is kept,
    /// so `people edit` succeeds, but says what was stored, in one line.
    @MainActor
    @Test func anEditATriggerRewritesSaysWhatWasStored() async throws {
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
        try file.otherProgram(
            """
            CREATE TRIGGER shouted AFTER UPDATE ON person
            BEGIN UPDATE person SET name = upper(NEW.name) WHERE id = NEW.id; END
            """)
        let store = try SQLitePersonStore(path: path)
        let console = RecordingConsole()
        let status = await PersonCommands(
            command: .edit(id: 1, changes: PersonChanges(name: "Ada King")),
            storeProvider: { store }, pageSize: 10, clock: Fixtures.clock,
            writer: PersonFileWriter(), help: "", console: console
        )
        .run()
        #expect(status == .success)
        #expect(
            console.errors
                == "people: person 1 was saved, but another program's trigger changed what was stored: name 'ADA KING', address '12 St James's Square, London', email 'ada@example.org'\n"
        )
    }
}
