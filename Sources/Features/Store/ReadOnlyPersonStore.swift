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

    public func count(matching search: String) async throws -> Int {
        try await persons.count(matching: search)
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try await persons.position(of: key, matching: search)
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try await persons.page(matching: search, from: start, limit: limit)
    }

    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try await persons.listPage(matching: search, from: start, size: size)
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        try await persons.person(withID: id)
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws
        -> T
    {
        try await persons.readingConsistently(body)
    }

    public func check(repairing: Bool) async throws -> StoreCheck {
        try await persons.check(repairing: repairing)
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        throw PersonStoreError.readOnly(name: draft.name, source: source)
    }

    public func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws
        -> Int
    {
        throw PersonStoreError.readOnly(name: "these persons", source: source)
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        throw try await refusal(for: opened)
    }

    public func delete(_ opened: Person) async throws {
        throw try await refusal(for: opened)
    }

    public func restore(_ person: Person) async throws {
        throw PersonStoreError.readOnly(name: person.name, source: source)
    }

    private func refusal(for opened: Person) async throws -> PersonStoreError {
        guard let person = try await persons.person(withID: opened.id) else {
            return .deletedElsewhere(name: opened.name)
        }
        return .readOnly(name: person.name, source: source)
    }
}
