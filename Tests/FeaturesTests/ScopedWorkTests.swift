import Features
import PeopleTestSupport
import Testing

/// The work a scope owns ends with the scope: cancelled, then awaited.
@MainActor
@Suite(.timeLimit(.minutes(1)), .tags(.parksAsyncWork)) struct ScopedWorkTests {
    @Test func endingCancelsEveryTaskAndReturnsOnceEachHasStopped() async {
        let work = ScopedWork()
        let gate = Gate()
        var outcomes: [String] = []
        for name in ["first", "second"] {
            work.start {
                do {
                    try await gate.pass()
                    outcomes.append("\(name) ran on")
                } catch {
                    outcomes.append("\(name) cancelled")
                }
            }
        }
        await gate.arrivals(2)
        #expect(work.runningCount == 2)
        await work.end()
        #expect(outcomes.sorted() == ["first cancelled", "second cancelled"])
        #expect(work.runningCount == 0)
        #expect(work.hasEnded)
    }

    @Test func workStartedAfterTheEndNeverRuns() async {
        let work = ScopedWork()
        await work.end()
        var ran = false
        await work.start { ran = true }.value
        #expect(!ran)
    }

    @Test func finishWaitsForWorkInFlightWithoutCancellingIt() async {
        let work = ScopedWork()
        let gate = Gate()
        var result = "not yet"
        work.start {
            result = (try? await gate.pass()) == nil ? "cancelled" : "done"
        }
        await gate.arrivals(1)
        let finished = Task { await work.finish() }
        gate.open()
        await finished.value
        #expect(result == "done")
        #expect(!work.hasEnded, "finishing is not ending: the scope goes on")
    }
}
