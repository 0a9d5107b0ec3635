import Features
import PeopleTestSupport
import Testing

/// A store of this package's own, held to every promise of the people
/// package's `PersonStore`, through the contract it publishes.
@Suite struct StoreContractTests {
    @Test func aCountingStoreKeepsEveryPromiseOfTheStoreItWraps() async {
        let contract = PersonStoreContract("a counting store") { persons in
            CountingPersonStore(wrapping: MemoryPersonStore(persons: persons))
        }
        await contract.checkEveryPromise()
    }

    /// Each promise as a test case of its own, named in the report.
    @Test(arguments: PersonStoreContract.promises)
    func aCountingStoreKeeps(_ promise: PersonStoreContract.Promise) async {
        await PersonStoreContract("a counting store") { persons in
            CountingPersonStore(wrapping: MemoryPersonStore(persons: persons))
        }
        .check(promise)
    }

    @Test func theCountingStoreCountsEveryCallThatReachesTheStore() async throws {
        let store = CountingPersonStore(wrapping: MemoryPersonStore(persons: Person.samples))
        _ = try await store.listPage(matching: "", from: .first, size: 10)
        _ = try await store.person(withID: 1)
        #expect(store.calls == 2)
    }
}
