import Features

/// A console that answers with a fixed script and writes nowhere.
///
/// `people graph` drives a real session with one, to record what the
/// injectors build while a person opens, edits and leaves screens, without
/// drawing any of them.
public final class ScriptedConsole: Console {
    private let input: Locked<[String]>

    /// A console whose input is `lines`, then the end of input.
    public init(input lines: [String]) {
        input = Locked(lines)
    }

    public var outputProblem: OutputProblem? { nil }

    /// A script: each line is read once the screen on top has settled, so
    /// the tour meets every screen loaded, the same way each time.
    public var typesAhead: Bool { false }

    /// A script, which no one watches.
    public var showsProgress: Bool { false }

    public func writeLine(_ text: String, as role: TextRole) {}

    public func writeErrorLine(_ text: String) {}

    public func readLine(prompt: String) async -> String? {
        input.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
