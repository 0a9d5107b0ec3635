/// What someone typed for a person, before it is checked and stored.
///
/// Adding and editing both produce a draft; validating it gives a
/// ``ValidatedDraft``, the only thing a store accepts. Keeping the unchecked
/// input in its own type means what reaches a store has always been checked.
///
/// Every field is text as typed, a list field too (``PersonField/isList``),
/// so a form, an option and an import line fill it the same way.
public struct PersonDraft: Sendable, Hashable {
    /// Each field's text as typed, in ``PersonField/allCases``' order;
    /// empty for a field not given, so two drafts are equal when every
    /// field reads the same, a field left out and one given as empty text
    /// both "none".
    ///
    /// An array, not a dictionary keyed by field: an export checks a draft
    /// of every person it writes, and hashing thirteen keys a person was
    /// most of a million-person export's time.
    private var texts: [String]

    /// The id the card keeps outside this book (``ContactDetails/uid``);
    /// empty for a new card, which the store then gives one.
    public var uid: String

    /// A draft with the given values; empty ones mean "none".
    public init(name: String = "", address: String = "", email: String = "") {
        self.init(texts: [.name: name, .address: address, .email: email])
    }

    /// A draft with the text of each field given; the rest are empty.
    public init(texts: [PersonField: String], uid: String = "") {
        self.texts = PersonField.allCases.map { texts[$0] ?? "" }
        self.uid = uid
    }

    /// A draft holding a stored person's values, to edit them.
    public init(_ person: Person) {
        texts = PersonField.allCases.map { person.text(of: $0) }
        uid = person.details.uid
    }

    /// The name as typed.
    public var name: String {
        get { self[.name] }
        set { self[.name] = newValue }
    }

    /// The street as typed; empty for none.
    public var address: String {
        get { self[.address] }
        set { self[.address] = newValue }
    }

    /// The emails as typed; empty for none.
    public var email: String {
        get { self[.email] }
        set { self[.email] = newValue }
    }

    /// One field's value, for forms that walk the fields in order.
    public subscript(field: PersonField) -> String {
        get { texts[field.position] }
        set { texts[field.position] = newValue }
    }

    /// The draft's values trimmed and checked, ready for a store.
    ///
    /// - Throws: ``PersonValidationError`` for the first field that fails.
    public func validated() throws(PersonValidationError) -> ValidatedDraft {
        // In the form's order, so the first problem named is the first field's.
        // A person with no name takes the one their email was written with
        // (`Ada Lovelace <ada@example.org>`), as a mail program's would.
        let typedName = self[.name].trimmingCharacters(in: .whitespacesAndNewlines)
        let name = try PersonField.name.validate(
            typedName.isEmpty ? PersonField.displayName(inEmails: self[.email]) ?? "" : self[.name])
        let emails = try PersonField.email.values(in: self[.email])
        let phones = try PersonField.phone.values(in: self[.phone])
        let organization = try PersonField.organization.validate(self[.organization])
        let title = try PersonField.title.validate(self[.title])
        let nickname = try PersonField.nickname.validate(self[.nickname])
        let address = PostalAddress(
            street: try PersonField.address.validate(self[.address]),
            city: try PersonField.city.validate(self[.city]),
            region: try PersonField.region.validate(self[.region]),
            postcode: try PersonField.postcode.validate(self[.postcode]),
            country: try PersonField.country.validate(self[.country]))
        let birthday = try PersonField.birthday.validate(self[.birthday])
        let notes = try PersonField.notes.validate(self[.notes])
        let uid = try Self.checkedUID(uid)
        return ValidatedDraft(
            checkedName: name,
            details: ContactDetails(
                emails: emails, phones: phones, address: address, organization: organization,
                title: title, nickname: nickname, birthday: Birthday(birthday), notes: notes,
                uid: uid))
    }

    /// `uid` when a card may keep it: visible ASCII, at most 254 characters,
    /// as vCard files and URNs write one.
    ///
    /// No form asks for it, so its problem is the card's, reported with the
    /// name (the field every card has) and spoken of as the card's id.
    private static func checkedUID(_ uid: String) throws(PersonValidationError) -> String {
        guard uid.utf8.count <= 254, uid.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw PersonValidationError(field: .name, problem: .malformedUID(uid))
        }
        return uid
    }
}

extension Person {
    /// The text a form shows for `field`: what a draft of this person holds.
    public func text(of field: PersonField) -> String {
        switch field {
        case .name: name
        case .email: details.emails.map(\.formText).joined(separator: ", ")
        case .phone: details.phones.map(\.formText).joined(separator: ", ")
        case .organization: details.organization
        case .title: details.title
        case .nickname: details.nickname
        case .address: details.address.street
        case .city: details.address.city
        case .region: details.address.region
        case .postcode: details.address.postcode
        case .country: details.address.country
        case .birthday: details.birthday?.description ?? ""
        case .notes: details.notes
        }
    }
}
