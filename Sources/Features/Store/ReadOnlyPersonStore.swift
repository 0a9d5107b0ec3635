import Foundation

/// Persons imported from a file: listed, searched and shown like any others,
/// never changed.
///
/// One source of an ``AggregatePersonStore``. Reads go to an in-memory store
/// holding the file's persons; every write is refused with
/// ``PersonStoreError/readOnly(name:source:)``, which names the file.
public final class ReadOnlyPersonStore: PersonStore {
    private let persons: MemoryPersonStore
    /// The file the persons came from, as the user named it.
    public let source: String

    /// A store of `persons`, all from `source`.
    public init(persons: [Person], source: String) {
        self.persons = MemoryPersonStore(persons: persons)
        self.source = source
    }

    /// Answers a read from the file's persons, and refuses every write
    /// with the file's name, whatever the query: what it writes is
    /// declared with it (``PersonQuery/effect``).
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        switch query.effect {
        case .reads: return try await persons.perform(query)
        case .adds(let name): throw PersonStoreError.readOnly(name: name, source: source)
        case .changes(let opened): throw try await refusal(for: opened)
        }
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws
        -> T
    {
        try await persons.readingConsistently(body)
    }

    private func refusal(for opened: Person) async throws -> PersonStoreError {
        guard let person = try await persons.person(withID: opened.id) else {
            return .deletedElsewhere(name: opened.name)
        }
        return .readOnly(name: person.name, source: source)
    }
}
