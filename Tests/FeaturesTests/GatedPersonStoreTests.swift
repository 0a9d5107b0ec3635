import Features
import PeopleTestSupport
import Testing

/// The gated store's waits, as a test that uses it relies on them.
@Suite(.tags(.parksAsyncWork)) struct GatedPersonStoreTests {
    /// A test waiting for a call the screen never makes must end when its
    /// time limit cancels it, failing on the answer, not hold the run.
    @Test func aWaitForACallThatNeverComesEndsWhenItsTaskIsCancelled() async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let waiting = Task { await gated.nextParkedCall() }
        waiting.cancel()
        #expect(await waiting.value == GatedPersonStore.noCallBeforeCancellation)
        // The cancelled wait took no call with it: the next wait is told.
        let counting = Task { try await gated.count(matching: "") }
        #expect(await gated.nextParkedCall() == "count")
        gated.release()
        #expect(try await counting.value == 3)
    }
}
