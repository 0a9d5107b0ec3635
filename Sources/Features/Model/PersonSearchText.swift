/// The folded text a search reads for one person: every field a person
/// would look them up by, in one string.
///
/// One definition, so that every store finds the same persons: the memory
/// store keeps this text beside each person's sort key, the SQLite store
/// keeps the part after the name in a column (and its trigram index reads
/// the sort key and that column joined), and the PostgreSQL server
/// computes it, in SQL, as it computes the sort name.
///
/// The fields are the name, every email, every phone as written and its
/// ASCII digits alone (so `2079460958` finds `+44 20 7946 0958`), the
/// organisation, the title, the nickname, the address's parts and the
/// notes, in that order, joined by ``separator``. The name is folded as
/// its sort key is, and the rest by ``PersonSortKey/fold(_:)`` too: case
/// and accents set aside, as a name is. The separator folds to itself and
/// nothing composes across it, so the whole folded at once is the same.
///
/// A person matches a search when the folded search is a substring of this
/// text. A search holding the separator would match across two fields, so
/// it matches no one (``contains(folded:)``). Labels, the birthday and the
/// card's id are not read: they are not what a person remembers someone by.
/// The order of a list is still by name alone (``PersonSortKey``).
public struct PersonSearchText: Sendable, Hashable {
    /// The folded text, fields apart by ``separator``.
    public let folded: String

    /// Between two fields: a control character no field typed here holds,
    /// and no search can usefully hold.
    public static let separator: Character = "\u{1F}"

    /// The search text of a person with this name and card.
    public init(name: String, details: ContactDetails) {
        self.init(
            folded: PersonSortKey.fold(name) + String(Self.separator)
                + Self.foldedFields(of: details))
    }

    /// A search text already folded, as a store reads it back.
    public init(folded: String) {
        self.folded = folded
    }

    /// The fields a search reads, joined by ``separator`` and not folded:
    /// what a store that folds in its own code is handed.
    public static func fields(name: String, details: ContactDetails) -> String {
        name + String(separator) + fields(of: details)
    }

    /// Every field a search reads but the name, folded and joined by
    /// ``separator``: what the SQLite store keeps beside the sort key.
    ///
    /// A person's whole text is their sort key, the separator, then this.
    /// So a store that keeps the two apart finds a person another program
    /// renamed by the new name, as soon as it has the new sort key.
    public static func foldedFields(of details: ContactDetails) -> String {
        PersonSortKey.fold(fields(of: details))
    }

    /// Every field a search reads but the name, joined by ``separator``
    /// and not folded.
    static func fields(of details: ContactDetails) -> String {
        var fields = details.emails.map(\.value)
        for phone in details.phones {
            fields.append(phone.value)
            fields.append(String(phone.value.unicodeScalars.filter { ("0"..."9").contains($0) }))
        }
        fields += [details.organization, details.title, details.nickname]
        fields += details.address.parts
        fields.append(details.notes)
        return fields.joined(separator: String(separator))
    }

    /// Whether `search`, which must be folded already, is in one field.
    ///
    /// Byte-wise, like ``PersonSortKey/nameContains(folded:)``, so every
    /// store agrees on who matches; empty matches everyone.
    public func contains(folded search: String) -> Bool {
        if search.isEmpty { return true }
        if search.utf8.contains(Self.separatorByte) { return false }
        return folded.utf8.firstRange(of: search.utf8) != nil
    }

    /// The field whose one value is the longest a search reads: the notes,
    /// longer than any name, email or phone.
    ///
    /// A search longer than it can hold finds no one, so a front end cuts
    /// what is typed to it (``PersonField/longestStart(of:)``) rather than
    /// hand every store a pasted megabyte; cut to a name's length instead,
    /// a sentence of someone's notes found no one.
    public static let longestField = PersonField.notes

    /// ``separator``'s one UTF-8 byte.
    static let separatorByte: UInt8 = 0x1F
}

extension Person {
    /// The text a search reads for this person: see ``PersonSearchText``.
    public var searchText: PersonSearchText { PersonSearchText(name: name, details: details) }
}
