import Foundation

/// Stores checked values as a new person: ``PersonStore/add(_:addedAt:)``.
///
/// Across several sources, a new person goes to the primary store.
public struct AddQuery: PersonQuery {
    /// The checked values.
    public let draft: ValidatedDraft
    /// When the person was added, by the caller's clock.
    public let date: Date

    /// Adds `draft`, added at `date`.
    public init(_ draft: ValidatedDraft, addedAt date: Date) {
        self.draft = draft
        self.date = date
    }

    public var name: String { "add" }
    public var effect: PersonQueryEffect { .adds(name: draft.name) }
    public var description: String { "add(name: \(QueryText.quoted(draft.name)))" }
    public func describe(_ answer: Person) -> String { "#\(answer.id)" }

    public func run(on store: some PersonStorage) async throws -> Person {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Person {
        try await sources.primary.perform(self)
    }
}

extension PersonStore {
    /// Stores checked values as a new person, added at `date`.
    ///
    /// The date comes from the caller's clock, so whichever store is used,
    /// the time a person was added is the app's time.
    ///
    /// Ids are never reused, so they can run out: when the largest there
    /// is, `Int.max`, is taken, the add is refused with an error. A store
    /// never wraps round to a taken id, and never traps (`nextID += 1`
    /// would, and end the whole program).
    ///
    /// - Returns: the stored person, with its new id.
    /// - Throws: ``PersonStoreError/storage(_:)`` when no id is left;
    ///   storage errors.
    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try await perform(AddQuery(draft, addedAt: date))
    }
}

extension MemoryPersonStore {
    /// The memory store's add: an id and the insert, under one hold of its lock.
    public func answer(_ query: AddQuery) async throws -> Person {
        try contents.withLock { contents throws(PersonStoreError) in
            let person = try contents.makePersons([query.draft], added: query.date)[0]
            contents.insert(person)
            return person
        }
    }
}
