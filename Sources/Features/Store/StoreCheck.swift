/// What `people check` found: whether what a store keeps to answer quickly
/// agrees with the persons it holds.
///
/// Like `git fsck` or SQLite's `PRAGMA integrity_check`, a report a person
/// reads: a line per problem, and whether they were repaired.
public struct StoreCheck: Sendable, Equatable {
    /// The store checked, as a report names it.
    public let store: String
    /// One line per disagreement; empty when everything agrees.
    public let problems: [String]
    /// Whether everything was built again after the problems were found.
    public let repaired: Bool

    /// A report of `problems` found in `store`.
    public init(store: String, problems: [String], repaired: Bool) {
        self.store = store
        self.problems = problems
        self.repaired = repaired
    }

    /// Whether the store can be trusted now: nothing was wrong, or it was repaired.
    public var isHealthy: Bool { problems.isEmpty || repaired }
}
