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

    /// Fails `query`, by name: one method for every query.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try fail(query.name)
    }

    /// Runs `body`, whose reads are the calls this store judges.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    { try await body() }
}
