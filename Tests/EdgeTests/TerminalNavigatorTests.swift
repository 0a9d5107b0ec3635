import Features
import PeopleTestSupport
import Terminal
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct TerminalNavigatorTests {
    /// A screen that records what happened to it.
    @MainActor final class LoggingScreen: Screen, LineInputView {
        let name: String
        var log: [String] = []
        var onInput: (String) async -> Void = { _ in }
        /// What the screen is loading, if anything: `settled()` waits for it.
        var loading: Gate?
        init(_ name: String) { self.name = name }
        /// Its own view: the lines typed come straight to it.
        var view: any ScreenView { self }
        func appear() { log.append("appear") }
        func handle(_ input: String) async {
            log.append(input)
            await onInput(input)
        }
        func settled() async {
            try? await loading?.pass()
        }
    }

    @Test func aScriptsNextLineIsReadOnlyOnceTheScreenOnTopHasSettled() async {
        let console = RecordingConsole(input: ["1", "q"])
        let navigator = TerminalNavigator(console: console)
        let root = LoggingScreen("root")
        let gate = Gate()
        root.loading = gate
        let run = Task { await navigator.run(root: root) }
        await gate.arrivals(1)
        #expect(console.unread == ["1", "q"], "not even q is read while the screen loads")
        gate.open()
        await run.value
        #expect(root.log == ["appear", "1", "q"])
    }

    @Test func typedAheadTheKeysThatReadNothingAnswerWhileTheScreenLoads() async {
        let console = RecordingConsole(input: ["?", " Q", "b", "1"], typesAhead: true)
        let navigator = TerminalNavigator(console: console)
        let root = LoggingScreen("root")
        let gate = Gate()
        root.loading = gate
        let run = Task { await navigator.run(root: root) }
        // `1` reads what is loading, so it waits; the three before it do not.
        await gate.arrivals(1)
        #expect(console.unread.isEmpty)
        #expect(root.log == ["appear", "?", " Q", "b"])
        gate.open()
        await run.value
        #expect(root.log == ["appear", "?", " Q", "b", "1"])
    }

    @Test func eachLineGoesToTheTopScreenUntilTheInputEnds() async {
        let console = RecordingConsole(input: ["one", "two"])
        let navigator = TerminalNavigator(console: console)
        let root = LoggingScreen("root")
        await navigator.run(root: root)
        #expect(root.log == ["appear", "one", "two"])
        #expect(navigator.screens.isEmpty)
    }

    @Test func poppingShowsTheScreenBelowAgain() async {
        let console = RecordingConsole(input: ["open", "close", "after"])
        let navigator = TerminalNavigator(console: console)
        let root = LoggingScreen("root")
        let child = LoggingScreen("child")
        root.onInput = { if $0 == "open" { navigator.push(child) } }
        child.onInput = { if $0 == "close" { await navigator.pop() } }
        await navigator.run(root: root)
        #expect(root.log == ["appear", "open", "appear", "after"])
        #expect(child.log == ["appear", "close"])
    }

    @Test func quittingStopsReadingInput() async {
        let console = RecordingConsole(input: ["quit", "never read"])
        let navigator = TerminalNavigator(console: console)
        let root = LoggingScreen("root")
        root.onInput = { _ in await navigator.quit() }
        await navigator.run(root: root)
        #expect(root.log == ["appear", "quit"])
        await #expect(console.readLine(prompt: "") == "never read")
    }
}
