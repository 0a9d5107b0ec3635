import Foundation

/// Stores many persons in one go, all or none:
/// ``PersonStore/add(contentsOf:addedAt:)``, and an import's
/// ``PersonStore/putBack(_:adding:addedAt:)``.
///
/// The drafts stream: a store reads them once, as it writes, so a million
/// never sit in memory at once (``DraftStream``). The persons put back
/// under their own ids (an export of this program, imported) go first, in
/// the same transaction: an import that cannot be stored whole stores
/// nothing, and a thousand persons put back are one write, not a
/// thousand. Across several sources, new persons go to the primary store.
public struct AddManyQuery: PersonQuery {
    /// The drafts, read once by the store that answers.
    public let drafts: DraftStream
    /// When the persons were added, by the caller's clock.
    public let date: Date
    /// Persons to store under their own ids and dates before the drafts;
    /// an id taken already refuses the whole query.
    public let restored: [Person]

    /// Adds every draft of `drafts`, added at `date`, after putting back
    /// `restored`.
    public init(_ drafts: DraftStream, addedAt date: Date, restoring restored: [Person]) {
        self.drafts = drafts
        self.date = date
        self.restored = restored
    }

    public var name: String { "add(contentsOf:)" }
    public var effect: PersonQueryEffect { .adds(name: "these persons") }
    public var description: String {
        restored.isEmpty
            ? "add(contentsOf: …)" : "putBack(\(restored.count) persons, adding: …)"
    }
    public func describe(_ answer: Int) -> String { String(answer) }

    public func run(on store: some PersonStorage) async throws -> Int {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> Int {
        try await sources.primary.perform(self)
    }
}

extension PersonStore {
    /// Stores many new persons in one go, all added at `date`: all of them, or none.
    ///
    /// - Returns: how many were added.
    /// - Throws: ``PersonStoreError/storage(_:)`` when the ids left are
    ///   fewer than the persons, and then no one is added; storage errors.
    public func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws -> Int
    {
        try await perform(AddManyQuery(DraftStream(drafts), addedAt: date, restoring: []))
    }

    /// Puts `restored` back under their own ids and dates, then adds
    /// `drafts` at `date`, in one transaction: everyone, or no one.
    ///
    /// - Returns: how many were stored, put back and added.
    /// - Throws: ``PersonStoreError/storage(_:)`` when an id of `restored`
    ///   is taken (or given twice), or the ids left are fewer than the
    ///   drafts, and then no one is stored; storage errors.
    public func putBack(
        _ restored: [Person], adding drafts: sending some Sequence<ValidatedDraft>,
        addedAt date: Date
    ) async throws -> Int {
        try await perform(AddManyQuery(DraftStream(drafts), addedAt: date, restoring: restored))
    }
}

extension MemoryPersonStore {
    /// The memory store's add of many: all, or none when an id to put
    /// back is taken or the ids run out.
    public func answer(_ query: AddManyQuery) async throws -> Int {
        let checked = Array(query.drafts)
        try contents.withLock { contents throws(PersonStoreError) in
            try contents.putBack(query.restored, adding: checked, added: query.date)
        }
        return query.restored.count + checked.count
    }
}
