import CSQLite
import Foundation
import PeopleTestSupport
import Testing

/// An upgrade is one transaction: `people` killed at any point of one
/// leaves the book the old release left or the new one, never a mix.
///
/// The kill points are counted, not timed, and need no hook in the
/// program: strace runs `people list` on a copy of a fixture — version 1's,
/// which takes every step, and the last release's, which takes the newest
/// step alone — and sends it SIGKILL, as `kill -9` does, on entering its
/// Nth `pwrite` (`-e inject=pwrite64:signal=KILL:when=N`), the one call
/// SQLite writes pages with, counting only its writes to the book and its
/// log. N = 1, 2, 3, … walks the kill through every page the upgrade
/// writes: the switch to WAL, the log's frames, the commit frame, the
/// checkpoint into the file, until a run is left to finish.
///
/// strace is a Linux tool; CI installs it and sets `PEOPLE_REQUIRE_STRACE`,
/// so that there this suite runs rather than skips.
@Suite(.enabled(if: straceCanRun, "strace is not installed (Linux only)"))
struct InterruptedUpgradeTests {
    /// Where strace is looked for: the system's package puts it here.
    private static let strace = straceBinary

    /// What an interruption may leave: a book as one release or the other
    /// left it.
    private struct Book: Equatable {
        let version: Int
        /// Every object in the file, as `sqlite_master` holds it.
        let objects: [String]
        /// Every row of `person`, as SQLite prints it: every column but
        /// the sort key, which a step may fold anew.
        let persons: [String]
        /// Every row's sort key, as SQLite prints it.
        let sortKeys: [String]
    }

    /// The fixture `name`, in the edge tests' `Fixtures` folder.
    private static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EdgeTests/Fixtures/\(name).sql")
    }

    @Test(arguments: ["sqlite-v1", "sqlite-v6"])
    func anUpgradeKilledAtAnyPointLeavesTheOldBookOrTheNew(_ fixture: String) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.strace),
            "PEOPLE_REQUIRE_STRACE is set, but strace is missing")
        let folder = try TemporaryFolder()
        let original = folder.path("\(fixture).sqlite")
        try Self.execute(
            try String(contentsOf: Self.fixture(fixture), encoding: .utf8), at: original)
        let old = try Self.book(at: original)

        let reference = folder.path("reference.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: reference)
        let finished = try Self.list(reference, killedAtWrite: nil)
        #expect(finished.status == 0 && !finished.wasKilled, "\(finished.errors)")
        let new = try Self.book(at: reference)
        #expect(new.version > old.version)
        #expect(new.persons == old.persons)

        var ended = (old: 0, new: 0)
        var write = 1
        while write < 1_000 {
            let path = folder.path("killed-\(write).sqlite")
            try FileManager.default.copyItem(atPath: original, toPath: path)
            let run = try Self.list(path, killedAtWrite: write)
            guard run.wasKilled else {
                #expect(run.status == 0, "\(run.errors)")
                #expect(try Self.book(at: path) == new)
                break
            }
            let left = try Self.book(at: path)
            #expect(left == old || left == new, "killed at write \(write)")
            if left == old { ended.old += 1 } else if left == new { ended.new += 1 }
            write += 1
        }
        #expect(write < 1_000, "people list finished once it was left to")
        // Kills both before the commit and after it (in the checkpoint),
        // or the walk missed the part that matters.
        #expect(ended.old > 0)
        #expect(ended.new > 0)
    }

    /// How one run of `people list` ended.
    private struct Outcome {
        let status: Int32
        let wasKilled: Bool
        let errors: String
    }

    /// Runs `people list` on the book at `path` under strace, killed as
    /// it enters its `write`th `pwrite` when a number is given.
    private static func list(_ path: String, killedAtWrite write: Int?) throws -> Outcome {
        let people = PeopleProcess.productsFolder.appendingPathComponent("people").path
        let home = try TemporaryFolder()
        let errors = home.url.appendingPathComponent("errors")
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        let kill = write.map { ["-e", "inject=pwrite64:signal=KILL:when=\($0)"] } ?? []
        // Only the writes to the book and its log (`-P`): SQLite also
        // writes a statement's journal to a temporary file, which a kill
        // leaves the book no different for, and which a rebuild of the
        // search's counts writes a thousand times.
        let book = ["", "-wal", "-journal"].flatMap { ["-P", path + $0] }
        process.arguments =
            ["-f", "-qq", "-o", "/dev/null", "-e", "trace=pwrite64"] + book + kill
            + [people, "list", "--db", path]
        process.environment = ["HOME": home.url.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // A run that hangs is ended, and fails the test.
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(ContinuousClock.now < deadline, "people list ended within a minute")
        // strace ends itself by the signal that ended what it traced.
        return Outcome(
            status: process.terminationStatus,
            wasKilled: process.terminationReason == .uncaughtSignal,
            errors: try String(contentsOf: errors, encoding: .utf8))
    }

    /// The book at `path`, read with plain SQL by a connection of its own,
    /// which first mends what a kill left as SQLite does (a hot journal
    /// rolled back, a log without its commit ignored).
    private static func book(at path: String) throws -> Book {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
            let handle
        else { throw OtherProgram.Failure(message: "cannot open \(path)") }
        defer { sqlite3_close(handle) }
        return Book(
            version: Int(try rows("PRAGMA user_version", handle).first ?? "") ?? -1,
            objects: try rows(
                "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY name",
                handle),
            persons: try rows(
                "SELECT quote(id) || ',' || quote(name) || ',' || quote(address) || ',' || quote(email) || ',' || quote(added) FROM person ORDER BY id",
                handle),
            sortKeys: try rows("SELECT quote(sort_name) FROM person ORDER BY id", handle))
    }

    /// The first column of each row `sql` yields, as text.
    private static func rows(_ sql: String, _ handle: OpaquePointer) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
        else { throw OtherProgram.Failure(message: String(cString: sqlite3_errmsg(handle))) }
        defer { sqlite3_finalize(statement) }
        var found: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            found.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return found
    }

    /// Runs the SQL script `sql` on the file at `path`, as the release that
    /// made the book did.
    private static func execute(_ sql: String, at path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
            throw OtherProgram.Failure(message: "cannot open \(path)")
        }
        defer { sqlite3_close(handle) }
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw OtherProgram.Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
    }
}

/// Where strace is looked for: the system's package puts it here.
private let straceBinary = "/usr/bin/strace"

/// Whether this run has strace, or must have it, as CI's does.
private let straceCanRun =
    FileManager.default.isExecutableFile(atPath: straceBinary)
    || ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_STRACE"] != nil
