import Foundation

/// Stores many new persons in one go, all or none:
/// ``PersonStore/add(contentsOf:addedAt:)``.
///
/// The drafts stream: a store reads them once, as it writes, so a million
/// never sit in memory at once (``DraftStream``). Across several sources,
/// new persons go to the primary store.
public struct AddManyQuery: PersonQuery {
    /// The drafts, read once by the store that answers.
    public let drafts: DraftStream
    /// When the persons were added, by the caller's clock.
    public let date: Date

    /// Adds every draft of `drafts`, added at `date`.
    public init(_ drafts: DraftStream, addedAt date: Date) {
        self.drafts = drafts
        self.date = date
    }

    public var name: String { "add(contentsOf:)" }
    public var effect: PersonQueryEffect { .adds(name: "these persons") }
    public var description: String { "add(contentsOf: …)" }
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
        try await perform(AddManyQuery(DraftStream(drafts), addedAt: date))
    }
}

extension MemoryPersonStore {
    /// The memory store's add of many: all, or none when ids run out.
    public func answer(_ query: AddManyQuery) async throws -> Int {
        let checked = Array(query.drafts)
        return try contents.withLock { contents throws(PersonStoreError) in
            contents.merge(try contents.makePersons(checked, added: query.date))
            return checked.count
        }
    }
}
