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
    /// Everything else the card holds, each value checked.
    public let details: ContactDetails

    /// The street; empty for none.
    public var address: String { details.address.street }
    /// The preferred email; `nil` for none.
    public var email: String? { details.emails.first?.value }

    /// Values already checked: by ``PersonDraft/validated()``, or because a
    /// store held them (a sample, or a deleted person being put back).
    package init(checkedName name: String, details: ContactDetails) {
        self.name = name
        self.details = details
    }

    /// A name, street and email already checked, and nothing else.
    package init(checkedName name: String, address: String, email: String?) {
        self.init(
            checkedName: name,
            details: ContactDetails(
                emails: email.map { [LabelledValue(value: $0)] } ?? [],
                address: PostalAddress(street: address)))
    }

    /// The values of a person a store holds, to store them again.
    package init(storing person: Person) {
        self.init(checkedName: person.name, details: person.details)
    }

}
