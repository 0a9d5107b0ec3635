/// The tasks a scope owns: started for its screens, cancelled and awaited
/// when the scope ends.
///
/// A screen that loads from the store starts the load here instead of in a
/// free-standing `Task`. The scope that holds this object — the session for
/// the list and the settings, a person's scope for their detail screen —
/// then answers the two questions a free task leaves open: who owns the
/// work (the scope), and what ends it (the scope ending: the detail closing,
/// the session quitting). ``end()`` cancels every task still running and
/// returns only when each has stopped, so nothing a screen started can write
/// to a screen that is gone, and a session never exits with work in flight.
///
/// Controllers get one through their initializer, like any collaborator;
/// a test makes its own and waits on it with ``finish()``, without a clock.
@MainActor
public final class ScopedWork {
    private var running: [Int: Task<Void, Never>] = [:]
    /// The tasks that last as long as the scope (``follow(_:)``).
    private var followers: [Int: Task<Void, Never>] = [:]
    private var nextNumber = 0

    /// Whether the scope has ended; work started after that never runs.
    public private(set) var hasEnded = false

    /// No work yet; made as its scope begins, from any thread.
    public nonisolated init() {}

    /// Runs `operation` as work of this scope, on the main actor, and gives
    /// back its task so the screen can wait for it or cancel it early.
    ///
    /// Once the scope has ended, `operation` is not run: the task returned
    /// is already finished.
    @discardableResult
    public func start(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        guard !hasEnded else { return Task {} }
        let number = nextNumber
        nextNumber += 1
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.running[number] = nil
        }
        running[number] = task
        return task
    }

    /// Runs `operation` — work that lasts as long as the scope, such as
    /// following the store's changes — as work of this scope: ``end()``
    /// cancels and awaits it, and ``finish()`` does not wait for it, since
    /// it never finishes of itself.
    public func follow(_ operation: @escaping @MainActor () async -> Void) {
        guard !hasEnded else { return }
        let number = nextNumber
        nextNumber += 1
        followers[number] = Task { @MainActor [weak self] in
            await operation()
            self?.followers[number] = nil
        }
    }

    /// Waits, without cancelling anything, until every follower has
    /// finished — which one does when what it follows ends: how a test lets
    /// a signal it sent be handled before it reads the screen.
    public func followersFinished() async {
        while let (number, task) = followers.first {
            await task.value
            followers[number] = nil
        }
    }

    /// How many tasks are still running, followers included: what a test
    /// checks after the end.
    public var runningCount: Int { running.count + followers.count }

    /// Ends the scope's work.
    ///
    /// Cancels every task still running and returns once all of them have
    /// stopped. Work started later never runs.
    public func end() async {
        hasEnded = true
        let tasks = Array(running.values) + Array(followers.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        running.removeAll()
        followers.removeAll()
    }

    /// Waits, without cancelling anything, until every task running now —
    /// and any they start meanwhile — has finished: how a test lets a load
    /// it released arrive before it reads the screen.
    public func finish() async {
        while let task = running.values.first {
            await task.value
            if let number = running.first(where: { $0.value == task })?.key {
                running[number] = nil
            }
        }
    }
}
