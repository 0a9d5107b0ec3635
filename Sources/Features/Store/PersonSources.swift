/// The stores an ``AggregatePersonStore`` shows as one, as a query's
/// merge sees them (``PersonQuery/merge(from:)``).
///
/// A query that splits by source asks each and combines the answers
/// (``sum(_:)``, ``firstFound(_:)``); one that does not asks the primary
/// alone; a change goes to the source that holds the person
/// (``owner(of:)``).
public struct PersonSources: Sendable {
    /// The app's own store, where new persons go.
    public let primary: any PersonStore
    /// The aggregate itself, for a merge that is easiest told as other
    /// merged questions (a page by number, read in parts).
    public let whole: any PersonStore
    private let others: @Sendable () async throws -> [any PersonStore]

    /// `primary` and the stores `others` gives as one, answering through
    /// `whole`.
    ///
    /// The other stores are fetched only by a merge that asks them
    /// (``all()``): fetching reads files or downloads, and can fail, so a
    /// query the primary answers alone — an add, a check — neither waits
    /// for it nor fails with it.
    public init(
        primary: any PersonStore, others: @escaping @Sendable () async throws -> [any PersonStore],
        whole: any PersonStore
    ) {
        self.primary = primary
        self.others = others
        self.whole = whole
    }

    /// Every source, the primary first.
    public func all() async throws -> [any PersonStore] {
        [primary] + (try await others())
    }

    /// The answers of every source, added up: a count or a position.
    public func sum<Query: PersonQuery>(_ query: Query) async throws -> Int
    where Query.Answer == Int {
        var total = 0
        for source in try await all() { total += try await source.perform(query) }
        return total
    }

    /// The first source's answer that is not `nil`: a person by id.
    public func firstFound<Query: PersonQuery, Found>(_ query: Query) async throws -> Found?
    where Query.Answer == Found? {
        for source in try await all() {
            if let found = try await source.perform(query) { return found }
        }
        return nil
    }

    /// The source holding `id`; the primary when none does, so that its
    /// own "not found" is what the caller sees.
    public func owner(of id: Person.ID) async throws -> any PersonStore {
        for source in try await all() where try await source.perform(PersonWithIDQuery(id)) != nil {
            return source
        }
        return primary
    }
}
