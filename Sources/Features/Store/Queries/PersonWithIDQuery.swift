/// The person with an id, or `nil` when there is none:
/// ``PersonStore/person(withID:)``.
///
/// Across several sources, the first that holds the id answers: ids never
/// collide between them.
public struct PersonWithIDQuery: PersonQuery {
    /// The id asked for.
    public let id: Person.ID

    /// Asks for the person with `id`.
    public init(_ id: Person.ID) {
        self.id = id
    }

    public var name: String { "person" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String { "person(withID: \(id))" }
    public func describe(_ answer: Person?) -> String {
        answer.map { "#\($0.id) \(QueryText.quoted($0.name))" } ?? "nil"
    }

    public func run(on store: some PersonStorage) async throws -> Person? {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Person? {
        try await sources.firstFound(self)
    }
}

extension PersonStore {
    /// The person with this id, or `nil` when there is none.
    public func person(withID id: Person.ID) async throws -> Person? {
        try await perform(PersonWithIDQuery(id))
    }
}

extension MemoryPersonStore {
    /// The memory store's person by id.
    public func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        contents.withLock { contents in
            contents.index(of: query.id).map { contents.entries[$0].person }
        }
    }
}
