import FullScreen

/// A window in memory for the full-screen front end: keys are posted by
/// the test, and each frame the navigator draws is kept as its rows' text.
///
/// What ratatui's test backend is to its apps: the real views and
/// navigator draw into it, and a test reads the frame the way a person
/// reads the screen, with no terminal and no process. Hand it to
/// `FullScreenViews(terminal:writer:book:)` and run a session; wait for a
/// frame with ``frame(showing:)``. A wait never outlives the session: once
/// the terminal is given back, it ends with the last frame, so a test
/// waiting for text that never came fails on that frame instead of
/// waiting for ever. Nor does it outlive its task: cancelled (a test's time
/// limit, while the session hangs), it ends with the last frame too, so
/// one stuck session fails its test instead of holding the whole run.
///
/// ```swift
///         window.press(.down)
///         let frame = await window.frame(showing: "Name     Alan Turing")
/// ```
@MainActor
public final class MemoryWindow: FullScreenTerminal {
    /// Where the keys the test presses arrive.
    public let events = EventQueue()
    /// The window's size: set it before the session begins, or between
    /// frames and post `.resized` to the events, as a terminal does.
    public var size = TerminalSize(rows: 24, columns: 100)
    /// Every frame drawn so far, each as its rows' text.
    public private(set) var frames: [[String]] = []
    /// Whether the session gave the terminal back (it ended).
    public private(set) var isGivenBack = false
    private var waiting:
        [(number: Int, condition: ([String]) -> Bool, then: CheckedContinuation<[String], Never>)] =
            []
    /// The number the next wait is known by, so a cancelled one is found.
    private var nextWaiter = 0
    /// Whether the test said a stopped write's time is up
    /// (``passStopLimit()``).
    public private(set) var isStopLimitPassed = false
    private var waitingOutStopLimit: [(number: Int, then: CheckedContinuation<Void, Never>)] = []

    /// A window of 24 rows and 100 columns, nothing drawn yet.
    public init() {}

    public func begin() {}

    /// The terminal given back: the session is over, so a test still
    /// waiting for a frame gets the last one and fails on what it expects of
    /// it, instead of waiting for ever.
    public func end() {
        isGivenBack = true
        for waiter in waiting { waiter.then.resume(returning: frames.last ?? []) }
        waiting = []
    }

    public func suspend() {}

    public func draw(_ frame: CellGrid, as bytes: [UInt8]) {
        frames.append(frame.lines)
        let (met, unmet) = (
            waiting.filter { $0.condition(frame.lines) },
            waiting.filter { !$0.condition(frame.lines) }
        )
        waiting = unmet
        for waiter in met { waiter.then.resume(returning: frame.lines) }
    }

    /// Waits until the test calls ``passStopLimit()``, or the waiting task
    /// is cancelled: a real terminal's five seconds, with no clock.
    public func waitOutStopLimit() async {
        if isStopLimitPassed { return }
        let number = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { then in
                if Task.isCancelled { return then.resume() }
                waitingOutStopLimit.append((number, then))
            }
        } onCancel: {
            Task { @MainActor in self.stopWaitingOutStopLimit(number) }
        }
    }

    /// Says a write a signal stopped has had its time: the session gives
    /// the terminal back without it, now or when it first waits.
    public func passStopLimit() {
        isStopLimitPassed = true
        for waiter in waitingOutStopLimit { waiter.then.resume() }
        waitingOutStopLimit = []
    }

    private func stopWaitingOutStopLimit(_ number: Int) {
        guard let index = waitingOutStopLimit.firstIndex(where: { $0.number == number }) else {
            return
        }
        waitingOutStopLimit.remove(at: index).then.resume()
    }

    /// Presses `keys`, in one batch, as keys typed ahead arrive.
    public func press(_ keys: [Key]) {
        events.post(keys.map(TerminalEvent.key))
    }

    /// Presses one key.
    public func press(_ key: Key) {
        press([key])
    }

    /// The first frame, from the last drawn on, in which some row contains `text`.
    @discardableResult
    public func frame(showing text: String) async -> [String] {
        await frame(where: { $0.contains { $0.contains(text) } })
    }

    /// The first frame, from the last drawn on, that `condition` accepts;
    /// the last frame, whatever it shows, once the session has ended or the
    /// waiting task is cancelled.
    @discardableResult
    public func frame(where condition: @escaping ([String]) -> Bool) async -> [String] {
        if let last = frames.last, condition(last) || isGivenBack { return last }
        let number = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { then in
                if Task.isCancelled { return then.resume(returning: frames.last ?? []) }
                waiting.append((number, condition, then))
            }
        } onCancel: {
            Task { @MainActor in self.stopWaiting(number) }
        }
    }

    /// Ends wait `number`, cancelled, with the last frame, if it still waits.
    private func stopWaiting(_ number: Int) {
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return }
        waiting.remove(at: index).then.resume(returning: frames.last ?? [])
    }
}
