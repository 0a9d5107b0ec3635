import Features
import Foundation
import PeopleTestSupport
import SQLiteStore
import Testing

/// The SQLite store as users meet it: across runs, across processes, and
/// when things go wrong.
@Suite struct DatabaseTests {
    let home: URL

    init() throws {
        home = try TemporaryFolder().url
    }

    private var defaultDatabase: String {
        home.appendingPathComponent(".local/share/people/people.sqlite").path
    }

    @Test func aPersonAddedInOneRunIsThereInTheNext() async throws {
        #expect(try PeopleProcess.run(["demo"], home: home).status == 0)
        let first = try PeopleProcess.run([], input: "a\nBarbara Liskov\n>\nq\n", home: home)
        #expect(first.status == 0)
        #if !os(macOS)
            #expect(FileManager.default.fileExists(atPath: defaultDatabase))
        #endif
        let second = try PeopleProcess.run([], input: "\nq\n", home: home)
        #expect(second.output.hasPrefix("People · 1–4 of 4\n"))
        #expect(second.output.contains("Barbara Liskov"))
    }

    @Test func checkSaysWhetherTheSearchIndexAgreesAndRepairRebuildsIt() async throws {
        let path = home.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["seed", "200", "--db", path], home: home).status == 0)
        let healthy = try PeopleProcess.run(["check", "--db", path], home: home)
        #expect(healthy.status == 0)
        #expect(healthy.output == "'\(path)': everything agrees with the persons\n")
        // A program that poses as people's own triggers while it writes the
        // counts: no check on open can tell, only reading everything can.
        try OtherProgram.run(path, "UPDATE person_state SET writing = 1")
        try OtherProgram.run(path, "UPDATE person_gram SET n = n + 5 WHERE gram = 'a'")
        try OtherProgram.run(path, "UPDATE person_state SET writing = 0")
        let sick = try PeopleProcess.run(["check", "--db", path], home: home)
        #expect(sick.status == 1)
        #expect(sick.output == "'\(path)': 1 search counts disagree with the names\n")
        let repaired = try PeopleProcess.run(["check", "--repair", "--db", path], home: home)
        #expect(repaired.status == 0)
        #expect(
            repaired.output.hasSuffix(
                "': repaired; what disagreed was built again, and everything agrees now\n"))
        #expect(try PeopleProcess.run(["check", "--db", path], home: home).status == 0)
        #expect(
            try PeopleProcess.run(["--help"], home: home).output.contains("people check [--repair]")
        )
    }

    @Test func theMemoryStoreForgets() async throws {
        #expect(
            try PeopleProcess.run(
                ["add", "--store", "memory", "--name", "Gone Tomorrow"], home: home
            ).status == 0)
        let list = try PeopleProcess.run(["list", "--store", "memory"], home: home)
        #expect(!list.output.contains("Gone Tomorrow"))
        #expect(list.output.hasSuffix("1–3 of 3\n"))
    }

    @Test func dbAndPeopleDBChooseTheFile() async throws {
        let flag = home.appendingPathComponent("by-flag.sqlite").path
        let variable = home.appendingPathComponent("by-variable.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", flag], home: home).status == 0)
        #expect(try PeopleProcess.run(["demo", "--db", variable], home: home).status == 0)
        #expect(
            try PeopleProcess.run(["add", "--name", "Flagged", "--db", flag], home: home).output
                == "4\n")
        #expect(
            try PeopleProcess.run(
                ["add", "--name", "Varied"], environment: ["PEOPLE_DB": variable], home: home
            ).output == "4\n")
        #expect(
            try PeopleProcess.run(
                ["show", "4", "--db", flag], environment: ["PEOPLE_DB": variable], home: home
            ).output.contains("Flagged"))
        #expect(
            try PeopleProcess.run(["show", "4"], environment: ["PEOPLE_DB": variable], home: home)
                .output.contains("Varied"))
    }

    @Test func aTextFileGivenAsTheDatabaseIsNamedAndLeftUntouched() async throws {
        let path = home.appendingPathComponent("notes.txt").path
        let text = Data("Remember: buy milk.\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        for arguments in [["list", "--db", path], ["--db", path]] {
            let run = try PeopleProcess.run(arguments, input: "q\n", home: home)
            #expect(run.status == 1)
            #expect(
                run.errors
                    == "people: '\(path)' is not a people database (not an SQLite file); it was left as it was\n"
            )
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test func twoProcessesAddingFiveHundredEachLoseNothing() async throws {
        let database = home.appendingPathComponent("shared.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
        let binary = PeopleProcess.productsFolder.appendingPathComponent("people").path
        let writers = try ["A", "B"].map { name in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c",
                """
                i=0
                while [ $i -lt 500 ]; do
                  "$0" add --name "Writer \(name) $i" --db "$1" > /dev/null || exit 1
                  i=$((i + 1))
                done
                """,
                binary, database,
            ]
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let store = try SQLitePersonStore(path: database)
        #expect(try await store.count(matching: "writer a") == 500)
        #expect(try await store.count(matching: "writer b") == 500)
        #expect(try await store.count(matching: "") == 1_003)
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test func checkOnAPathWithNoBookNamesItAndMakesNothing() throws {
        let path = home.appendingPathComponent("typo/people.sqlite").path
        let run = try PeopleProcess.run(["check", "--db", path], home: home)
        #expect(run.status == 1)
        #expect(run.errors == "people: there is no database at '\(path)'; nothing was made there\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("typo").path))
    }

    /// An import's dry run only looks, as `check` does: with no book yet it
    /// says so and makes neither the book nor the data folder, as the
    /// command-line reference and "Where your data lives" say.
    @Test func anImportsDryRunWithNoBookNamesItAndMakesNothing() throws {
        let contacts = home.appendingPathComponent("contacts.csv")
        try Data("name,email\nAda,ada@example.org\n".utf8).write(to: contacts)
        let run = try PeopleProcess.run(["import", contacts.path, "--dry-run"], home: home)
        #expect(run.status == 1)
        #expect(
            run.errors
                == "people: there is no database at '\(defaultDatabase)'; nothing was made there\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".local").path))
    }

    /// A disk that fills up says so.
    ///
    /// SQLite hears of it as a full database, or as an I/O error with the
    /// system's "no space". Needs a small file system of its own, which root
    /// mounts; where it may not, there is nothing to run.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.fileExists(atPath: "/bin/mount")))
    func aFullDiskIsNamedAsFull() throws {
        let disk = home.appendingPathComponent("small")
        try FileManager.default.createDirectory(
            at: disk, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        guard shell("mount -t tmpfs -o size=600k,mode=0700 tmpfs '\(disk.path)'") == 0 else {
            // A container that may not mount: nothing to learn here.
            return
        }
        defer { _ = shell("umount '\(disk.path)'") }
        let path = disk.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", path], home: home).status == 0)
        _ = shell("dd if=/dev/zero of='\(disk.path)/filler' bs=1k count=2000 2>/dev/null")
        for arguments in [["add", "--name", "Ann"], ["seed", "50"], ["list"]] {
            let run = try PeopleProcess.run(arguments + ["--db", path], home: home)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errors == "people: the disk holding '\(path)' is full\n", "\(arguments)")
        }
    }

    private func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func killingASeedHalfwayLeavesASoundFileWithNoneOfIt() async throws {
        let database = home.appendingPathComponent("seeded.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
        let seeding = try PeopleProcess(["seed", "200000", "--db", database], home: home)
        let journal = database + "-wal"
        let deadline = ContinuousClock.now + .seconds(30)
        // Wait until the transaction has written a good deal, then pull the plug.
        while ContinuousClock.now < deadline,
            ((try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int) ?? 0)
                < 2_000_000
        {
            usleep(5_000)
        }
        seeding.kill()
        let outcome = try seeding.finish()
        #expect(outcome.wasKilled, "the seed finished before it could be killed; nothing was shown")
        let store = try SQLitePersonStore(path: database)
        #expect(try await store.check(repairing: false).problems == [])
        #expect(try await store.count(matching: "") == 3)
        let list = try PeopleProcess.run(["list", "--json", "--db", database], home: home)
        #expect(list.status == 0)
        #expect(list.output.contains("\"total\" : 3"))
    }

    @Test func aWholeSeedArrivesAtOnce() async throws {
        let database = home.appendingPathComponent("seeded.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
        let seed = try PeopleProcess.run(["seed", "2500", "--db", database], home: home)
        #expect(seed.output == "added 2500 demo persons\n")
        let list = try PeopleProcess.run(
            ["list", "--db", database, "--page-size", "2"], home: home)
        #expect(list.output.hasSuffix("page 1 of 1252 · 1–2 of 2503\n"))
    }
}
