/// What someone typed for a person, before it is checked and stored.
///
/// Adding and editing both produce a draft; the store turns a valid draft
/// into a ``Person``. Keeping the unchecked input in its own type means a
/// `Person` is always valid.
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

    /// The draft with every field trimmed and checked.
    ///
    /// - Throws: ``PersonValidationError`` for the first field that fails.
    public func validated() throws(PersonValidationError) -> PersonDraft {
        var checked = self
        for field in PersonField.allCases {
            checked[field] = try field.validate(self[field])
        }
        return checked
    }

    /// The email as a person stores it: `nil` for none.
    public var storedEmail: String? { email.isEmpty ? nil : email }
}
