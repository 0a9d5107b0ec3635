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
    /// Every source, the primary first.
    public let all: [any PersonStore]
    /// The aggregate itself, for a merge that is easiest told as other
    /// merged questions (a page by number, read in parts).
    public let whole: any PersonStore

    /// `primary` and `others` as one, answering through `whole`.
    public init(primary: any PersonStore, others: [any PersonStore], whole: any PersonStore) {
        self.primary = primary
        self.all = [primary] + others
        self.whole = whole
    }

    /// The answers of every source, added up: a count or a position.
    public func sum<Query: PersonQuery>(_ query: Query) async throws -> Int
    where Query.Answer == Int {
        var total = 0
        for source in all { total += try await source.perform(query) }
        return total
    }

    /// The first source's answer that is not `nil`: a person by id.
    public func firstFound<Query: PersonQuery, Found>(_ query: Query) async throws -> Found?
    where Query.Answer == Found? {
        for source in all {
            if let found = try await source.perform(query) { return found }
        }
        return nil
    }

    /// The source holding `id`; the primary when none does, so that its
    /// own "not found" is what the caller sees.
    public func owner(of id: Person.ID) async throws -> any PersonStore {
        for source in all where try await source.perform(PersonWithIDQuery(id)) != nil {
            return source
        }
        return primary
    }
}
