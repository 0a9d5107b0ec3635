import AppScope
import Features
import PeopleTestSupport
import Testing

/// A singleton made by an async factory: once for every caller that asks
/// while it is made, and never a failure kept.
@Suite(.timeLimit(.minutes(1)), .tags(.parksAsyncWork)) struct AsyncScopeCacheTests {
    final class Made: Sendable {}

    /// Counts calls from many tasks at once.
    final class Counter: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    struct Refused: Error {}

    @Test func callersWhoAskWhileItIsMadeAllAwaitTheOneMaking() async throws {
        let cache = ScopeCache<Made>()
        let makes = Counter()
        let gate = Gate()
        let make: @Sendable () async throws -> Made = {
            makes.increment()
            try await gate.pass()
            return Made()
        }
        let callers = (0..<50).map { _ in
            Task { ObjectIdentifier(try await cache.awaitedValue(orMake: make)) }
        }
        await gate.arrivals(1)
        #expect(makes.value == 1)
        gate.open()
        var identities: Set<ObjectIdentifier> = []
        for caller in callers { identities.insert(try await caller.value) }
        #expect(identities.count == 1)
        #expect(makes.value == 1)
        #expect(cache.isFilled)
    }

    /// The async making keeps its value where the synchronous ask (and
    /// its lock-free read) finds it: one value, however it is asked for.
    @Test func aValueMadeAsynchronouslyIsTheOneEveryLaterAskGets() async throws {
        let cache = ScopeCache<Made>()
        let made = try await cache.awaitedValue { Made() }
        let asked = try cache.value { () throws(Refused) -> Made in throw Refused() }
        #expect(asked === made)
        #expect(try await cache.awaitedValue { throw Refused() } === made)
    }

    @Test func aFailedMakingIsNotKeptAndTheNextCallMakesAgain() async throws {
        let cache = ScopeCache<Made>()
        let makes = Counter()
        await #expect(throws: Refused.self) {
            try await cache.awaitedValue {
                makes.increment()
                throw Refused()
            }
        }
        #expect(!cache.isFilled)
        let made = try await cache.awaitedValue {
            makes.increment()
            return Made()
        }
        #expect(makes.value == 2)
        #expect(try await cache.awaitedValue { Made() } === made)
    }

    @Test func aCancelledCallerCancelsTheMakingAndNothingIsKept() async throws {
        let cache = ScopeCache<Made>()
        let gate = Gate()
        let caller = Task {
            try await cache.awaitedValue {
                try await gate.pass()
                return Made()
            }
        }
        await gate.arrivals(1)
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(!cache.isFilled)
        let later = Made()
        #expect(try await cache.awaitedValue { later } === later)
    }
}
