import Foundation

/// Several stores shown as one: the app's own store, plus read-only sources
/// such as imported files.
///
/// It is itself a ``PersonStore``, so the list pages through everyone in one
/// order without knowing there is more than one source. Each source is
/// already ordered by ``PersonSortKey``, so a page is a merge: take a page
/// from each source from the same starting point, merge them, keep the
/// first (or, going back, the last) `limit`. A page by number is found
/// without merging everything above it (see ``PageQuery/merge(from:)``),
/// so a deep page costs about what it costs the largest source alone.
///
/// Not every answer is combined from its sources'. A question that splits
/// by source — a count, a page, a person by id — is asked of each, and the
/// answers added up, merged or the first found kept; one that does not is
/// asked of the primary alone: a consistent read and a check, since the
/// imported sources never change and keep nothing derived. New persons go
/// to the primary store. A change or a delete goes to the source that holds
/// the person, which for a read-only source refuses it. How each query is
/// answered is declared with the query (``PersonQuery/merge(from:)``), so
/// this store names none of them.
public final class AggregatePersonStore: PersonStore {
    private let primary: any PersonStore
    private let readOnly: @Sendable () async throws -> [any PersonStore]

    /// The persons of `primary` and of every store `readOnly` gives, as one
    /// list.
    ///
    /// The read-only stores come through an async provider because fetching
    /// them — reading files, downloading URLs — is slow and can fail: the
    /// first call made through this store fetches them (the provider keeps
    /// them once fetched), and a failed fetch fails that call alone, so the
    /// next one tries again.
    ///
    /// Ids must not collide between the stores: imported persons have
    /// negative ids for that reason.
    public init(
        primary: any PersonStore,
        readOnly: @escaping @Sendable () async throws -> [any PersonStore]
    ) {
        self.primary = primary
        self.readOnly = readOnly
    }

    /// Answers `query` as the query says several sources answer it.
    ///
    /// The query's ``PersonQuery/merge(from:)`` adds the answers up,
    /// merges them, keeps the first found, or asks the primary or the
    /// owner alone. One method for every query; the merge is declared with
    /// the query, not here.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try await query.merge(from: PersonSources(primary: primary, others: readOnly, whole: self))
    }

    /// The primary store's consistent reads: the imported sources never change.
    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try await primary.readingConsistently(body)
    }
}
