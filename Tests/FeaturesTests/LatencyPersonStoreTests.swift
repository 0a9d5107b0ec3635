import Features
import PeopleTestSupport
import Testing

/// `--latency`'s decorator waits before every call, and a cancelled call
/// stops waiting at once.
@Suite(.timeLimit(.minutes(1)), .tags(.parksAsyncWork)) struct LatencyPersonStoreTests {
    /// Every wait asked for, in order.
    final class Waits: Sendable {
        private let asked = Locked<[Duration]>([])
        var all: [Duration] { asked.withLock { $0 } }
        func record(_ wait: Duration) { asked.withLock { $0.append(wait) } }
    }

    @Test func everyCallWaitsFirstThenAnswersAsTheStoreDoes() async throws {
        let waits = Waits()
        let store = LatencyPersonStore(
            wrapping: Fixtures.sampleStore(), delay: .milliseconds(300),
            wait: { waits.record($0) })
        #expect(try await store.count(matching: "") == 3)
        let page = try await store.page(matching: "a", from: .first, limit: 2)
        #expect(page.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        try await store.delete(Person.samples[0])
        #expect(try await store.person(withID: 1) == nil)
        #expect(waits.all == Array(repeating: .milliseconds(300), count: 4))
    }

    @Test func aCancelledCallStopsWaitingAndNeverReachesTheStore() async throws {
        let gate = Gate()
        let inner = Fixtures.sampleStore()
        let store = LatencyPersonStore(
            wrapping: inner, delay: .seconds(2), wait: { _ in try await gate.pass() })
        let deleting = Task { try await store.delete(Person.samples[0]) }
        await gate.arrivals(1)
        deleting.cancel()
        await #expect(throws: CancellationError.self) { try await deleting.value }
        #expect(try await inner.person(withID: 1) != nil, "the delete was never made")
    }
}
