import Synchronization

/// The tree of objects the injectors build, as they build it.
///
/// Every `inject…` method reports what it builds through ``build(_:_:)``.
/// The objects each one needs are built inside that call, so they print
/// indented beneath it, and the log reads as the composition root at work:
///
/// ```
/// wiring: PersonListController
/// wiring:   PersonStore
/// wiring:     SQLitePersonStore
/// wiring:   TerminalPersonListView
/// ```
///
/// With `--trace` it prints to standard error; with `--debug` it keeps the
/// most recent lines for the settings screen. When neither is on, `build`
/// is one branch and a call — the benchmark in `Benchmarks/WiringBenchmark`
/// shows that costs nothing measurable.
///
/// One per app: held by the app scope, shared by every injector.
public final class WiringTrace: Sendable {
    private struct State {
        var depth = 0
        var lines: [String] = []
    }

    private let printer: (@Sendable (String) -> Void)?
    private let keepsLines: Bool
    private let state = Mutex(State())
    /// Whether anything is printed or kept; stored, so the check inlined into
    /// every injector is one load and one branch.
    @usableFromInline let isEnabled: Bool

    /// The most lines kept for the settings screen; older ones are dropped.
    public static let keptLines = 400

    /// A trace that prints each line with `printer` (if any) and keeps the
    /// lines when `keepsLines` is true.
    public init(printer: (@Sendable (String) -> Void)?, keepsLines: Bool) {
        self.printer = printer
        self.keepsLines = keepsLines
        self.isEnabled = printer != nil || keepsLines
    }

    /// A trace that does nothing.
    public static let off = WiringTrace(printer: nil, keepsLines: false)

    /// Whether anything is printed or kept.
    public var isOn: Bool { isEnabled }

    /// Notes that `name` is being built, then builds it with `make`; what
    /// `make` builds in turn is noted one level deeper.
    ///
    /// Inlinable, so that when the trace is off an injector compiles to
    /// little more than the `make` it wraps.
    @inlinable
    public func build<Built>(_ name: @autoclosure () -> String, _ make: () throws -> Built) rethrows
        -> Built
    {
        guard isEnabled else { return try make() }
        return try record(name(), make)
    }

    @usableFromInline
    func record<Built>(_ name: String, _ make: () throws -> Built) rethrows -> Built {
        let line = state.withLock { state in
            let line = String(repeating: "  ", count: state.depth) + name
            state.depth += 1
            if keepsLines {
                state.lines.append(line)
                if state.lines.count > Self.keptLines { state.lines.removeFirst() }
            }
            return line
        }
        printer?("wiring: " + line)
        defer { state.withLock { $0.depth -= 1 } }
        return try make()
    }

    /// The lines kept so far, oldest first.
    public var lines: [String] {
        state.withLock(\.lines)
    }
}
