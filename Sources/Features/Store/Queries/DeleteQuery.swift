/// Removes a person when the store still holds exactly the values the
/// caller read: ``PersonStore/delete(_:)``.
///
/// Across several sources, the source holding the person answers; a
/// read-only one refuses.
public struct DeleteQuery: PersonQuery {
    /// The person as the caller last read them.
    public let opened: Person

    /// Deletes `opened`.
    public init(_ opened: Person) {
        self.opened = opened
    }

    public var name: String { "delete" }
    public var effect: PersonQueryEffect { .changes(opened) }
    public var description: String { "delete(\(opened.id))" }
    public func describe(_ answer: Void) -> String { "done" }

    public func run(on store: some PersonStorage) async throws {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws {
        try await sources.owner(of: opened.id).perform(self)
    }
}

extension PersonStore {
    /// Removes `opened` when the store still holds exactly the values the
    /// caller read, so no one deletes a change they have not seen.
    ///
    /// - Throws: ``PersonStoreError/changedElsewhere(name:)`` or
    ///   ``PersonStoreError/deletedElsewhere(name:)``, as for an update.
    public func delete(_ opened: Person) async throws {
        try await perform(DeleteQuery(opened))
    }
}

extension MemoryPersonStore {
    /// The memory store's delete: the check that the person is as read, and
    /// the removal, under one hold of its lock.
    public func answer(_ query: DeleteQuery) async throws {
        try contents.withLock { contents throws(PersonStoreError) in
            _ = try contents.unchanged(query.opened)
            _ = contents.remove(query.opened.id)
        }
    }
}
