import Features
import Foundation
import Testing

/// A store double for tests that expect a controller to leave the store alone,
/// or to meet a failing one.
///
/// Every call it was not told to expect is recorded as a test failure, so a
/// controller that quietly reads or writes when it should not is caught; it
/// then throws, as a broken disk would.
public final class StrictPersonStore: PersonStore {
    private let failure: PersonStoreError
    private let recordsCalls: Bool

    /// A store that fails every call with `failure`.
    ///
    /// - Parameters:
    ///   - failure: what every call throws; a broken disk by default.
    ///   - expectsCalls: `false` to also record each call as a test
    ///     failure; `true` when the test wants to see how failures are handled.
    public init(
        failingWith failure: PersonStoreError = .storage("disk unplugged"), expectsCalls: Bool
    ) {
        self.failure = failure
        self.recordsCalls = !expectsCalls
    }

    private func fail(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Never
    {
        if recordsCalls {
            Issue.record("unexpected call to PersonStore.\(call)", sourceLocation: sourceLocation)
        }
        throw failure
    }

    public func count(matching search: String) async throws -> Int { try fail("count") }
    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try fail("position")
    }
    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try fail("page")
    }
    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try fail("listPage")
    }
    public func person(withID id: Person.ID) async throws -> Person? { try fail("person(withID:)") }
    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try fail("add")
    }
    public func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws
        -> Int
    {
        try fail("add(contentsOf:)")
    }
    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try fail("update")
    }
    public func delete(_ opened: Person) async throws { try fail("delete") }
    public func restore(_ person: Person) async throws { try fail("restore") }
    /// Runs `body`, whose reads are the calls this store judges.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    { try await body() }
    public func check(repairing: Bool) async throws -> StoreCheck { try fail("check") }
}
