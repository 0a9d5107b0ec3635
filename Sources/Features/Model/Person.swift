import Foundation

/// One person in the address book: the model every screen of the sample shows.
///
/// A value type on purpose. A controller holds a copy, so no other screen can
/// change it underneath; the only place a person changes is the store.
public struct Person: Sendable, Hashable, Identifiable {
    /// A person's id: a whole number other than 0.
    ///
    /// A store hands out positive ones and never reuses them; imported
    /// persons have negative ones.
    public typealias ID = Int

    /// Handed out by the store when the person is added; never changes.
    public let id: ID
    /// Never empty, and at most ``PersonField/name``'s limit, when typed or
    /// imported; a database another program wrote may hold any text.
    public let name: String
    /// Everything the card holds besides the name: emails, phones, the
    /// postal address, and the rest.
    public let details: ContactDetails
    /// The street; empty when unknown. (Earlier releases kept the address
    /// as this one line.)
    public var address: String { details.address.street }
    /// The preferred email, the one the list shows; `nil` when the person
    /// has none.
    public var email: String? { details.emails.first?.value }
    /// When the person was added, by the caller's clock, not the store's:
    /// the date handed to ``PersonStore/add(_:addedAt:)``, so it is the app's
    /// time whichever store keeps it.
    public let added: Date
    /// The file a read-only, imported person comes from; `nil` for the
    /// persons the app stores (and may change).
    public let source: String?

    /// Where this person sorts in every list: the key the store holds for
    /// them, which a page's cursor carries on.
    public let sortKey: PersonSortKey

    /// Creates a person exactly as given; checking is the draft's job (``PersonDraft``).
    ///
    /// - Parameters:
    ///   - id: the id the store handed out.
    ///   - name: the name, as stored.
    ///   - details: everything else the card holds, as stored.
    ///   - added: when the person was added.
    ///   - source: the file an imported person comes from; `nil` otherwise.
    ///   - sortName: the folded name a store keeps for this person, when it
    ///     has one; `nil` folds `name`. A database another program wrote may
    ///     hold one that disagrees with the name, and the next page must start
    ///     after the key the rows are ordered by.
    public init(
        id: ID, name: String, details: ContactDetails, added: Date, source: String? = nil,
        sortName: String? = nil
    ) {
        self.id = id
        self.name = name
        self.details = details
        self.added = added
        self.source = source
        sortKey =
            sortName.map { PersonSortKey(foldedName: $0, id: id) }
            ?? PersonSortKey(name: name, id: id)
    }

    /// A person with a name, a street and one email, and nothing else: the
    /// card of earlier releases, which samples and tests still write.
    public init(
        id: ID, name: String, address: String, email: String?, added: Date, source: String? = nil,
        sortName: String? = nil
    ) {
        self.init(
            id: id, name: name,
            details: ContactDetails(
                emails: email.map { [LabelledValue(value: $0)] } ?? [],
                address: PostalAddress(street: address)),
            added: added, source: source, sortName: sortName)
    }

    /// The id this card keeps outside the book (vCard's `UID`).
    ///
    /// The one it came with, or, for a card made here, one made of its id
    /// and the date it was added — neither ever changes, and an export restored
    /// into an empty book gets both back, so the card's id survives the
    /// trip. No random number is drawn, so every store gives one card the
    /// same id.
    public var cardID: String {
        details.uid.isEmpty ? "people:\(id):\(StoredDate.seconds(of: added))" : details.uid
    }

    /// Whether the app may change or delete this person.
    public var isReadOnly: Bool { source != nil }

    /// Whether `other` holds this person's values — name and every detail,
    /// byte for byte, and the date added — as read: what a store checks
    /// before it saves over them or deletes them.
    ///
    /// Bytes, not Swift's `==`, which takes two spellings of "é" as one: a
    /// program that rewrote a name in another spelling changed it, and a
    /// save must not hide that. The bytes are those of the text as read: a
    /// value another program stored as bytes that are not UTF-8, or as a
    /// number, is compared as the text it reads as, so two such values that
    /// read the same are taken as the same.
    public func hasSameValues(as other: Person) -> Bool {
        id == other.id && added == other.added && name.utf8.elementsEqual(other.name.utf8)
            && details.hasSameBytes(as: other.details)
    }

    /// Whether a save of `draft` over `opened`, read back as this person,
    /// kept none of it: the draft changed something, and the row still
    /// holds what was opened.
    ///
    /// The server counts such a save one row changed, as it does any
    /// other: another program's trigger turned it into no change (a
    /// PostgreSQL trigger that returns `OLD`, an SQLite one that writes
    /// the old values back). A store that reported it saved would say so
    /// of a change no one will find.
    public func keptNone(of draft: ValidatedDraft, over opened: Person) -> Bool {
        let written = Person(
            id: opened.id, name: draft.name, details: draft.details, added: opened.added)
        return hasSameValues(as: opened) && !written.hasSameValues(as: opened)
    }
}
