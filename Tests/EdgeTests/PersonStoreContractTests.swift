import Features
import Foundation
import PeopleTestSupport
import Testing

/// The behaviour every ``PersonStore`` promises, run against each store.
///
/// This is what the protocol is for: one suite, several implementations,
/// and a controller tested against one can trust all of them. The suite is
/// ``PersonStoreContract``, published in `PeopleTestSupport` so another
/// package runs it against a store of its own; here every promise is a test
/// case of its own, for every store this package has.
@Suite struct PersonStoreContractTests {
    @Test(arguments: StoreMaker.all, PersonStoreContract.promises)
    func everyStoreKeepsEveryPromise(_ maker: StoreMaker, _ promise: PersonStoreContract.Promise)
        async
    {
        await maker.contract.check(promise)
    }

    /// The promises kept when ids run out, run here in this process: each
    /// of this package's stores refuses with an error, and the server store
    /// in a process of its own would start a server of its own.
    @Test(arguments: StoreMaker.all, PersonStoreContract.promisesWhenIDsRunOut)
    func everyStoreRefusesAnAddWhenIDsRunOut(
        _ maker: StoreMaker, _ promise: PersonStoreContract.Promise
    ) async {
        await maker.contract.check(promise)
    }

    /// A store that traps when ids run out breaks only those promises.
    ///
    /// Written from the protocol's docs the quick way, its next id counted
    /// with `+= 1`, it traps past `Int.max`. That must break the promises
    /// about running out, each in a process of its own, and not end the run
    /// that checks the rest.
    @Test func aStoreThatTrapsWhenIDsRunOutBreaksOnlyThosePromises() async {
        await PlusOneIDsPersonStore.contract.checkEveryPromise()
        for promise in PersonStoreContract.promisesWhenIDsRunOut {
            await #expect(processExitsWith: .failure, "\(promise.name)") {
                [name = promise.name as String] in
                await PlusOneIDsPersonStore.contract.check(PersonStoreContract.promise(named: name))
            }
        }
    }

    /// A store that writes over whatever is stored, as a decorator that
    /// reads a person again before saving would: the contract must catch it
    /// and name both the store and the promise.
    @Test func aStoreThatLosesAChangeBreaksTheContractByName() async {
        let contract = PersonStoreContract("a last-write-wins store") { persons in
            LastWriteWinsPersonStore(MemoryPersonStore(persons: persons))
        }
        await withKnownIssue {
            await contract.aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "a last-write-wins store breaks "
                        + "aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept()")
            }
        }
        // The promises it does keep pass.
        await contract.personsAreListedInNameOrderWhateverTheCase()
    }

    /// Every promise in the list is checked by the function it is named
    /// after, and fails, naming itself, against a store whose every call fails.
    @Test(arguments: PersonStoreContract.promises + PersonStoreContract.promisesWhenIDsRunOut)
    func eachPromiseIsNamedAfterItsCheckAndCanFail(_ promise: PersonStoreContract.Promise) async {
        let contract = PersonStoreContract("a broken store") { _ in
            StrictPersonStore(expectsCalls: true)
        }
        await withKnownIssue {
            await contract.check(promise)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("a broken store breaks \(promise.name)(): it threw")
            }
        }
    }
}

/// A store whose next id is the last one `+= 1`, as a store written in a
/// hurry from the protocol's docs counts them: past `Int.max`, it traps.
private struct PlusOneIDsPersonStore: PersonStorage {
    let store: MemoryPersonStore
    let lastID: Locked<Person.ID>

    init(_ persons: [Person]) {
        store = MemoryPersonStore(persons: persons)
        lastID = Locked(max(0, persons.map(\.id).max() ?? 0))
    }

    /// The contract, run against this store.
    static let contract = PersonStoreContract("a store counting ids with += 1") { persons in
        PlusOneIDsPersonStore(persons)
    }

    /// The person `draft` makes, with the next id.
    func newPerson(_ draft: ValidatedDraft, addedAt date: Date) -> Person {
        let id = lastID.withLock { last in
            last += 1
            return last
        }
        return Person(id: id, name: draft.name, details: draft.details, added: date)
    }

    func answer(_ query: AddQuery) async throws -> Person {
        let person = newPerson(query.draft, addedAt: query.date)
        try await store.restore(person)
        return person
    }
    func answer(_ query: AddManyQuery) async throws -> Int {
        if let highest = query.restored.map(\.id).max() {
            lastID.withLock { $0 = max($0, highest) }
        }
        let added = Array(query.drafts).map { newPerson($0, addedAt: query.date) }
        return try await store.putBack(query.restored + added, adding: [], addedAt: query.date)
    }
    func answer(_ query: ListPageQuery) async throws -> ListPage { try await store.perform(query) }
    func answer(_ query: CountQuery) async throws -> Int { try await store.perform(query) }
    func answer(_ query: PositionQuery) async throws -> Int { try await store.perform(query) }
    func answer(_ query: PageQuery) async throws -> [Person] { try await store.perform(query) }
    func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        try await store.perform(query)
    }
    func answer(_ query: UpdateQuery) async throws -> Person { try await store.perform(query) }
    func answer(_ query: DeleteQuery) async throws { try await store.perform(query) }
    func answer(_ query: RestoreQuery) async throws { try await store.perform(query) }
    func answer(_ query: CheckQuery) async throws -> StoreCheck { try await store.perform(query) }
    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
        -> T
    { try await store.readingConsistently(body) }
}

/// Saves and deletes over the person as they are now, not as they were
/// read: the lost update the contract exists to catch.
private struct LastWriteWinsPersonStore: PersonStorage {
    let store: MemoryPersonStore

    init(_ store: MemoryPersonStore) { self.store = store }

    func answer(_ query: UpdateQuery) async throws -> Person {
        try await store.update(store.existingPerson(withID: query.opened.id), with: query.draft)
    }
    func answer(_ query: DeleteQuery) async throws {
        try await store.delete(store.existingPerson(withID: query.opened.id))
    }
    func answer(_ query: ListPageQuery) async throws -> ListPage { try await store.perform(query) }
    func answer(_ query: CountQuery) async throws -> Int { try await store.perform(query) }
    func answer(_ query: PositionQuery) async throws -> Int { try await store.perform(query) }
    func answer(_ query: PageQuery) async throws -> [Person] { try await store.perform(query) }
    func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        try await store.perform(query)
    }
    func answer(_ query: AddQuery) async throws -> Person { try await store.perform(query) }
    func answer(_ query: AddManyQuery) async throws -> Int { try await store.perform(query) }
    func answer(_ query: RestoreQuery) async throws { try await store.perform(query) }
    func answer(_ query: CheckQuery) async throws -> StoreCheck { try await store.perform(query) }
    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
        -> T
    { try await store.readingConsistently(body) }
}
