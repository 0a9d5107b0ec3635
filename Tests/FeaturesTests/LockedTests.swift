import Features
import Testing

/// The lock every shared type keeps its state behind: many threads at once
/// lose no change, and a throw inside it leaves it free for the next holder.
@Suite struct LockedTests {
    /// What a body inside the lock can throw, to see the lock freed after it.
    struct Refused: Error, Equatable {}

    @Test func manyTasksChangingTheStateAtOnceLoseNoChange() async {
        let counted = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counted.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counted.withLock { $0 } == 8_000)
    }

    @Test func aThrowInsideTheLockReachesTheCallerAndFreesTheLock() {
        let names = Locked(["Ada"])
        #expect(throws: Refused()) {
            try names.withLock { (names) throws(Refused) in
                names.append("Grace")
                throw Refused()
            }
        }
        // Freed: a second holder gets in, and sees what the first one left.
        #expect(names.withLock { $0 } == ["Ada", "Grace"])
    }
}
