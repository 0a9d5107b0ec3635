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
        // Read again, the save goes through.
        let again = try await mine.existingPerson(withID: 3)
        let saved = try await mine.update(
            again, with: PersonDraft(name: "Grace B. Hopper", address: again.address).validated())
        #expect(try await mine.person(withID: 3) == saved)
    }
}
