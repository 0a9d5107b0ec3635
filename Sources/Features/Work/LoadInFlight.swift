/// The load a screen has in flight: what a key that reads it waits for, and
/// what leaving the screen cancels.
///
/// Every screen that reads the store keeps one. It starts each load as work
/// of the screen's scope (``ScopedWork``), in place of any load still
/// running; the screen's ``Screen/settled()`` waits for it (``arrival()``),
/// which is what a key that reads the load, or a script's next line,
/// awaits; and the screen's ``Screen/leave()`` cancels it and waits for it
/// to stop (``cancel()``).
@MainActor
public struct LoadInFlight {
    private var task: Task<Void, Never>?

    /// Nothing loading yet.
    public nonisolated init() {}

    /// Starts `load` as work of `work`'s scope, cancelling the load before it.
    public mutating func start(in work: ScopedWork, _ load: @escaping @MainActor () async -> Void) {
        task?.cancel()
        task = work.start(load)
    }

    /// Returns once the load has arrived, failed or been cancelled; at
    /// once when nothing is loading.
    public func arrival() async {
        await task?.value
    }

    /// Cancels the load, and returns once it has stopped.
    public func cancel() async {
        task?.cancel()
        await task?.value
    }
}
