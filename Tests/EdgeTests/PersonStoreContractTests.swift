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
    @Test(arguments: PersonStoreContract.promises)
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

/// Saves and deletes over the person as they are now, not as they were
/// read: the lost update the contract exists to catch.
private struct LastWriteWinsPersonStore: PersonStore {
    let store: MemoryPersonStore

    init(_ store: MemoryPersonStore) { self.store = store }

    func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try await store.update(store.existingPerson(withID: opened.id), with: draft)
    }

    func delete(_ opened: Person) async throws {
        try await store.delete(store.existingPerson(withID: opened.id))
    }

    func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    { try await store.listPage(matching: search, from: start, size: size) }
    func count(matching search: String) async throws -> Int {
        try await store.count(matching: search)
    }
    func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try await store.position(of: key, matching: search)
    }
    func page(matching search: String, from start: PageStart, limit: Int) async throws -> [Person] {
        try await store.page(matching: search, from: start, limit: limit)
    }
    func person(withID id: Person.ID) async throws -> Person? {
        try await store.person(withID: id)
    }
    func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try await store.add(draft, addedAt: date)
    }
    func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws -> Int
    { try await store.add(contentsOf: drafts, addedAt: date) }
    func restore(_ person: Person) async throws { try await store.restore(person) }
    func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
        -> T
    { try await store.readingConsistently(body) }
    func check(repairing: Bool) async throws -> StoreCheck {
        try await store.check(repairing: repairing)
    }
}
