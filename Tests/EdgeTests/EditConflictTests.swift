import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// Two people with one address book open: neither loses the other's change.
///
/// Each store here is its own connection to one file, as two `people`
/// processes are; the last is another program writing plain SQL.
@Suite struct EditConflictTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("people.sqlite")
        _ = try SQLitePersonStore(path: path, startingWith: Person.samples)
    }

    @Test func theSecondSaveIsRefusedAndTheFirstKept() async throws {
        let mine = try SQLitePersonStore(path: path)
        let theirs = try SQLitePersonStore(path: path)
        let opened = try await mine.existingPerson(withID: 1)
        let saved = try await theirs.update(
            theirs.existingPerson(withID: 1), with: PersonDraft(name: "Ada King").validated())
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace")) {
            try await mine.update(opened, with: PersonDraft(name: "Ada Byron").validated())
        }
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace")) {
            try await mine.delete(opened)
        }
        #expect(try await theirs.person(withID: 1) == saved)
    }

    @Test func aPersonDeletedByTheOtherCannotBeSavedBack() async throws {
        let mine = try SQLitePersonStore(path: path)
        let theirs = try SQLitePersonStore(path: path)
        let opened = try await mine.existingPerson(withID: 2)
        try await theirs.delete(theirs.existingPerson(withID: 2))
        await #expect(throws: PersonStoreError.deletedElsewhere(name: "Alan Turing")) {
            try await mine.update(opened, with: PersonDraft(name: "Alan M. Turing").validated())
        }
        #expect(try await theirs.person(withID: 2) == nil, "not brought back by the save")
        #expect(try await theirs.count(matching: "") == 2)
    }

    @Test func anotherProgramsPlainSQLIsAChangeToo() async throws {
        let mine = try SQLitePersonStore(path: path)
        let opened = try await mine.existingPerson(withID: 3)
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        try other.run(
            "UPDATE person SET address = ? WHERE id = ?", [.text("Yale, New Haven"), .integer(3)])
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Grace Hopper")) {
            try await mine.update(opened, with: PersonDraft(name: "Grace Hopper").validated())
        }
        #expect(try await mine.existingPerson(withID: 3).address == "Yale, New Haven")
        // The date added, which the detail shows, is a value too: undoing a
        // delete would otherwise put back the old one.
        let dated = try await mine.existingPerson(withID: 3)
        try other.run("UPDATE person SET added = 946684800 WHERE id = 3")
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Grace Hopper")) {
            try await mine.delete(dated)
        }
        // Read again, the save goes through.
        let again = try await mine.existingPerson(withID: 3)
        let saved = try await mine.update(
            again, with: PersonDraft(name: "Grace B. Hopper", address: again.address).validated())
        #expect(try await mine.person(withID: 3) == saved)
    }

    @Test func aRefusalNamesAHugeStoredNameInOneShortLine() async throws {
        let mine = try SQLitePersonStore(path: path)
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        try other.run(
            "UPDATE person SET name = ?, sort_name = ? WHERE id = 2",
            [
                .text(String(repeating: "x", count: 100_000)),
                .text(String(repeating: "x", count: 100_000)),
            ])
        let opened = try await mine.existingPerson(withID: 2)
        try other.run("UPDATE person SET address = 'elsewhere' WHERE id = 2")
        let error = await #expect(throws: PersonStoreError.self) { try await mine.delete(opened) }
        let line = error.map { "\($0)" } ?? ""
        #expect(
            line.hasSuffix(
                "was changed by someone else since they were opened; open them again to see the change"
            ))
        #expect(line.count < 200, "clipped: \(line.count) characters")
    }
}
