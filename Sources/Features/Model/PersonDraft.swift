/// What someone typed for a person, before it is checked and stored.
///
/// Adding and editing both produce a draft; validating it gives a
/// ``ValidatedDraft``, the only thing a store accepts. Keeping the unchecked
/// input in its own type means what reaches a store has always been checked.
public struct PersonDraft: Sendable, Hashable {
    /// The name as typed.
    public var name: String
    /// The address as typed; empty for none.
    public var address: String
    /// The email as typed; empty for none.
    public var email: String

    /// A draft with the given values; empty ones mean "none".
    public init(name: String = "", address: String = "", email: String = "") {
        self.name = name
        self.address = address
        self.email = email
    }

    /// A draft holding a stored person's values, to edit them.
    public init(_ person: Person) {
        self.init(name: person.name, address: person.address, email: person.email ?? "")
    }

    /// One field's value, for forms that walk the fields in order.
    public subscript(field: PersonField) -> String {
        get {
            switch field {
            case .name: name
            case .address: address
            case .email: email
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .address: address = newValue
            case .email: email = newValue
            }
        }
    }

    /// The draft's values trimmed and checked, ready for a store.
    ///
    /// - Throws: ``PersonValidationError`` for the first field that fails.
    public func validated() throws(PersonValidationError) -> ValidatedDraft {
        // In the form's order, so the first problem named is the first field's.
        let name = try PersonField.name.validate(name)
        let address = try PersonField.address.validate(address)
        let email = try PersonField.email.validate(email)
        return ValidatedDraft(
            checkedName: name, address: address, email: email.isEmpty ? nil : email)
    }
}
