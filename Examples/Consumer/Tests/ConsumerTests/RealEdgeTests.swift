import AppScope
import Features
import Foundation
import Injectors
import Launch
import PeopleTestSupport
import SQLiteStore
import Testing

/// Tests that use the people package's real edges, published as products of
/// their own: its launch parsing, and its SQLite store over a real file.
@MainActor
@Suite struct RealEdgeTests {
    @Test func aBadCommandLineIsRefusedByTheRealLaunch() {
        #expect(throws: UsageError("unknown command 'frobnicate' (try 'people --help')")) {
            try AppInjector.injectAppScope(LaunchEnvironment(arguments: ["frobnicate"]))
        }
        #expect(throws: UsageError("--page-size: '0' is out of range (1 to 500)")) {
            try AppInjector.injectAppScope(LaunchEnvironment(arguments: ["--page-size", "0"]))
        }
    }

    /// A real command line, parsed and wired as the people program does,
    /// run end to end on a console this test reads.
    @Test func aRealCommandLineRunsOnAFakeConsole() async throws {
        let console = RecordingConsole(input: ["2", "b", "q"])
        let app = try AppInjector.injectAppScope(
            LaunchEnvironment(arguments: ["--store", "memory"]), console: console)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(console.output.contains("  Name     Alan Turing\n"))
    }

    @Test func aConfigurationFileIsReadAndRunsTheRealWiring() async throws {
        let invocation = try Invocation(
            arguments: ["list", "--config", "team.json"], environment: [:],
            outputIsTerminal: false,
            readFile: { _ in Data(#"{"store": "memory", "pageSize": 2}"#.utf8) })
        let console = RecordingConsole()
        let scope = AppScope(
            configuration: invocation.configuration, command: invocation.command,
            console: console, readSource: Fixtures.readsNoFiles)
        #expect(await AppInjector.injectApplication(scope).run() == .success)
        #expect(console.output.hasSuffix("page 1 of 2 · 1–2 of 3\n"))
    }

    @Test func aBadConfigurationFileIsRefusedNamingTheFileAndTheKey() {
        #expect(
            throws: UsageError("team.json: 'theme.title' is 'orange', not a colour like #RRGGBB")
        ) {
            try Invocation(
                arguments: ["--config", "team.json"], environment: [:], outputIsTerminal: false,
                readFile: { _ in Data(#"{"theme": {"title": "orange"}}"#.utf8) })
        }
    }

    @Test func twoRealSQLiteStoresOverOneFileSeeEachOthersWrites() async throws {
        let path = try TemporaryFolder().path("team.sqlite")
        let mine = try SQLitePersonStore(path: path, startingWith: Person.samples)
        let theirs: any PersonStore = try SQLitePersonStore(path: path)
        let scope = AppScope(
            command: .add(PersonDraft(name: "Katherine Johnson")), console: RecordingConsole(),
            readSource: Fixtures.readsNoFiles, clock: Fixtures.clock, personStore: mine)
        #expect(await AppInjector.injectApplication(scope).run() == .success)
        let names = try await theirs.page(matching: "", from: .first, limit: 10).map(\.name)
        #expect(names == ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson"])
    }
}
