/// Tells a screen that someone else changed the address book, so it shows
/// the change without waiting for a key.
///
/// Only a store many programs share at once can say so: the server store
/// hears of every change any client makes (PostgreSQL's `LISTEN`), and its
/// signals come through here. A store that cannot tell gives ``none``, and
/// the screen refreshes as it always has, when it appears.
///
/// A screen follows the signals as work of its scope
/// (``ScopedWork/follow(_:)``), so the listening ends when the scope does.
public struct StoreChanges: Sendable {
    private let makeSignals: @Sendable () -> AsyncStream<Void>

    /// Changes that `makeSignals` reports: each stream it makes yields once
    /// per change (or once for several close together), and stops listening
    /// when its reader stops reading.
    public init(_ makeSignals: @escaping @Sendable () -> AsyncStream<Void>) {
        self.makeSignals = makeSignals
    }

    /// A new stream of signals, one per change made elsewhere.
    public func signals() -> AsyncStream<Void> {
        makeSignals()
    }

    /// No signals ever: the stream ends at once.
    public static let none = StoreChanges { AsyncStream { $0.finish() } }
}
