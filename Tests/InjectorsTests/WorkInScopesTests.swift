import AppScope
import Features
import Foundation
import Injectors
import PeopleTestSupport
import Testing

/// Work that belongs to a scope, through the real wiring.
///
/// Loads answer to the keys typed meanwhile, and a scope that ends cancels
/// what it started. The store is a gate the test opens by hand, so nothing
/// here waits on a clock.
///
/// The keys are typed ahead, as a person at a terminal types them, unless a
/// test says it is a script.
@MainActor
@Suite(.timeLimit(.minutes(1)), .tags(.parksAsyncWork)) struct WorkInScopesTests {
    private func app(
        typing input: [String], store: any PersonStore, debug: Bool = false,
        typesAhead: Bool = true
    ) -> AppScope {
        AppScope(
            configuration: Configuration(storeKind: .memory, debug: debug),
            console: RecordingConsole(input: input, typesAhead: typesAhead),
            readSource: Fixtures.readsNoFiles, clock: Fixtures.clock, personStore: store)
    }

    @Test(arguments: ["q", " Q", "Q "])
    func quitWhileTheListLoadsEndsTheSessionWithoutWaitingForTheStore(_ quit: String) async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let app = app(typing: [quit], store: gated)
        // The gate is never opened: if quitting waited for the load, this
        // would never return.
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(gated.cancelledCalls == 1, "the list's load was cancelled")
        let output = try #require(app.recordingConsole?.output)
        #expect(output == "People · loading…\n", "nothing is drawn after the quit")
    }

    @Test func oneThenQuitOpensThePersonOnceTheListIsThereAndCancelsTheirRead() async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let app = app(typing: ["1", "q"], store: gated)
        let session = Task { await AppInjector.injectApplication(app).run() }
        // `1` waits for the list: its page, in one call.
        #expect(await gated.nextParkedCall() == "listPage")
        gated.release()
        // Then the detail opens and rereads Ada; `q` does not wait for that.
        #expect(await gated.nextParkedCall() == "person")
        #expect(await session.value == .success)
        #expect(gated.cancelledCalls == 1, "the detail's read was cancelled")
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("People · 1–3 of 3\n"))
        #expect(output.hasSuffix("Ada Lovelace · loading…\n"))
        #expect(!output.contains("  Name     Ada Lovelace"))
    }

    @Test func aScriptsNextLineIsReadOnlyOnceTheScreenOnTopHasLoaded() async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let app = app(typing: ["1", "b", "q"], store: gated, typesAhead: false)
        let console = try #require(app.recordingConsole)
        let session = Task { await AppInjector.injectApplication(app).run() }
        // Not even `1` is read while the list loads.
        var call = await gated.nextParkedCall()
        #expect(console.unread == ["1", "b", "q"])
        while call != "person" {
            gated.release()
            call = await gated.nextParkedCall()
        }
        // `1` opened Ada, who is read again; `b` waits for her.
        #expect(console.unread == ["b", "q"])
        gated.open()
        #expect(await session.value == .success)
        #expect(gated.cancelledCalls == 0, "no load was left behind")
        let output = try #require(app.recordingConsole?.output)
        let drawn = try #require(output.range(of: "  Name     Ada Lovelace\n"))
        #expect(output[drawn.upperBound...].contains("People · 1–3 of 3\n"), "then the list again")
    }

    @Test func backWhileTheSettingsLoadCancelsThemAndTheyAreNeverDrawn() async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let app = app(typing: ["s", "b", "q"], store: gated, debug: true)
        let session = Task { await AppInjector.injectApplication(app).run() }
        #expect(await gated.nextParkedCall() == "listPage")
        gated.release()
        // The debug settings count the persons; `b` leaves before they can.
        #expect(await gated.nextParkedCall() == "count")
        #expect(await session.value == .success)
        #expect(gated.cancelledCalls == 2, "the settings' read, then the list's reload")
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Settings · loading…\n"))
        #expect(!output.contains("Store statistics"))
    }

    @Test func importSourcesAreReadAtTheSameTimeAndListedTogether() async throws {
        let gate = Gate()
        let files = [
            "friends.csv": "name\nZed Zulu\n",
            "https://example.org/team.json": #"[{"name": "Yara Young"}]"#,
        ]
        let app = AppScope(
            configuration: Configuration(
                storeKind: .memory, imports: ["friends.csv", "https://example.org/team.json"]),
            command: .list(page: 1, search: "", json: false),
            console: RecordingConsole(),
            readSource: { source in
                try await gate.pass()
                return Data((files[source] ?? "").utf8)
            },
            clock: Fixtures.clock, personStore: Fixtures.sampleStore())
        let command = Task { await AppInjector.injectApplication(app).run() }
        // Both reads are in flight before either is let through: were they
        // one after the other, the second would never arrive.
        await gate.arrivals(2)
        gate.open()
        #expect(await command.value == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Yara Young"))
        #expect(output.contains("Zed Zulu"))
        #expect(output.hasSuffix("page 1 of 1 · 1–5 of 5\n"))
    }

    @Test func theImportsAreFetchedOnceHoweverManyCallsAskWhileTheyArrive() async throws {
        let gate = Gate()
        let reads = Locked(0)
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, imports: ["friends.csv"]),
            console: RecordingConsole(),
            readSource: { _ in
                reads.withLock { $0 += 1 }
                try await gate.pass()
                return Data("name\nZed Zulu\n".utf8)
            },
            clock: Fixtures.clock, personStore: Fixtures.sampleStore())
        let store = try StoreInjector.injectPersonStore(app)
        let callers = (0..<10).map { _ in Task { try await store.count(matching: "") } }
        await gate.arrivals(1)
        gate.open()
        for caller in callers { #expect(try await caller.value == 4) }
        #expect(reads.withLock { $0 } == 1)
    }

    @Test func aFailedImportIsNotKeptAndTheNextCallReadsAgain() async throws {
        let reads = Locked(0)
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, imports: ["friends.csv"]),
            console: RecordingConsole(),
            readSource: { source in
                let attempt = reads.withLock { count in
                    count += 1
                    return count
                }
                if attempt == 1 { throw UsageError("\(source): not there yet") }
                return Data("name\nZed Zulu\n".utf8)
            },
            clock: Fixtures.clock, personStore: Fixtures.sampleStore())
        let store = try StoreInjector.injectPersonStore(app)
        await #expect(throws: UsageError("friends.csv: not there yet")) {
            try await store.count(matching: "")
        }
        #expect(try await store.count(matching: "") == 4)
    }
}
