import Foundation
import PeopleTestSupport
import Synchronization
import Testing

@testable import Features
@testable import SQLiteStore

/// `people check` tells the truth: no false alarm while others write, no
/// damage missed because the counts still add up, and a repair that builds
/// only what is wrong.
@Suite struct SQLiteCheckTests {
    let file: SQLiteTestFile
    var path: String { file.path }
    var folder: TemporaryFolder { file.folder }

    init() throws {
        file = try SQLiteTestFile()
    }

    private func seeded(_ count: Int = 600) async throws -> SQLitePersonStore {
        let store = try SQLitePersonStore(path: path, startingWith: Person.samples)
        _ = try await store.add(validatingAll: DemoPersons.drafts(count: count))
        return store
    }

    @Test func tenChecksInARowUnderTwoWritersAllFindNothingWrong() async throws {
        let store = try await seeded(200)
        let path = path
        // One writer through people's own store, one with plain SQL, each on
        // a thread of its own, as two other processes would be. Both go
        // through the triggers, which keep the derived data true at every
        // commit.
        let writers = Writers()
        // Each deletes what it added the time before, so the book stays
        // small however long the checks take; a write waits as long as it
        // must for the lock, since how long the check holds it for its
        // index's own check is not the question here.
        writers.start {
            let other = try SQLitePersonStore(path: path, busyTimeout: .seconds(120))
            var added: Person?
            return { next in
                if let person = added {
                    try other.delete(person)
                    added = nil
                } else {
                    added = try other.add(
                        PersonDraft(name: "Writer \(next)").validated(), addedAt: .now)
                }
            }
        }
        writers.start {
            let other = try SQLiteConnection(path: path, busyTimeout: .seconds(120))
            return { next in
                try other.execute(
                    next.isMultiple(of: 2)
                        ? "DELETE FROM person WHERE name = 'Plain \(next - 1)'"
                        : "INSERT INTO person (name, sort_name, address, added) VALUES ('Plain \(next)', 'plain \(next)', '', 0)"
                )
            }
        }
        var reports: [StoreCheck] = []
        for _ in 0..<10 {
            // Each check starts after a write it did not see coming.
            #expect(writers.awaitWrite())
            reports.append(try await store.check(repairing: false))
        }
        #expect(writers.awaitWrite())
        let repaired = try await store.check(repairing: true)
        let failures = writers.stop()
        #expect(failures == [])
        #expect(reports.map(\.problems) == Array(repeating: [], count: 10))
        #expect(repaired.problems == [])
        #expect(repaired.remaining == nil)
    }

    /// A write beside a running check goes through at once: the check
    /// reads a snapshot, and runs the search index's own check (which
    /// SQLite runs as a write) on a private copy of the index.
    ///
    /// The check is parked just after that self-check, with everything it
    /// holds still held, and another connection that will not wait a moment
    /// for a lock adds a person. That check once held the write lock there,
    /// 4.7 s at a million persons, and the write failed as busy.
    @Test func aWriteBesideARunningCheckIsNotKeptWaiting() async throws {
        let store = try await seeded(200)
        let parked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let checked = Locked<Result<StoreCheck, any Error>?>(nil)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = Result {
                try store.check(repairing: false) {
                    parked.signal()
                    release.wait()
                }
            }
            checked.withLock { $0 = result }
            ended.signal()
        }
        #expect(parked.wait(timeout: .now() + 60) == .success)
        let other = try SQLiteConnection(path: path, busyTimeout: .zero)
        let written = Result { () throws(PersonStoreError) in
            try other.execute(
                "INSERT INTO person (name, sort_name, address, added) VALUES ('Beside Check', 'beside check', '', 0)"
            )
        }
        release.signal()
        #expect(ended.wait(timeout: .now() + 60) == .success)
        #expect(throws: Never.self) { try written.get() }
        let check = try #require(checked.withLock { $0 })
        #expect(try check.get().problems == [])
        #expect(try await store.count(matching: "beside") == 1)
        #expect(try await store.check(repairing: false).problems == [])
    }

    /// Damage only the search index's own check sees — its record of each
    /// name's size gone for one name — is found on the copy, and a repair,
    /// which checks the index itself under the write lock, mends it.
    @Test func damageOnlyTheIndexsOwnCheckSeesIsFoundAndRepaired() async throws {
        let store = try await seeded()
        try file.otherProgram(
            "DELETE FROM person_search_docsize WHERE id = (SELECT min(id) FROM person_search_docsize)"
        )
        let found = try await store.check(repairing: false)
        #expect(found.problems.count == 1)
        #expect(found.problems.first?.hasPrefix("the search index fails its own check") == true)
        let repaired = try await store.check(repairing: true)
        #expect(repaired.problems == found.problems)
        #expect(repaired.remaining == [])
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test func anIndexThatFindsNoOneIsFoundAndRebuilt() async throws {
        let store = try await seeded()
        #expect(try await store.count(matching: "lovelace") == 1)
        // The index's own table of where each term is: its text, counts and
        // FTS5's own check still look whole.
        try file.otherProgram("DELETE FROM person_search_idx")
        #expect(try await store.page(matching: "lovelace", from: .first, limit: 10).isEmpty)
        let found = try await store.check(repairing: false)
        #expect(found.problems.count == 1)
        #expect(found.problems.first?.contains("the search index finds the wrong persons") == true)
        let repaired = try await store.check(repairing: true)
        #expect(repaired.remaining == [])
        #expect(
            try await store.page(matching: "lovelace", from: .first, limit: 10).map(\.name) == [
                "Ada Lovelace"
            ])
    }

    /// Wrong counts and wrong page marks, written by a program that poses
    /// as people's own triggers, so that no guard notices.
    @Test(arguments: [
        "UPDATE person_state SET total = total + 1",
        "UPDATE person_mark SET before = before + 7; UPDATE person_state SET marked = changes",
        "UPDATE person_gram SET n = n + 5 WHERE gram = 'a'",
    ])
    func aRepairBuildsAgainOnlyWhatIsWrong(_ damage: String) async throws {
        let store = try await seeded()
        let index = try file.integer("SELECT total(length(block)) FROM person_search_data")
        let changes = try file.integer("SELECT changes FROM person_state")
        try file.otherProgram(
            "UPDATE person_state SET writing = 1; \(damage); UPDATE person_state SET writing = 0")
        let repaired = try await store.check(repairing: true)
        #expect(repaired.problems.count == 1)
        #expect(repaired.remaining == [])
        // A rebuild of everything counts the changes from zero again and
        // writes the index anew, as one piece.
        #expect(try file.integer("SELECT changes FROM person_state") == changes)
        #expect(try file.integer("SELECT total(length(block)) FROM person_search_data") == index)
        #expect(try await store.check(repairing: false).problems == [])
    }

    /// A state table with no row, or with two, is mended by a repair: it
    /// was found, and the repair updated every row there was, so none or
    /// both stayed, and the next check found it again.
    @Test(arguments: [
        "DELETE FROM person_state", "INSERT INTO person_state SELECT * FROM person_state",
    ])
    func aStateTableWithNoRowOrTwoIsMendedByARepair(_ damage: String) async throws {
        let store = try await seeded()
        try file.otherProgram(damage)
        let repaired = try await store.check(repairing: true)
        #expect(repaired.problems != [])
        #expect(repaired.remaining == [])
        #expect(try file.integer("SELECT count(*) FROM person_state") == 1)
        #expect(try await store.check(repairing: false).problems == [])
        #expect(
            try await store.count(matching: "") == (try file.integer("SELECT count(*) FROM person"))
        )
    }

    /// A state every open rebuilds everything for is a problem of the
    /// check too: a write left marked as under way, or a note that another
    /// program wrote into the counts, passed the check, which compared the
    /// values only, while each open that could write built everything again.
    @Test(arguments: [
        "UPDATE person_state SET writing = 1",
        "UPDATE person_gram SET n = n WHERE gram = (SELECT min(gram) FROM person_gram)",
    ])
    func aStateEveryOpenRebuildsForIsAProblemTheCheckFinds(_ damage: String) async throws {
        _ = try await seeded()
        try file.otherProgram(damage)
        let looking = try SQLitePersonStore(path: path, opening: .toCheck)
        #expect(try await looking.check(repairing: false).problems.count == 1)
        let repaired = try await looking.check(repairing: true)
        #expect(repaired.remaining == [])
        let reopened = try SQLitePersonStore(path: path, opening: .toCheck)
        #expect(try await reopened.check(repairing: false).problems == [])
    }

    @Test func aRepairWithNothingWrongAnyMoreBuildsNothing() async throws {
        let store = try await seeded()
        let changes = try file.integer("SELECT changes FROM person_state")
        let repaired = try await store.check(repairing: true)
        #expect(repaired == StoreCheck(store: "'\(path)'", notes: [], problems: [], remaining: nil))
        #expect(try file.integer("SELECT changes FROM person_state") == changes)
    }

    @Test func aStoreOpenedToBeCheckedMendsNothingOnTheWayIn() async throws {
        _ = try await seeded(50)
        try file.otherProgram("DROP TRIGGER person_deleted")
        let looking = try SQLitePersonStore(path: path, opening: .toCheck)
        // It answers all the same, from the persons alone.
        #expect(try await looking.count(matching: "") == 53)
        let report = try await looking.check(repairing: false)
        #expect(report.notes == [])
        #expect(report.problems == ["person_deleted is missing"])
        #expect(
            try file.integer("SELECT count(*) FROM sqlite_master WHERE name = 'person_deleted'")
                == 0)
        #expect(try await looking.check(repairing: true).remaining == [])
        #expect(
            try file.integer("SELECT count(*) FROM sqlite_master WHERE name = 'person_deleted'")
                == 1)
    }

    @Test func anEmptyFileIsNoBookToCheck() throws {
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600]))
        let error = #expect(throws: PersonStoreError.self) {
            try SQLitePersonStore(path: path, opening: .toCheck)
        }
        #expect(
            error?.description
                == "'\(path)' is an empty file, not a database yet; nothing was made there")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
    }

    @Test func aSortKeyThatIsNotTheFoldedNameIsNotedNotRepaired() async throws {
        let store = try await seeded(10)
        try file.otherProgram("UPDATE person SET sort_name = 'aaa' WHERE id = 3")
        let report = try await store.check(repairing: true)
        #expect(report.problems == [])
        #expect(
            report.notes == [
                "1 person's sort key is not the folded name (another program wrote it): listed and found by the key stored; an edit in people makes it again"
            ])
        // The key is data: the list follows it, and no repair rewrites it.
        #expect(try await store.page(matching: "", from: .first, limit: 1).map(\.id) == [3])
        let renamed = try await store.update(3, validating: PersonDraft(name: "Grace Hopper"))
        #expect(renamed.sortKey.foldedName == "grace hopper")
        #expect(try await store.check(repairing: false).notes == [])
    }

    /// Another program's ids of 0 or below are the kind imported persons
    /// have: noted, so a person who imports knows, and not repaired.
    @Test func idsOfZeroOrBelowAreNotedNotRepaired() async throws {
        let store = try await seeded(3)
        let before = try await store.count(matching: "")
        try file.otherProgram(
            "INSERT INTO person (id, name, sort_name, address, added) VALUES (-1, 'Neg', 'neg', '', 0), (0, 'Zero', 'zero', '', 0)"
        )
        let report = try await store.check(repairing: true)
        #expect(report.problems == [])
        #expect(
            report.notes == [
                "2 persons have no search fields (another program wrote them): found by name and by the fields stored; an edit in people folds them again",
                "2 persons have ids of 0 or below (another program gave them): imported persons have such ids too, so with --import one may be taken for another",
            ])
        #expect(try await store.count(matching: "") == before + 2)
    }

    @Test func checkNeverMakesABook() throws {
        let missing = folder.path("typo/people.sqlite")
        let error = #expect(throws: PersonStoreError.self) {
            try SQLitePersonStore(path: missing, opening: .toCheck)
        }
        #expect(
            error?.description == "there is no database at '\(missing)'; nothing was made there")
        #expect(!FileManager.default.fileExists(atPath: folder.path("typo")))
    }
}

/// Threads that write to one file until told to stop, as other processes
/// would, and tell the test of each write.
private final class Writers: @unchecked Sendable {
    private let done = Atomic(false)
    private let written = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()
    private let errors = Locked<[String]>([])

    /// Starts a thread that makes its writer with `make`, then calls it
    /// with 1, 2, 3… until ``stop()``.
    func start(_ make: @escaping @Sendable () throws -> (Int) throws -> Void) {
        finished.enter()
        Thread.detachNewThread { [self] in
            defer { finished.leave() }
            do {
                let write = try make()
                var next = 0
                while !done.load(ordering: .relaxed) {
                    next += 1
                    try write(next)
                    written.signal()
                }
            } catch {
                errors.withLock { $0.append("\(error)") }
                written.signal()
            }
        }
    }

    /// Waits for the next write (or a writer's failure); `false` when none
    /// came within a minute.
    func awaitWrite() -> Bool {
        written.wait(timeout: .now() + 60) == .success
    }

    /// Stops every writer and waits for them: what they failed with.
    func stop() -> [String] {
        done.store(true, ordering: .relaxed)
        finished.wait()
        return errors.withLock { $0 }
    }
}
