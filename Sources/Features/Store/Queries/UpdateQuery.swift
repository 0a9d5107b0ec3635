/// Replaces the values of a person as the caller last read them, when the
/// store still holds exactly those: ``PersonStore/update(_:with:)``.
///
/// Across several sources, the source holding the person answers; a
/// read-only one refuses.
public struct UpdateQuery: PersonQuery {
    /// The person as the caller last read them.
    public let opened: Person
    /// The new values.
    public let draft: ValidatedDraft

    /// Replaces `opened`'s values with `draft`'s.
    public init(_ opened: Person, with draft: ValidatedDraft) {
        self.opened = opened
        self.draft = draft
    }

    public var name: String { "update" }
    public var effect: PersonQueryEffect { .changes(opened) }
    public var description: String {
        "update(\(opened.id), name: \(QueryText.quoted(draft.name)))"
    }
    public func describe(_ answer: Person) -> String { "#\(answer.id)" }

    public func run(on store: some PersonStorage) async throws -> Person {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Person {
        try await sources.owner(of: opened.id).perform(self)
    }
}

extension PersonStore {
    /// Replaces the values of `opened` — the person as the caller last read
    /// them — when the store still holds exactly those values.
    ///
    /// Asking for what was read, not just an id, is what keeps two people
    /// editing one person from losing a change: the second save is refused,
    /// never written over the first. The check and the write are one step.
    ///
    /// - Returns: the person as now stored.
    /// - Throws: ``PersonStoreError/changedElsewhere(name:)`` or
    ///   ``PersonStoreError/deletedElsewhere(name:)`` when someone else got
    ///   there first; storage errors.
    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try await perform(UpdateQuery(opened, with: draft))
    }
}

extension MemoryPersonStore {
    /// The memory store's update: the check that the person is as read, and
    /// the write, under one hold of its lock.
    public func answer(_ query: UpdateQuery) async throws -> Person {
        let (opened, draft) = (query.opened, query.draft)
        return try contents.withLock { contents throws(PersonStoreError) in
            let old = try contents.unchanged(opened)
            _ = contents.remove(opened.id)
            let person = Person(
                id: opened.id, name: draft.name, details: draft.details, added: old.added)
            contents.insert(person)
            return person
        }
    }
}
