import Features
import PeopleTestSupport
import SQLiteStore
import Testing

/// A cancelled task stops its SQLite statement, and the store goes on as if
/// nothing had happened.
@Suite(.tags(.parksAsyncWork)) struct SQLiteCancellationTests {
    let folder: TemporaryFolder
    let store: SQLitePersonStore

    init() throws {
        folder = try TemporaryFolder()
        store = try SQLitePersonStore(path: folder.path("people.sqlite"))
        let drafts = try DemoPersons.drafts(count: 5_000).map {
            (draft) throws(PersonValidationError) in try draft.validated()
        }
        _ = try store.add(contentsOf: drafts, addedAt: Fixtures.now)
    }

    @Test func aStatementRunningInACancelledTaskIsInterruptedAndTheStoreStillAnswers() async throws
    {
        // A deep page of a one-letter search walks nearly every row.
        let expected = try await store.page(matching: "e", from: .offset(4_000), limit: 1)
        let store = store
        let interrupted = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            // The synchronous form skips the check before the call, so the
            // statement starts, and SQLite's progress handler stops it.
            return Result { try store.page(matching: "e", from: .offset(4_000), limit: 1) }
        }
        switch await interrupted.value {
        case .success(let page): Issue.record("the statement ran to the end: \(page)")
        case .failure(let error): #expect("\(error)".contains("interrupted"))
        }
        #expect(try await store.page(matching: "e", from: .offset(4_000), limit: 1) == expected)
        #expect(try await store.add(validating: PersonDraft(name: "After")).name == "After")
        #expect(try await store.count(matching: "") == 5_001)
    }

    @Test func anAwaitedCallOfACancelledTaskThrowsCancellationAndChangesNothing() async throws {
        let store = store
        let deleting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await store.delete(id: 1)
        }
        await #expect(throws: CancellationError.self) { try await deleting.value }
        #expect(try await store.person(withID: 1) != nil)
    }

    @Test func aCancelledConsistentReadLeavesNoTransactionOpen() async throws {
        let store = store
        let reading = Task {
            try await store.readingConsistently {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await store.count(matching: "")
            }
        }
        await #expect(throws: CancellationError.self) { try await reading.value }
        // A transaction left open would make this write wait, then fail.
        #expect(try await store.add(validating: PersonDraft(name: "Later")).name == "Later")
    }
}
