import Foundation
import PeopleTestSupport
import Testing

/// A file the user cannot write — made immutable with `chattr +i`, which
/// even root cannot write through — after another program changed it: every
/// read still gives the right answer, without the write lock, and a write
/// says in one line why it cannot be kept.
@Suite(
    .enabled(
        if: ImmutableFile.canBeMade,
        "chattr +i does not work here (needs root and ext4 or the like)"))
struct ReadOnlyFileTests {
    @Test func readsOfAnImmutableFileAnotherProgramChangedAreRight() async throws {
        let home = try TemporaryFolder().url
        let path = home.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", path], home: home).status == 0)
        #expect(try PeopleProcess.run(["seed", "600", "--db", path], home: home).status == 0)
        try OtherProgram.run(
            path,
            "INSERT INTO person (name, sort_name, address, added) VALUES ('Zed Ro', 'zed ro', '', 0)"
        )
        try OtherProgram.run(path, "PRAGMA wal_checkpoint(TRUNCATE)")
        try ImmutableFile.set(path, true)
        defer { try? ImmutableFile.set(path, false) }

        let page = try PeopleProcess.run(["list", "--page", "61", "--db", path], home: home)
        #expect(page.status == 0)
        #expect(page.output.hasSuffix("page 61 of 61 · 601–604 of 604\n"))
        #expect(page.output.contains("Zed Ro"))
        let search = try PeopleProcess.run(["list", "--search", "zed r", "--db", path], home: home)
        #expect(search.output.hasSuffix("1–1 of 1\n"))
        let export = try PeopleProcess.run(["export", "--db", path], home: home)
        #expect(export.output.split(separator: "\n").count == 605)
        let check = try PeopleProcess.run(["check", "--db", path], home: home)
        #expect(check.status == 0)
        #expect(check.output.hasSuffix("everything agrees with the persons\n"))
        let add = try PeopleProcess.run(
            ["add", "--name", "Kept Nowhere", "--db", path], home: home)
        #expect(add.status == 1)
        #expect(add.errors.hasSuffix("cannot be written (attempt to write a readonly database)\n"))
        #expect(add.errors.split(separator: "\n").count == 1)
    }
}

/// `chattr +i` and `-i`, and whether they work on this machine at all.
enum ImmutableFile {
    static let canBeMade: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        let probe = folder.path("probe")
        guard FileManager.default.createFile(atPath: probe, contents: Data("x".utf8)),
            (try? set(probe, true)) != nil
        else { return false }
        defer { try? set(probe, false) }
        return !FileManager.default.isWritableFile(atPath: probe)
            || (try? Data("y".utf8).write(to: URL(fileURLWithPath: probe))) == nil
    }()

    static func set(_ path: String, _ immutable: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [immutable ? "+i" : "-i", path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}

/// Another user of the machine, as a real unprivileged uid: what they can
/// read of an address book `people` made under an ordinary umask.
@Suite(
    .enabled(
        if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        "needs root and setpriv to act as another user"))
struct AnotherUserTests {
    @Test func anotherUserCannotReadTheAddressBook() async throws {
        let home = try TemporaryFolder().url
        let path = home.appendingPathComponent("people.sqlite").path
        let session = try PeopleProcess.run(["--db", path], input: "q\n", home: home)
        #expect(session.status == 0)
        for file in [path] {
            let stranger = Process()
            stranger.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            stranger.arguments = [
                "--reuid", "4321", "--regid", "4321", "--clear-groups", "/bin/cat", file,
            ]
            stranger.standardOutput = FileHandle.nullDevice
            stranger.standardError = FileHandle.nullDevice
            try stranger.run()
            stranger.waitUntilExit()
            #expect(stranger.terminationStatus != 0, "user 4321 could read \(file)")
        }
        let readable = Process()
        readable.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        readable.arguments = ["--reuid", "4321", "--regid", "4321", "--clear-groups", "/bin/true"]
        try readable.run()
        readable.waitUntilExit()
        #expect(
            readable.terminationStatus == 0,
            "setpriv itself failed, so the check above proves nothing")
    }

    /// Runs `people` as user 4321, whose folder `home` is.
    private func runAsOwner(_ arguments: [String], home: URL) throws -> (
        status: Int32, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid", "4321", "--regid", "4321", "--clear-groups"]
            + [PeopleProcess.productsFolder.appendingPathComponent("people").path] + arguments
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test func aLogAnotherUserPlantedBesideTheOwnersDatabaseIsRefused() async throws {
        let home = try TemporaryFolder().url
        #expect(chown(home.path, 4_321, 4_321) == 0)
        let path = home.appendingPathComponent("people.sqlite").path
        #expect(try runAsOwner(["demo", "--db", path], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(
            FileManager.default.createFile(atPath: path + "-wal", contents: Data("planted".utf8)))
        #expect(chown(path + "-wal", 4_322, 4_322) == 0)
        let planted = try runAsOwner(["add", "--name", "Kept", "--db", path], home: home)
        #expect(planted.status == 1)
        #expect(
            planted.errors
                == "people: '\(path)-wal' belongs to user 4322, not to you (user 4321); people opens only an address book of your own\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.createSymbolicLink(
            atPath: home.appendingPathComponent("linked.sqlite").path, withDestinationPath: path)
        let linked = try runAsOwner(
            ["list", "--db", home.appendingPathComponent("linked.sqlite").path], home: home)
        #expect(linked.status == 1)
        #expect(linked.errors.contains("is a symbolic link"))
    }
}
