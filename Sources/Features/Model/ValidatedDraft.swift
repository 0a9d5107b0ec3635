/// A person's values that passed every check: the only input a store
/// accepts.
///
/// Outside this package the one way to get one is ``PersonDraft/validated()``,
/// so no store — a fake in a test, or a new real one — can be handed an
/// invalid person, and no caller can forget to check: the compiler asks for
/// this type, not a ``PersonDraft``.
public struct ValidatedDraft: Sendable, Hashable {
    /// The trimmed name; never empty.
    public let name: String
    /// The trimmed address; empty for none.
    public let address: String
    /// The trimmed email; `nil` for none.
    public let email: String?

    /// Values already checked: by ``PersonDraft/validated()``, or because a
    /// store held them (a sample, or a deleted person being put back).
    package init(checkedName name: String, address: String, email: String?) {
        self.name = name
        self.address = address
        self.email = email
    }

    /// The values of a person a store holds, to store them again.
    package init(storing person: Person) {
        self.init(checkedName: person.name, address: person.address, email: person.email)
    }
}
