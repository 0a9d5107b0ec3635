import AppScope
import Features
import Testing

@Suite struct ScopeCacheTests {
    /// A value whose identity shows which call made it.
    final class Made: Sendable {}

    /// Counts calls from many threads at once.
    final class Counter: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    struct Refused: Error, Equatable {}

    @Test func theValueIsMadeOnceAndThenReturnedAsItIs() {
        let cache = ScopeCache<Made>()
        let first = cache.value { Made() }
        let second = cache.value { Made() }
        #expect(first === second)
    }

    @Test func manyConcurrentCallersGetOneValueMadeOnce() async {
        let cache = ScopeCache<Made>()
        let makes = Counter()
        let results = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let made = cache.value {
                        makes.increment()
                        return Made()
                    }
                    return ObjectIdentifier(made)
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(makes.value == 1)
        #expect(results.count == 1)
    }

    @Test func aThrownErrorIsNotKeptAndTheNextCallTriesAgain() throws {
        let cache = ScopeCache<Made>()
        #expect(throws: Refused()) {
            try cache.value { () throws(Refused) -> Made in throw Refused() }
        }
        #expect(!cache.isFilled)
        let made = try cache.value { () throws(Refused) -> Made in Made() }
        #expect(cache.value { Made() } === made)
    }

    @Test func aCacheHoldingAValueNeverMakesOne() {
        let fake = Made()
        let cache = ScopeCache(holding: fake)
        let value = cache.value {
            Issue.record("a filled cache made a value")
            return Made()
        }
        #expect(value === fake)
    }
}
