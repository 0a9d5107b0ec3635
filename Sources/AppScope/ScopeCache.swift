import Synchronization

/// One lazily made value with the lifetime of the scope that holds it.
///
/// This is how a scope keeps a singleton without a global: the scope owns a
/// cache per singleton, and the injector method for that singleton asks the
/// cache for it, through the scope, passing the code that makes it:
///
/// ```swift
/// public static func injectNavigator(_ session: SessionScope) -> any Navigator {
///     session.keep(session.navigatorCache) {
///         session.make(TerminalNavigator(console: session.app.console))
///     }
/// }
/// ```
///
/// Two promises make it safe to share:
/// - the value is made at most once, even when many threads ask at the same
///   time: the first caller makes it while the others wait for it;
/// - a failure is never kept: if making the value throws, the error goes to
///   that caller and the next caller tries again.
///
/// The same two promises hold for a value made by an `async` factory
/// (``awaitedValue(orMake:)``), such as the persons `--import` downloads:
/// the callers that ask while it is being made all await the one making,
/// and a failed or cancelled making is not kept.
///
/// Asking a cache for its own value while making it is a dependency cycle,
/// and deadlocks; the object graph must not have one.
public final class ScopeCache<Value: Sendable>: Sendable {
    @usableFromInline let slot: Mutex<Value?>
    /// The async making in flight, which every caller that asks meanwhile awaits.
    private let making = Mutex<Task<Value, any Error>?>(nil)

    /// How the wiring trace names the value, when its type alone would not
    /// tell two caches apart; `nil` to use the type's name.
    public let name: String?

    /// An empty cache: the value is made on first use.
    public init(named name: String? = nil) {
        slot = Mutex(nil)
        self.name = name
    }

    /// A cache that already holds `value`, so it is never made.
    ///
    /// This is how a test puts a fake into a scope: the injectors then find
    /// the fake where they would have made the real thing.
    public init(holding value: Value, named name: String? = nil) {
        slot = Mutex(value)
        self.name = name
    }

    /// The cached value, made by `make` if there is none yet.
    ///
    /// Inlinable, so that an injector in another module gets a version
    /// specialised for the value's type instead of a generic call.
    ///
    /// - Throws: whatever `make` throws; nothing is cached then.
    @inlinable
    public func value<Failure: Error>(
        orMake make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try slot.withLock { (cached: inout Value?) throws(Failure) -> Value in
            if let cached { return cached }
            let made = try make()
            cached = made
            return made
        }
    }

    /// The cached value, made by the async `make` if there is none yet.
    ///
    /// The first caller starts the making; every caller that asks before it
    /// is done awaits that same making, so the value is made once. A
    /// failure is not kept: each waiting caller gets the error, and the
    /// next call makes the value again. Cancelling a caller's task cancels
    /// the making (nothing else would stop a download no one awaits);
    /// callers that were not cancelled then start a new one.
    ///
    /// - Throws: whatever `make` throws; `CancellationError` when the
    ///   caller's own task is cancelled.
    public func awaitedValue(orMake make: @escaping @Sendable () async throws -> Value)
        async throws -> Value
    {
        while true {
            if let cached = slot.withLock({ $0 }) { return cached }
            let task = making.withLock { making in
                if let making { return making }
                let task = Task { try await make() }
                making = task
                return task
            }
            do {
                let value = try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
                slot.withLock { $0 = value }
                making.withLock { if $0 == task { $0 = nil } }
                return value
            } catch {
                making.withLock { if $0 == task { $0 = nil } }
                // Another caller was cancelled, and its making with it.
                if error is CancellationError, !Task.isCancelled { continue }
                throw error
            }
        }
    }

    /// Whether the value has been made (or was handed in).
    public var isFilled: Bool {
        slot.withLock { $0 != nil }
    }
}
