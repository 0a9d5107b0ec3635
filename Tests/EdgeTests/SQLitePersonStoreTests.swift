import CSQLite
import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// What a user can run into with a database file, and what they get.
@Suite struct SQLitePersonStoreTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func open(_ path: String, busyTimeout: Duration = .seconds(5)) throws
        -> SQLitePersonStore
    {
        try SQLitePersonStore(
            path: path, startingWith: Person.samples, busyTimeout: busyTimeout)
    }

    private func message(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aNewDatabaseStartsWithTheSamplesAndKeepsChangesAfterReopening() async throws {
        let path = folder.path("people.sqlite")
        let added = try await open(path).add(validating: PersonDraft(name: "Barbara Liskov"))
        let reopened = try open(path)
        #expect(try await reopened.count(matching: "") == 4)
        #expect(try await reopened.person(withID: added.id) == added)
        #expect(try await reopened.person(withID: 1) == Person.samples[0])
    }

    @Test func theFolderIsCreatedWhenMissing() async throws {
        let path = folder.path("deeper/still/people.sqlite")
        _ = try open(path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() async throws {
        let path = folder.path("notes.txt")
        let text = Data(String(repeating: "Shopping: milk, eggs, bread.\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(
            await message { _ = try open(path) }
                == "'\(path)' is not a people database (not an SQLite file); it was left as it was")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aFolderThatCannotHoldTheDatabaseIsNamed() async throws {
        let blocker = folder.path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        #expect(
            await message { _ = try open(blocker + "/people.sqlite") }
                == "'\(blocker)' is not a folder, so the database cannot be kept in it")
        #expect(
            await message { _ = try open(blocker + "/sub/people.sqlite") }
                == "cannot create the folder '\(blocker)/sub' for the database")
    }

    @Test(.enabled(if: getuid() != 0, "root can write to any folder"))
    func aFolderWithoutWritePermissionIsNamed() async throws {
        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
        }
        #expect(
            await message { _ = try open(locked + "/people.sqlite") }
                == "the folder '\(locked)' cannot be written, so the database cannot be kept in it")
    }

    @Test func aDatabaseFromANewerSchemaIsRefusedInsteadOfGuessedAt() async throws {
        let path = folder.path("future.sqlite")
        _ = try open(path)
        try SQLiteConnection(path: path, busyTimeout: .seconds(1)).execute(
            "PRAGMA user_version = 99")
        #expect(
            await message { _ = try open(path) }
                == "the database '\(path)' was written by a newer people (schema 99; this one reads up to \(SQLiteSchema.currentVersion))"
        )
    }

    @Test func theSchemaVersionIsRecorded() async throws {
        let path = folder.path("people.sqlite")
        _ = try open(path)
        let version = try SQLiteConnection(path: path, busyTimeout: .seconds(1)).integer(
            "PRAGMA user_version")
        #expect(version == SQLiteSchema.currentVersion)
        let mode = try SQLiteConnection(path: path, busyTimeout: .seconds(1)).rows(
            "PRAGMA journal_mode"
        ).first?.text(0)
        #expect(mode == "wal")
    }

    @Test func aWriterWaitsForAnotherLockThenGivesAClearErrorAndNothingIsLost() async throws {
        let path = folder.path("people.sqlite")
        let store = try open(path, busyTimeout: .milliseconds(200))
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try other.execute("BEGIN IMMEDIATE")
        let started = ContinuousClock.now
        #expect(
            await message { _ = try await store.add(validating: PersonDraft(name: "Blocked")) }
                == "the database '\(path)' is locked by another process; try again")
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(try await store.count(matching: "") == 3, "readers are not blocked by the writer")
        try other.execute("COMMIT")
        _ = try await store.add(validating: PersonDraft(name: "Unblocked"))
        #expect(try await store.count(matching: "") == 4)
        #expect(try await store.check(repairing: false).problems == [])
    }

    /// A save cancelled while it waits for another process's lock stops.
    ///
    /// Esc on it cancels its task: the wait ends at once, and when the lock
    /// is released nothing of the save is written. SQLite's own busy
    /// timeout slept on through the cancel, and wrote the save when the
    /// lock came free.
    @Test func aSaveCancelledWhileItWaitsForAnotherLockStopsAndWritesNothing() async throws {
        let path = folder.path("people.sqlite")
        // Longer than the test: the save must stop for the cancel, not
        // for the time.
        let store = try open(path, busyTimeout: .seconds(30))
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try other.execute("BEGIN IMMEDIATE")
        let ada = try await store.existingPerson(withID: 1)
        let draft = try PersonDraft(name: "Ada Byron").validated()
        let saving = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            // The synchronous form skips the check before the call, so the
            // write starts, and meets the lock, in a cancelled task.
            return Result { try store.update(ada, with: draft) }
        }
        let result = await saving.value
        try other.execute("COMMIT")
        #expect(
            throws: PersonStoreError.storage(
                "the write to '\(path)' was interrupted; nothing was written")
        ) { try result.get() }
        #expect(try await store.existingPerson(withID: 1) == ada, "nothing was written")
        // The store is not left in a transaction: the next save is kept.
        _ = try await store.update(1, validating: PersonDraft(name: "Ada King"))
        #expect(try await store.existingPerson(withID: 1).name == "Ada King")
    }

    @Test func twoConnectionsAddingAtOnceLoseNothing() async throws {
        let path = folder.path("people.sqlite")
        let stores = [try open(path), try open(path)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for number in 0..<200 {
                        _ = try await store.add(
                            validating: PersonDraft(name: "Writer \(index) \(number)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await stores[0].count(matching: "writer") == 400)
        #expect(try await stores[1].count(matching: "") == 403)
    }

    @Test func aDeletedPersonsTextIsGoneFromTheFile() async throws {
        let path = folder.path("secure.sqlite")
        #expect(
            try SQLiteConnection(path: path, busyTimeout: .seconds(1)).integer(
                "PRAGMA secure_delete") == 1)
        do {
            let store = try SQLitePersonStore(path: path)
            let secret = try await store.add(
                validating: PersonDraft(name: "Zyxwv Qokkelmann", address: "7 Hidden Lane"))
            try await store.delete(secret)
        }
        // The last connection closed: the log is folded into the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for text in ["Zyxwv Qokkelmann", "zyxwv qokkelmann", "7 Hidden Lane"] {
            #expect(bytes.range(of: Data(text.utf8)) == nil, "\(text) is still in the file")
        }
    }

    @Test func aNewDatabaseAndTheFoldersMadeForItAreTheOwnersAlone() async throws {
        let path = folder.path("deeper/still/people.sqlite")
        let store = try SQLitePersonStore(path: path, startingWith: Person.samples)
        _ = try await store.add(validating: PersonDraft(name: "Kept Private"))
        func mode(_ path: String) throws -> Int {
            try #require(
                FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try mode(file) == 0o600, "\(file)")
        }
        for made in [folder.path("deeper"), folder.path("deeper/still")] {
            #expect(try mode(made) == 0o700, "\(made)")
        }
    }

    @Test(arguments: ["", "-wal", "-shm"])
    func aSymbolicLinkAtTheDatabaseOrBesideItIsRefused(_ suffix: String) async throws {
        let path = folder.path("people.sqlite")
        let elsewhere = folder.path("elsewhere.sqlite")
        if !suffix.isEmpty { _ = try SQLitePersonStore(path: path) }
        try? FileManager.default.removeItem(atPath: path + suffix)
        try FileManager.default.createSymbolicLink(
            atPath: path + suffix, withDestinationPath: elsewhere)
        let error = #expect(throws: PersonStoreError.self) { try SQLitePersonStore(path: path) }
        #expect(
            error?.description
                == "'\(path + suffix)' is a symbolic link; people does not follow links to its database"
        )
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test(arguments: ["", "-wal", "folder"])
    func aFileOthersCanWriteIsRefusedAndNothingIsWritten(_ which: String) async throws {
        let path = folder.path("shared/people.sqlite")
        _ = try SQLitePersonStore(path: path)
        let loose = which == "folder" ? folder.path("shared") : path + which
        if which == "-wal" { _ = FileManager.default.createFile(atPath: loose, contents: Data()) }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: loose)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: PersonStoreError.self) { try SQLitePersonStore(path: path) }
        #expect(
            error?.description.hasPrefix("'\(loose)' can be written by others (mode 666)") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(
        .enabled(if: geteuid() == 0, "only root can give a file to another user"),
        arguments: ["", "-shm"])
    func aFileAnotherUserOwnsIsRefusedEvenForRoot(_ suffix: String) throws {
        let path = folder.path("people.sqlite")
        _ = try SQLitePersonStore(path: path)
        let planted = path + suffix
        if !suffix.isEmpty { _ = FileManager.default.createFile(atPath: planted, contents: Data()) }
        #expect(chown(planted, 4_321, 4_321) == 0)
        let error = #expect(throws: PersonStoreError.self) { try SQLitePersonStore(path: path) }
        #expect(
            error?.description
                == "'\(planted)' belongs to user 4321, not to you (user 0); people opens only an address book of your own"
        )
    }

    @Test(.enabled(if: geteuid() == 0, "only root can make a folder inside another user's"))
    func rootMakesNoFolderInsideAnotherUsersFolder() async throws {
        let theirs = folder.path("theirs")
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        #expect(chown(theirs, 4_321, 4_321) == 0)
        let error = #expect(throws: PersonStoreError.self) {
            try SQLitePersonStore(path: theirs + "/.local/share/people/people.sqlite")
        }
        #expect(error?.description.hasPrefix("'\(theirs)' belongs to user 4321; as root") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs) == [])
    }
}
