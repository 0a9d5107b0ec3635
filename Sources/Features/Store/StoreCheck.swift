/// What `people check` found: whether what a store keeps to answer quickly
/// agrees with the persons it holds.
///
/// Like `git fsck` or SQLite's `PRAGMA integrity_check`, a report a person
/// reads: a line per problem, and whether a repair left any.
public struct StoreCheck: Sendable, Equatable {
    /// The store checked, as a report names it.
    public let store: String
    /// What is said without being a problem: what was found and put right
    /// before the check, such as a rebuild on opening, and what is worth
    /// knowing, such as another program's triggers on the persons.
    public let notes: [String]
    /// One line per disagreement found; empty when everything agrees.
    public let problems: [String]
    /// After a repair, what still disagrees (empty when it all agrees now);
    /// `nil` when nothing was repaired.
    public let remaining: [String]?

    /// A report of `problems` found in `store`, and what a repair left.
    public init(store: String, notes: [String], problems: [String], remaining: [String]?) {
        self.store = store
        self.notes = notes
        self.problems = problems
        self.remaining = remaining
    }

    /// Whether the store can be trusted now: nothing was wrong, or a repair
    /// left nothing wrong.
    public var isHealthy: Bool { problems.isEmpty || remaining == [] }

    /// The note for `count` persons with ids of 0 or below, or `nil` for none.
    ///
    /// people never gives such an id: it is the kind an imported person
    /// has (``AggregatePersonStore``), so another program wrote these, and
    /// beside an `--import` one of them and an imported person may share an
    /// id and be taken for each other. Not damage, and not repaired, by
    /// every store's check alike: an id is the person's own.
    public static func nonPositiveIDsNote(count: Int) -> String? {
        guard count > 0 else { return nil }
        let persons =
            count == 1
            ? "1 person has an id of 0 or below (another program gave it)"
            : "\(count) persons have ids of 0 or below (another program gave them)"
        return "\(persons): imported persons have such ids too, so with --import one may be "
            + "taken for another"
    }
}
