import Foundation

/// Drafts handed to a store as they come, read once: what
/// ``AddManyQuery`` carries, so an add of a million persons never holds
/// them all.
///
/// A query is a value every layer may keep or describe, so it must be
/// `Sendable`; a lazy sequence of drafts usually is not. This box takes
/// the sequence over when the query is made (the caller gives it up:
/// `sending`), and lets exactly one reader iterate it, under a lock. The
/// one store that answers the query reads it; a second reader — which no
/// layer makes — would find it empty.
public final class DraftStream: Sequence, @unchecked Sendable {
    private let lock = NSLock()
    private var iterator: AnyIterator<ValidatedDraft>?

    /// Takes `drafts` over, to be read once.
    public init(_ drafts: sending some Sequence<ValidatedDraft>) {
        self.iterator = AnyIterator(drafts.makeIterator())
    }

    /// The drafts, the first time; none after that.
    public func makeIterator() -> AnyIterator<ValidatedDraft> {
        lock.lock()
        defer { lock.unlock() }
        defer { iterator = nil }
        return iterator ?? AnyIterator { nil }
    }
}
