import AppScope
import Features
import FullScreen
import FullScreenTestSupport
import Injectors
import Palette
import PeopleTestSupport
import Testing

/// The people package's full-screen front end, run through its real
/// injectors in a window in memory, the way its own tests run it.
@MainActor
@Suite struct FullScreenTests {
    @Test func aFullScreenSessionDrawsIntoAWindowInMemory() async {
        let window = MemoryWindow()
        let views = FullScreenViews(
            terminal: window, writer: FrameWriter(depth: .noColor, theme: Theme.standard),
            book: "team")
        let app = AppScope(
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock, personStore: Fixtures.sampleStore(), frontEnd: { views })
        let session = Task { await AppInjector.injectApplication(app).run() }
        window.press(.down)
        let frame = await window.frame(showing: "Name     Alan Turing")
        #expect(frame[0].hasPrefix("team · People · 1–3 of 3"))
        window.events.post(.endOfInput)
        #expect(await session.value == .success)
        // The session is over: a wait for what it never drew ends at once,
        // with the last frame, instead of holding the test for ever.
        let last = await window.frame(showing: "Nobody By This Name")
        #expect(window.isGivenBack)
        #expect(!last.contains { $0.contains("Nobody By This Name") })
    }
}
