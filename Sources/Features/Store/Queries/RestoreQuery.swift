/// Puts back a person this store deleted, with the same id, values and
/// date: ``PersonStore/restore(_:)``.
///
/// Across several sources, the primary store answers: only its persons
/// can be deleted.
public struct RestoreQuery: PersonQuery {
    /// The person as they were before the delete.
    public let person: Person

    /// Puts `person` back.
    public init(_ person: Person) {
        self.person = person
    }

    public var name: String { "restore" }
    public var effect: PersonQueryEffect { .adds(name: person.name) }
    public var description: String {
        "restore(#\(person.id) \(QueryText.quoted(person.name)))"
    }
    public func describe(_ answer: Void) -> String { "done" }

    public func run(on store: some PersonStorage) async throws {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws {
        try await sources.primary.perform(self)
    }
}

extension PersonStore {
    /// Puts back a person this store deleted, with the same id, values and
    /// date: what undoing a delete needs.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when the id is taken again.
    public func restore(_ person: Person) async throws {
        try await perform(RestoreQuery(person))
    }
}

extension MemoryPersonStore {
    /// The memory store's restore, refused when the id is taken.
    public func answer(_ query: RestoreQuery) async throws {
        let person = query.person
        try contents.withLock { contents throws(PersonStoreError) in
            guard contents.index(of: person.id) == nil else {
                throw .storage("cannot restore \(person.name): id \(person.id) is taken")
            }
            contents.insert(person)
        }
    }
}
