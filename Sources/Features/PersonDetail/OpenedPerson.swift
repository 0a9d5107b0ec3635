/// The person on screen, shared by the detail and edit screens that show them.
///
/// Opening a person begins a small scope of its own; this object lives in it.
/// The edit screen saves through it and the detail screen reads from it, so
/// the detail shows the edit as soon as the form closes. It is freed with the
/// scope when the detail screen closes.
@MainActor
public final class OpenedPerson {
    private let store: any PersonStore
    /// The person as last read from or written to the store.
    public private(set) var person: Person
    /// The person's id, which no save changes; readable from any thread, so
    /// the person's scope can name itself by it.
    public nonisolated let id: Person.ID

    /// Holds `person`, as the list last showed them, and the store they live in.
    public init(person: Person, store: any PersonStore) {
        self.person = person
        self.id = person.id
        self.store = store
    }

    /// Reads the person again, in case another screen or process changed them.
    ///
    /// - Throws: ``PersonStoreError/notFound(_:)`` when they have been deleted.
    public func reload() async throws {
        person = try await store.existingPerson(withID: id)
    }

    /// Checks and stores new values for this person, unless someone else
    /// changed or deleted them since they were last read here.
    ///
    /// - Throws: ``PersonStoreError/changedElsewhere(name:)`` and
    ///   ``PersonStoreError/deletedElsewhere(name:)``, and the draft's errors.
    @discardableResult
    public func save(_ draft: PersonDraft) async throws -> Person {
        person = try await store.update(person, with: draft.validated())
        return person
    }

    /// Removes this person from the store, unless someone else changed or
    /// deleted them since they were last read here.
    public func delete() async throws {
        try await store.delete(person)
    }
}
