/// Compares whatever the store keeps to answer quickly with the persons
/// themselves: ``PersonStore/check(repairing:)``.
///
/// Across several sources, the primary store answers: imported sources
/// keep nothing derived.
public struct CheckQuery: PersonQuery {
    /// Whether to build what disagrees again.
    public let repairing: Bool

    /// Checks, and with `repairing`, repairs.
    public init(repairing: Bool) {
        self.repairing = repairing
    }

    public var name: String { "check" }
    public var effect: PersonQueryEffect { .reads }
    public var description: String { "check(repairing: \(repairing))" }
    public func describe(_ answer: StoreCheck) -> String { "\(answer.problems.count) problems" }

    public func run(on store: some PersonStorage) async throws -> StoreCheck {
        try await store.answer(self)
    }

    public func merge(from sources: PersonSources) async throws -> StoreCheck {
        try await sources.primary.perform(self)
    }
}

extension PersonStore {
    /// Compares whatever the store keeps to answer quickly — indexes,
    /// counts, marks — with the persons themselves, and with `repairing`,
    /// builds it all again when they disagree: `people check`.
    public func check(repairing: Bool) async throws -> StoreCheck {
        try await perform(CheckQuery(repairing: repairing))
    }
}

extension MemoryPersonStore {
    /// The memory store's check: nothing to check, since it keeps nothing
    /// beside its persons that could disagree with them (their keys are made
    /// with them).
    public func answer(_ query: CheckQuery) async throws -> StoreCheck {
        StoreCheck(store: "the memory store", notes: [], problems: [], remaining: nil)
    }
}
