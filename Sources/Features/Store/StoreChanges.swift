/// Tells a screen that someone else changed the address book, so it shows
/// the change without waiting for a key; and when it can no longer tell.
///
/// Only a store many programs share at once can say so: the server store
/// hears of every change any client makes (PostgreSQL's `LISTEN`), and its
/// signals come through here. A store that cannot tell gives ``none``, and
/// the screen refreshes as it always has, when it appears.
///
/// A screen follows the signals as work of its scope
/// (``ScopedWork/follow(_:)``), so the listening ends when the scope does.
public struct StoreChanges: Sendable {
    /// What a stream of changes tells its reader.
    public enum Signal: Sendable, Equatable {
        /// Someone else changed the book: what is shown may be out of date.
        case changed
        /// Changes can no longer be heard, for the reason given (the
        /// listener could not connect, or its connection ended): until
        /// ``following`` comes, what is shown is not kept up to date, and a
        /// screen says so.
        case notFollowing(String)
        /// Changes are heard again after ``notFollowing(_:)``; those made
        /// meanwhile were missed, so what is shown should be read again.
        case following
    }

    private let makeSignals: @Sendable () -> AsyncStream<Signal>

    /// Changes that `makeSignals` reports: each stream it makes yields once
    /// per change (or once for several close together), says when it stops
    /// and starts hearing them again, and stops listening when its reader
    /// stops reading.
    public init(_ makeSignals: @escaping @Sendable () -> AsyncStream<Signal>) {
        self.makeSignals = makeSignals
    }

    /// A new stream of signals, one per change made elsewhere.
    public func signals() -> AsyncStream<Signal> {
        makeSignals()
    }

    /// No signals ever: the stream ends at once.
    public static let none = StoreChanges { AsyncStream { $0.finish() } }
}
