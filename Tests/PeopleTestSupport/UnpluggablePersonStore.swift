import Features
import Foundation

/// A working store that a test can unplug and plug back in: while unplugged,
/// every call throws, as a store whose disk or server went away would.
///
/// For tests of what a screen does when its store fails and then recovers —
/// that the list keeps its keys after a failed load and shows the page once
/// a retry succeeds — without a real disk to break.
///
/// What it records: ``refusedCalls``, the number of calls made while
/// unplugged (each one refused), so a test can see that a retry really
/// asked again.
public final class UnpluggablePersonStore: PersonStore {
    private let store: any PersonStore
    private let state: Locked<(failure: PersonStoreError?, refused: Int, left: Int?)>

    /// `store`, unplugged from the start when `failure` is given: every call
    /// throws it until ``plugIn()`` — or, with `calls`, only that many calls,
    /// after which it plugs itself back in.
    public init(
        _ store: any PersonStore, unpluggedWith failure: PersonStoreError? = nil,
        forCalls calls: Int? = nil
    ) {
        self.store = store
        self.state = Locked((failure, 0, calls))
    }

    /// Makes every call from now on throw `failure`.
    public func unplug(_ failure: PersonStoreError = .storage("disk unplugged")) {
        state.withLock { $0.failure = failure }
    }

    /// Makes calls reach the store again.
    public func plugIn() {
        state.withLock { $0.failure = nil }
    }

    /// How many calls were refused while unplugged.
    public var refusedCalls: Int { state.withLock { $0.refused } }

    /// Throws while unplugged, counting the refusal.
    private func reach() throws {
        let failure = state.withLock { state -> PersonStoreError? in
            guard let failure = state.failure else { return nil }
            state.refused += 1
            if let left = state.left {
                state.left = left - 1
                if left <= 1 { state.failure = nil }
            }
            return failure
        }
        if let failure { throw failure }
    }

    /// Refuses `query` while unplugged, and otherwise hands it on: one
    /// method for every query.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try reach()
        return try await store.perform(query)
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try reach()
        return try await store.readingConsistently(body)
    }
}
