import Features
import PeopleTestSupport
import Terminal
import Testing

@MainActor
@Suite struct TerminalNavigatorTests {
    /// A screen that records what happened to it.
    @MainActor final class LoggingScreen: Screen {
        let name: String
        var log: [String] = []
        var onInput: (String) async -> Void = { _ in }
        init(_ name: String) { self.name = name }
        func appear() { log.append("appear") }
        func handle(_ input: String) async {
            log.append(input)
            await onInput(input)
        }
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
