#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// State shared between threads, read and changed only while its lock is held.
///
/// Every type in this package that several threads reach keeps its state in
/// one of these: a store's connection, a console's lines, the events waiting
/// for the full-screen navigator, a fake's record of what it was asked. It is
/// public so that the edges and the test fakes use the same lock.
///
/// The standard library's `Mutex` has the same shape, and would be the first
/// choice, but CI runs the tests under the thread sanitizer, and on Linux the
/// sanitizer cannot see a `Mutex` pass from one thread to another: when two
/// threads want it at once, the kernel hands it over inside the
/// `Synchronization` library, which is built without the sanitizer's
/// instrumentation. The sanitizer then reports a race on the state the lock
/// guards, where there is none; it did, once, on the event queue. A POSIX
/// mutex is one the sanitizer watches, so its reports stay true.
public final class Locked<State>: @unchecked Sendable {
    // Unchecked: `state` is reached only inside `withLock`, with `mutex` held.
    private var state: State
    // Allocated apart, so that its address never moves while threads wait on it.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// State that only this lock's holder reaches from now on.
    public init(_ initialState: sending State) {
        state = initialState
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock, so no other
    /// thread reads or changes it meanwhile; returns what `body` returns.
    ///
    /// `body` must not ask for this lock again: that would wait forever.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
