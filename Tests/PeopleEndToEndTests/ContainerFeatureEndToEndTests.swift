import Foundation
import PeopleTestSupport
import Testing

/// `--config`, `--debug` and `--trace` with the built binary.
@Suite struct ContainerFeatureEndToEndTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func config(_ json: String) throws -> String {
        let path = folder.path("people.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aConfigFileSetsTheStoreAndPageSize() async throws {
        let path = try config(#"{"store": "memory", "pageSize": 2}"#)
        let run = try PeopleProcess.run(["list", "--config", path])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("page 1 of 2 · 1–2 of 3\n"))
        let flagWins = try PeopleProcess.run(["list", "--config", path, "--page-size", "3"])
        #expect(flagWins.output.hasSuffix("page 1 of 1 · 1–3 of 3\n"))
    }

    @Test func aBadConfigFileIsOneLineAndExitTwo() async throws {
        let path = try config(#"{"theme": {"title": "orange"}}"#)
        let run = try PeopleProcess.run(["list", "--config", path])
        #expect(run.status == 2)
        #expect(
            run.errors == "people: \(path): 'theme.title' is 'orange', not a colour like #RRGGBB\n")
        let missing = try PeopleProcess.run(["--config", folder.path("nope.json")])
        #expect(missing.errors == "people: \(folder.path("nope.json")): no such file\n")
    }

    /// `HUGE` stands for a number of 100,000 digits.
    @Test(arguments: ["1e400", "010", "-0", "0x10", "HUGE"])
    func anOddNumberInTheConfigFileIsOneShortLineNamingTheKey(_ number: String) async throws {
        let written = number == "HUGE" ? String(repeating: "7", count: 100_000) : number
        let path = try config(#"{"pageSize": \#(written)}"#)
        let run = try PeopleProcess.run(["list", "--config", path])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("people: \(path): 'pageSize': '"), "\(run.errors.prefix(200))")
        #expect(run.errors.utf8.count < 300 && run.errors.count { $0 == "\n" } == 1)
        #expect(run.output.isEmpty)
    }

    @Test func aConfigFileOverAMebibyteIsRefusedInOneLine() async throws {
        let path = try config(#"{"store": "memory"}"# + String(repeating: " ", count: 1 << 20))
        let run = try PeopleProcess.run(["list", "--config", path])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "people: \(path): is larger than 1 MiB, the most people reads from such a file\n"
        )
    }

    @Test func aGibibyteImportIsRefusedQuicklyWithoutReadingIt() async throws {
        let path = folder.path("huge.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("name\n".utf8)))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.truncate(atOffset: 1 << 30)
        try file.close()
        let run = try PeopleProcess.run(["list", "--store", "memory", "--import", path])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "people: \(path): is larger than 64 MiB, the most people reads from such a file\n"
        )
        // The largest any child of this test process has grown, this one
        // included: reading the gibibyte would have taken a gibibyte.
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            let kibibytes = usage.ru_maxrss
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
            let kibibytes = usage.ru_maxrss / 1_024
        #endif
        #expect(kibibytes < 512 * 1_024, "a child grew to \(kibibytes) KiB")
    }

    @Test func debugShowsTheObjectGraphOnTheSettingsScreen() async throws {
        let run = try PeopleProcess.run(["--store", "memory", "--debug"], input: "s\n\nb\nq\n")
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "Store statistics\n  Persons     3\n  Store type  MemoryPersonStore\n"))
        #expect(run.output.contains("Object graph (as built so far)\n"))
        let plain = try PeopleProcess.run(["--store", "memory"], input: "s\n\nq\n")
        #expect(plain.output.contains("Settings\n  Store      memory\n"))
        #expect(!plain.output.contains("Object graph"))
    }

    @Test func traceLogsTheWiringAndEveryStoreCallToStandardError() async throws {
        let run = try PeopleProcess.run(["--store", "memory", "--trace"], input: "1\nq\n")
        #expect(run.status == 0)
        #expect(
            run.errors.hasPrefix(
                """
                wiring: SessionScope · begins · session
                wiring: InteractiveSession · made · session
                wiring:   Navigator · kept · session
                wiring:     TerminalNavigator · made · session
                wiring:       ViewFactory · kept · session
                wiring:         TerminalViews · made · session
                wiring:   ScreenProvider · provider · session
                wiring:   ScopedWork · reused · session
                wiring: ScreenProvider · called · session
                wiring:   PersonListController · made · session
                wiring:     PersonStore · kept · app
                wiring:       TracingPersonStore · made · app
                wiring:         PersonStore (base) · kept · app
                wiring:           MemoryPersonStore · made · app
                wiring:     TerminalPersonListView · made · session
                wiring:       ViewFactory · reused · session

                """))
        #expect(run.errors.contains("wiring:   OpenedPerson · kept · person #1\n"))
        #expect(run.errors.contains("trace: store.person(withID: 1) → #1 \"Ada Lovelace\" in "))
        #expect(!run.output.contains("trace:"), "standard output stays clean")
    }
}

/// `--import` with the built binary.
@Suite struct ImportEndToEndTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func importedPersonsAreListedWithTheStoredOnesAndOpenReadOnly() async throws {
        let csv = try file("friends.csv", "name,address\nAaron Aardvark,Zoo Lane\nZed Zulu,\n")
        let run = try PeopleProcess.run(
            ["--store", "memory", "--import", csv, "--page-size", "3"],
            // Rows are cut to the width: wide enough for the temporary path.
            input: "1\ne\nd\nb\nn\n\nq\n", environment: ["COLUMNS": "300"])
        #expect(run.status == 0)
        #expect(
            run.output.hasPrefix(
                "People · 1–3 of 5\n  1  Aaron Aardvark  Zoo Lane · from \(csv)\n"
            )
        )
        #expect(run.output.contains("  Source   \(csv) (read-only)\n"))
        #expect(
            run.output.contains(
                "Aaron Aardvark comes from \(csv) and is read-only; change that file instead.\n"))
        #expect(run.output.contains("People · 4–5 of 5\n  1  Grace Hopper"))
    }

    @Test func aMalformedImportNamesTheLineAndExitsTwo() async throws {
        let csv = try file("bad.csv", "name,email\nAda,ada@example.org\nAlan,alan@\n")
        // Enter waits for the list, which fails to load, and tries again.
        let run = try PeopleProcess.run(["--store", "memory", "--import", csv], input: "\nq\n")
        #expect(run.status == 1, "a session whose list never loaded ends with a failure")
        #expect(
            run.errors
                == "people: Could not load the list: \(csv):3: email 'alan@' is not a valid address (expected name@example.org)\n"
        )
        let list = try PeopleProcess.run(["list", "--store", "memory", "--import", csv])
        #expect(list.status == 2)
    }

    @Test func jsonImportsWorkForOneShotCommandsToo() async throws {
        let json = try file(
            "more.json", #"[{"name": "Barbara Liskov", "email": "barbara@example.org"}]"#)
        let show = try PeopleProcess.run(["show", "-1", "--store", "memory", "--import", json])
        #expect(show.output.contains("Name     Barbara Liskov\n"))
        let delete = try PeopleProcess.run(["delete", "-1", "--store", "memory", "--import", json])
        #expect(delete.status == 1)
        #expect(
            delete.errors
                == "people: Barbara Liskov comes from \(json) and is read-only; change that file instead\n"
        )
    }
}
