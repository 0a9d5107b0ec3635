import Foundation

/// A store that really keeps persons: it answers every ``PersonQuery`` by
/// a method of its own, one per query.
///
/// Only real stores adopt it — the memory, SQLite and PostgreSQL stores —
/// so a real store that misses a query does not compile. Decorators and
/// fakes adopt ``PersonStore`` alone and handle every query with one
/// generic ``PersonStore/perform(_:)``: they never see a query's own
/// method, so a new query needs no edit there.
///
/// Each method here is the query's own promise, documented with the query
/// (``CountQuery``, ``ListPageQuery``, …) and with the ``PersonStore``
/// method that makes it.
public protocol PersonStorage: PersonStore {
    /// The page from a start, with its total and first row's index, as of one moment.
    func answer(_ query: ListPageQuery) async throws -> ListPage
    /// How many persons match.
    func answer(_ query: CountQuery) async throws -> Int
    /// How many persons matching sort before a key.
    func answer(_ query: PositionQuery) async throws -> Int
    /// Up to a limit of persons from a start.
    func answer(_ query: PageQuery) async throws -> [Person]
    /// The person with an id, or `nil`.
    func answer(_ query: PersonWithIDQuery) async throws -> Person?
    /// Stores one new person.
    func answer(_ query: AddQuery) async throws -> Person
    /// Stores many new persons, all or none.
    func answer(_ query: AddManyQuery) async throws -> Int
    /// Replaces a person's values when they are still as read.
    func answer(_ query: UpdateQuery) async throws -> Person
    /// Removes a person when they are still as read.
    func answer(_ query: DeleteQuery) async throws
    /// Puts back a deleted person.
    func answer(_ query: RestoreQuery) async throws
    /// Compares what is kept to answer quickly with the persons.
    func answer(_ query: CheckQuery) async throws -> StoreCheck
}

extension PersonStorage {
    /// Answers `query` by this store's own method for it.
    ///
    /// Written once for every real store: the query knows which method is
    /// its own (``PersonQuery/run(on:)``).
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try await query.run(on: self)
    }
}
