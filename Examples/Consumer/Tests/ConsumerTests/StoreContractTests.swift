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

    /// The promises kept when ids run out, each in a process of its own:
    /// a store that traps on them then fails that test, not the whole run.
    @Test(arguments: PersonStoreContract.promisesWhenIDsRunOut)
    func aCountingStoreRefusesWhenIDsRunOut(
        _ promise: PersonStoreContract.Promise
    ) async {
        await #expect(processExitsWith: .success) { [name = promise.name as String] in
            await PersonStoreContract("a counting store") { persons in
                CountingPersonStore(wrapping: MemoryPersonStore(persons: persons))
            }
            .check(PersonStoreContract.promise(named: name))
        }
    }

    @Test func theCountingStoreCountsEveryCallThatReachesTheStore() async throws {
        let store = CountingPersonStore(wrapping: MemoryPersonStore(persons: Person.samples))
        _ = try await store.listPage(matching: "", from: .first, size: 10)
        _ = try await store.person(withID: 1)
        #expect(store.calls == 2)
    }
}
