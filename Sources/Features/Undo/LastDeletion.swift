/// The person deleted last in this interactive session, kept so that undo
/// on the list can bring them back.
///
/// One per session: the detail screen records a delete here, the list takes
/// it back from here, and neither knows the other. A one-shot
/// `people delete` has no session, so nothing keeps what it deletes and it
/// cannot be undone.
@MainActor
public final class LastDeletion {
    private var person: Person?

    /// Nothing deleted yet.
    public init() {}

    /// Keeps `person` as the delete to undo, replacing any earlier one.
    public func remember(_ person: Person) {
        self.person = person
    }

    /// The person to restore, forgotten here; `nil` when there is none.
    public func take() -> Person? {
        defer { person = nil }
        return person
    }
}
