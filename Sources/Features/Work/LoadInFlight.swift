/// The load a screen has in flight: what a key that reads it waits for, and
/// what leaving the screen cancels.
///
/// Every screen that reads the store keeps one. It starts each load as work
/// of the screen's scope (``ScopedWork``), in place of any load still
/// running; a key other than quit, back and help waits for it
/// (``arrival(before:)``); and the screen's ``Screen/leave()`` cancels it and
/// waits for it to stop (``cancel()``).
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

    /// Returns once the load has arrived — at once for the keys a screen
    /// answers while loading (``KeyBinding/answeredWhileLoading``).
    public func arrival(before input: String) async {
        guard !KeyBinding.isAnsweredWhileLoading(input) else { return }
        await task?.value
    }

    /// Cancels the load, and returns once it has stopped.
    public func cancel() async {
        task?.cancel()
        await task?.value
    }
}
