/// The person added last in this interactive session, kept so that the list
/// shows them, highlighted, when it appears again.
///
/// One per session, as ``LastChange`` is: the new-person form records
/// who it stored here, the list takes them from here, and neither knows the
/// other. A one-shot `people add` has no session and no list to come back to.
@MainActor
public final class LastAddition {
    private var person: Person?

    /// No one added yet.
    public init() {}

    /// Keeps `person` as the one added last, replacing any earlier one.
    public func remember(_ person: Person) {
        self.person = person
    }

    /// The person added since the list last looked, forgotten here; `nil`
    /// when there is none.
    public func take() -> Person? {
        defer { person = nil }
        return person
    }
}
