import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// The list keeps working when its store fails: the error stays on screen,
/// `q`, `?` and `/` do what they always do, Enter tries again, and a session
/// in which the list never loaded ends with a failure.
@MainActor
@Suite(.tags(.parksAsyncWork)) struct ListFailureTests {
    /// A whole session over `store`, wired for real, typing `input`.
    private func session(_ store: any PersonStore, typing input: [String])
        async -> (status: ExitCode, console: RecordingConsole)
    {
        let console = RecordingConsole(input: input)
        let app = AppScope(console: console, readSource: Fixtures.readsNoFiles, personStore: store)
        return (await AppInjector.injectApplication(app).run(), console)
    }

    @Test func aListThatNeverLoadedStillAnswersItsKeysAndEndsWithAFailure() async {
        let store = UnpluggablePersonStore(
            Fixtures.sampleStore(), unpluggedWith: .storage("disk unplugged"))
        // `n` waits for the search to fail, and says there is nothing to
        // page. If `q` were ignored, the `a` after it would open the form.
        let run = await session(store, typing: ["?", "/ada", "n", "q", "a"])
        #expect(run.status == .failure)
        #expect(run.console.output.contains("Could not load the list: disk unplugged"))
        #expect(run.console.output.contains("List keys:\n"))
        #expect(run.console.output.contains("People matching “ada” · not loaded"))
        #expect(!run.console.output.contains("New person"))
        #expect(run.console.errors == "people: Could not load the list: disk unplugged\n")
        #expect(store.refusedCalls == 2, "the first load and the search each asked the store")
    }

    @Test func enterRetriesAndAListThatLoadedLaterEndsWell() async {
        // The first load's first call fails; the disk is back for Enter.
        let store = UnpluggablePersonStore(
            Fixtures.sampleStore(), unpluggedWith: .storage("disk unplugged"), forCalls: 1)
        // Enter waits for the failed load and tries again; `n` waits for
        // that load, which works, and finds no next page.
        let run = await session(store, typing: ["", "n", "q"])
        #expect(run.status == .success)
        #expect(run.console.output.contains("People · not loaded; Enter tries again\n"))
        #expect(run.console.output.contains("Enter retry · q quit · ? help\n"))
        #expect(run.console.output.contains("People · 1–3 of 3\n  1  Ada Lovelace"))
        #expect(run.console.output.contains("This is the last page.\n"))
        #expect(run.console.errors.isEmpty)
        #expect(store.refusedCalls == 1)
    }
}
