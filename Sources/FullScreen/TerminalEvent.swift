import Features

/// Something the full-screen front end must answer: a key, a new window
/// size, a signal, or a view asking to be drawn again.
public enum TerminalEvent: Hashable, Sendable {
    /// A key the person pressed.
    case key(Key)
    /// The window changed size (SIGWINCH).
    case resize
    /// What a view shows changed, such as a page that arrived.
    case redraw
    /// Standard input ended: the session quits as for `q`, once the key
    /// being handled is done (a script's last save is kept).
    case endOfInput
    /// The process was asked to end (SIGTERM, SIGINT), or its terminal went
    /// away (SIGHUP): a write in flight is stopped, the session quits, and
    /// the terminal is given back, as for `q`; then the signal ends it.
    case terminate
    /// The person asked to suspend the program (^Z, or SIGTSTP).
    case suspend
    /// The program was continued after a stop it did not ask for itself.
    case resume
}

/// The events waiting for the full-screen navigator, in the order they came.
///
/// Filled from any thread — the reader of standard input, a signal's
/// handler, a view on the main actor — and emptied by the navigator a whole
/// batch at a time: keys typed ahead faster than frames are drawn are all
/// handled before the next frame, so a hundred ↓ held down cost a few
/// frames, not a hundred.
public final class EventQueue: Sendable {
    private struct State {
        var events: [TerminalEvent] = []
        var waiting: CheckedContinuation<[TerminalEvent], Never>?
    }
    private let state = Locked(State())

    /// An empty queue.
    public init() {}

    /// Adds `events` at the end, waking the navigator if it waits.
    public func post(_ events: [TerminalEvent]) {
        guard !events.isEmpty else { return }
        let resumed = state.withLock {
            state -> (CheckedContinuation<[TerminalEvent], Never>, [TerminalEvent])? in
            state.events += events
            guard let waiting = state.waiting else { return nil }
            state.waiting = nil
            defer { state.events = [] }
            return (waiting, state.events)
        }
        if let (waiting, batch) = resumed { waiting.resume(returning: batch) }
    }

    /// Adds one event at the end.
    public func post(_ event: TerminalEvent) {
        post([event])
    }

    /// Every event waiting, oldest first; waits for one when there is none.
    public func next() async -> [TerminalEvent] {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [TerminalEvent]? in
                guard state.events.isEmpty else {
                    defer { state.events = [] }
                    return state.events
                }
                state.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Whether any event is waiting: the navigator draws a frame only when
    /// none is, so keys typed ahead are handled before anything is drawn.
    public var isEmpty: Bool {
        state.withLock { $0.events.isEmpty }
    }
}
