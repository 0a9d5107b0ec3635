import Features
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
///         session.make(AppInjector.injectViewFactory(session).makeNavigator())
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
    /// The value, once made: set under this lock, so that it is made once.
    @usableFromInline let slot: Locked<Value?>
    /// The same value, boxed and published once it is in `slot`, so that
    /// every later ask reads it with one atomic load instead of the lock.
    ///
    /// Opening a person asks four caches; their locks were a fifth of what
    /// the injectors cost over the same objects made by hand (see
    /// `wiring-benchmark`). The box is stored with release ordering after
    /// the value is made and read with acquire ordering, so a reader that
    /// sees it sees the whole value. A reader borrows the box without
    /// retaining it: the cache holds it until the cache itself is freed.
    @usableFromInline let published = Atomic<Unmanaged<Published>?>(nil)
    /// The async making in flight, which every caller that asks meanwhile awaits.
    private let making = Locked<Task<Value, any Error>?>(nil)

    /// The made value in a box of its own: what `published` points at.
    @usableFromInline final class Published: Sendable {
        @usableFromInline let value: Value

        @usableFromInline init(_ value: Value) {
            self.value = value
        }
    }

    /// How the wiring trace names the value, when its type alone would not
    /// tell two caches apart; `nil` to use the type's name.
    public let name: String?

    /// An empty cache: the value is made on first use.
    public init(named name: String? = nil) {
        slot = Locked(nil)
        self.name = name
    }

    /// A cache that already holds `value`, so it is never made.
    ///
    /// This is how a test puts a fake into a scope: the injectors then find
    /// the fake where they would have made the real thing.
    public init(holding value: Value, named name: String? = nil) {
        slot = Locked(value)
        self.name = name
        publish(value)
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
    }

    /// Publishes `value`, which `slot` now holds, to the lock-free read;
    /// called once, with `slot` locked or before anyone can ask.
    @usableFromInline func publish(_ value: Value) {
        published.store(Unmanaged.passRetained(Published(value)), ordering: .releasing)
    }

    /// The cached value, made by `make` if there is none yet.
    ///
    /// Always inlined, and only the read of a value already made: the
    /// injector that asks then reads it in place, and the closure that
    /// would make it, and what that closure captures, is never touched.
    /// The first ask, which makes the value, is a call.
    ///
    /// - Throws: whatever `make` throws; nothing is cached then.
    @inlinable @inline(__always)
    public func value<Failure: Error>(
        orMake make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if let published = published.load(ordering: .acquiring) {
            // Borrowed, not retained: this cache keeps the box alive while
            // anyone can call it, so a retain and a release of the box on
            // every ask would be two calls into the runtime for nothing.
            return published._withUnsafeGuaranteedRef { $0.value }
        }
        return try valueMadeOnce(by: make)
    }

    /// The cached value, made by `make` under the lock unless another
    /// caller made it first: the slow path of ``value(orMake:)``.
    @usableFromInline @inline(never)
    func valueMadeOnce<Failure: Error>(
        by make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try slot.withLock { (cached: inout Value?) throws(Failure) -> Value in
            if let cached { return cached }
            let made = try make()
            cached = made
            publish(made)
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
            if let published = published.load(ordering: .acquiring) {
                return published.takeUnretainedValue().value
            }
            let task = making.withLock { making -> Task<Value, any Error>? in
                if let making { return making }
                // A making may have ended between the look above and this
                // lock: it publishes before it lets go of `making`, so a
                // value is there to read, and making another would make
                // the singleton twice.
                if published.load(ordering: .acquiring) != nil { return nil }
                let task = Task { try await make() }
                making = task
                return task
            }
            guard let task else { continue }
            do {
                let value = try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
                slot.withLock { cached in
                    // Every caller that awaited this making gets here; the
                    // first keeps and publishes the value.
                    guard cached == nil else { return }
                    cached = value
                    publish(value)
                }
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
