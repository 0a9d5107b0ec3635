import Features
import Synchronization

/// A console that plays a script of input lines and records all output.
///
/// Thread safe, so a scope holding it stays `Sendable`; each test makes its
/// own, so tests running in parallel never share one.
public final class RecordingConsole: Console {
    private struct State {
        var input: [String]
        var output = ""
        var errors = ""
    }

    private let state: Mutex<State>

    /// A console whose input is `lines`, one `readLine` each, then end of input.
    public init(input lines: [String] = []) {
        state = Mutex(State(input: lines))
    }

    /// Everything written to standard output so far.
    public var output: String { state.withLock(\.output) }

    /// Everything written to standard error so far.
    public var errors: String { state.withLock(\.errors) }

    public func write(_ text: String) {
        state.withLock { $0.output += text }
    }

    public func writeError(_ text: String) {
        state.withLock { $0.errors += text }
    }

    public func readLine(prompt: String) -> String? {
        state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }
}
