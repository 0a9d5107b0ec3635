import Foundation
import PeopleTestSupport
import Testing

/// The built binary against a careless or hostile world: output that goes
/// nowhere, paths that keep nothing, files another program wrote.
@Suite struct HostileWorldTests {
    let home: URL

    init() throws {
        home = try TemporaryFolder().url
    }

    /// Runs `people` with standard output on `output`, standard error captured.
    private func run(_ arguments: [String], output: FileHandle) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = PeopleProcess.productsFolder.appendingPathComponent("people")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("PEOPLE_")
        }
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by a signal")
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func outputThatCannotBeWrittenIsAFailureSaidInOneLine() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (status, errors) = try run(["list", "--store", "memory"], output: full)
        #expect(status == 1)
        #expect(errors == "people: cannot write the output: No space left on device\n")
    }

    @Test func aReaderThatGoesAwayEndsTheRunQuietly() async throws {
        let pipe = Pipe()
        // The reader is gone before the first line is written, as after `head -1`.
        try pipe.fileHandleForReading.close()
        let (status, errors) = try run(
            ["list", "--store", "memory", "--json"], output: pipe.fileHandleForWriting)
        #expect(status == 0)
        #expect(errors.isEmpty)
    }

    @Test(arguments: [
        (["--db", ""], [String: String](), "people: --db: the file name is empty\n"),
        (["--db="], [:], "people: --db: the file name is empty\n"),
        ([], ["PEOPLE_DB": ""], "people: PEOPLE_DB: the file name is empty\n"),
        (
            ["--db", ":memory:"], [:],
            "people: --db: ':memory:' is SQLite's temporary database, which keeps nothing; use --store memory for that\n"
        ),
    ])
    func aWriteThatWouldNotBeKeptNeverReportsSuccess(
        _ arguments: [String], _ environment: [String: String], _ message: String
    ) throws {
        let run = try PeopleProcess.run(
            arguments + ["add", "--name", "X"], environment: environment, home: home)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == message)
    }

    @Test func aConfigFileWithAnEmptyDatabaseIsAUsageError() async throws {
        let config = home.appendingPathComponent("people.json")
        try Data(#"{"database": ""}"#.utf8).write(to: config)
        let run = try PeopleProcess.run(
            ["--config", config.path, "add", "--name", "X"], home: home)
        #expect(run.status == 2)
        #expect(run.errors == "people: \(config.path): 'database': the file name is empty\n")
    }

    /// A FIFO named as a file to read is refused at once, in one line saying
    /// what it is, from `--config`, from `--import` and from a configuration
    /// file's `import`.
    ///
    /// Opening a FIFO to read waits until another program opens it to write,
    /// which no one does here: a run that blocked on it would never end, and
    /// `q` could not leave a session. Each run is killed if it takes more
    /// than 30 seconds, so such a hang fails the test instead of stalling it.
    @Test func aFIFOAsAFileToReadIsRefusedAtOnce() async throws {
        let fifo = home.appendingPathComponent("pipe.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let config = home.appendingPathComponent("people.json")
        try Data(#"{"store": "memory", "import": ["\#(fifo)"]}"#.utf8).write(to: config)
        let refusal = "people: \(fifo): is a pipe (a FIFO), not a file\n"
        let commands = [
            ["list", "--config", fifo], ["list", "--store", "memory", "--import", fifo],
            ["list", "--config", config.path],
        ]
        // All started at once, so runs that hang cost 30 seconds, not 30 each.
        let runs = try commands.map { try PeopleProcess($0, home: home) }
        let session = try PeopleProcess(
            ["--store", "memory", "--import", fifo], input: "\nq\n", home: home)
        for (arguments, run) in zip(commands, runs) {
            let outcome = try run.finish(within: .seconds(30))
            #expect(!outcome.wasKilled, "\(arguments) hung")
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.errors == refusal, "\(arguments)")
        }
        let left = try session.finish(within: .seconds(30))
        #expect(!left.wasKilled, "the session hung")
        #expect(left.output.contains("Could not load the list: \(fifo): is a pipe (a FIFO)"))
    }

    /// A device named as a file to read is refused without reading it:
    /// `/dev/zero` never ends, `/dev/null` is no file of settings, and a
    /// terminal's device would wait for someone to type.
    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceAsAFileToReadIsRefusedNamingWhatItIs(_ device: String) async throws {
        let refusal = "people: \(device): is a character device, not a file\n"
        for arguments in [
            ["list", "--config", device], ["list", "--store", "memory", "--import", device],
        ] {
            let run = try PeopleProcess(arguments, home: home).finish(within: .seconds(30))
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors == refusal, "\(arguments)")
        }
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftByteForByte() async throws {
        let path = home.appendingPathComponent("accounts.sqlite").path
        try OtherProgram.run(path, "CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)")
        try OtherProgram.run(path, "PRAGMA user_version = -1")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["list"], ["add", "--name", "X"], []] {
            let run = try PeopleProcess.run(["--db", path] + arguments, input: "q\n", home: home)
            #expect(run.status == 1)
            #expect(
                run.errors == "people: '\(path)' is not a people database; it was left as it was\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aTamperedTotalNeitherCrashesNorHidesAnyone() async throws {
        let path = home.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", path], home: home).status == 0)
        try OtherProgram.run(path, "UPDATE person_state SET total = 9223372036854775807")
        let list = try PeopleProcess.run(["list", "--db", path], home: home)
        #expect(list.status == 0)
        #expect(list.output.hasSuffix("page 1 of 1 · 1–3 of 3\n"))
        let session = try PeopleProcess.run(["--db", path], input: "n\nq\n", home: home)
        #expect(session.output.hasPrefix("People · 1–3 of 3\n"))
    }

    /// A `HOME` that is empty or relative is bad usage, and nothing is made.
    ///
    /// An empty one would put the default database under `/`, a relative one
    /// under the folder the program was started in. Either is refused in one
    /// line when the default is needed; a relative or empty `XDG_DATA_HOME`
    /// is ignored, so it cannot help.
    @Test(arguments: [
        ("", "people: HOME is empty, so there is no data folder for the database"),
        (
            "relative",
            "people: HOME: 'relative' is not an absolute path, so there is no data folder"
        ),
    ])
    func aHomeThatIsEmptyOrRelativeIsBadUsageAndMakesNoFile(_ badHome: String, _ start: String)
        throws
    {
        let working = try TemporaryFolder().url
        let rootData = "/.local/share/people"
        let rootDataExisted = FileManager.default.fileExists(atPath: rootData)
        for xdg in ["", "relative-data"] {
            for arguments in [["list"], ["add", "--name", "Ada"], []] {
                let run = try PeopleProcess.run(
                    arguments, input: "q\n", environment: ["HOME": badHome, "XDG_DATA_HOME": xdg],
                    workingFolder: working)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.errors.hasPrefix(start), "\(arguments): \(run.errors)")
                #expect(run.errors.count { $0 == "\n" } == 1 && run.errors.hasSuffix("\n"))
                #expect(run.output.isEmpty, "\(arguments)")
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: working.path) == [],
                    "\(arguments) made files in the working folder")
            }
        }
        #expect(FileManager.default.fileExists(atPath: rootData) == rootDataExisted)
        // A run that does not open the database is not stopped by it.
        let memory = try PeopleProcess.run(
            ["list", "--store", "memory"], environment: ["HOME": badHome], workingFolder: working)
        #expect(memory.status == 0)
        let elsewhere = try PeopleProcess.run(
            ["add", "--name", "Ada", "--db", home.appendingPathComponent("p.sqlite").path],
            environment: ["HOME": badHome], workingFolder: working)
        #expect(elsewhere.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: working.path) == [])
    }
}
