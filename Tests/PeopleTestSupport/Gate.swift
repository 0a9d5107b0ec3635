import Features

/// A gate async code waits at until the test opens it: the clock-free way
/// to hold work in flight while a test looks at it.
///
/// ``pass()`` suspends until ``open()`` is called, or throws
/// `CancellationError` at once when the waiting task is cancelled.
/// ``arrivals(_:)`` waits until so many callers have reached the gate, which
/// is how a test knows, without sleeping, that work has started — that two
/// downloads are in flight at the same time, say.
///
/// Here a test holds a scope's work at a gate, then lets it finish:
///
/// ```swift
///         await gate.arrivals(1)
///         let finished = Task { await work.finish() }
///         gate.open()
///         await finished.value
/// ```
public final class Gate: Sendable {
    private struct Waiter {
        let number: Int
        let resume: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var isOpen = false
        var arrived = 0
        var nextNumber = 0
        var waiting: [Waiter] = []
        var cancelled: Set<Int> = []
        var watchers: [(count: Int, resume: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// A shut gate.
    public init() {}

    /// How many callers have reached the gate so far, passed or not.
    public var arrived: Int { state.withLock { $0.arrived } }

    /// Waits until the gate is open; throws `CancellationError` as soon as
    /// the caller's task is cancelled.
    public func pass() async throws {
        // Arrive first, and tell whoever waits for arrivals, before parking.
        let (number, reached) = state.withLock { state in
            defer { state.nextNumber += 1 }
            state.arrived += 1
            let reached = state.watchers.filter { $0.count <= state.arrived }
            state.watchers.removeAll { $0.count <= state.arrived }
            return (state.nextNumber, reached.map(\.resume))
        }
        for watcher in reached { watcher.resume() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (resume: CheckedContinuation<Void, any Error>) in
                let (runs, refused) = state.withLock { state -> (Bool, Bool) in
                    if state.cancelled.contains(number) { return (false, true) }
                    if state.isOpen { return (true, false) }
                    state.waiting.append(Waiter(number: number, resume: resume))
                    return (false, false)
                }
                if refused { resume.resume(throwing: CancellationError()) }
                if runs { resume.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                state.cancelled.insert(number)
                guard let index = state.waiting.firstIndex(where: { $0.number == number }) else {
                    return nil
                }
                return state.waiting.remove(at: index)
            }
            waiter?.resume.resume(throwing: CancellationError())
        }
    }

    /// Waits until at least `count` callers have reached the gate.
    public func arrivals(_ count: Int) async {
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.arrived >= count { return true }
                state.watchers.append((count, resume))
                return false
            }
            if reached { resume.resume() }
        }
    }

    /// Opens the gate: every caller waiting goes on, and later ones pass
    /// straight through.
    public func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for waiter in waiting { waiter.resume.resume() }
    }
}
