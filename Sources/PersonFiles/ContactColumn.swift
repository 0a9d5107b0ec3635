import Features

/// A column of the program's own CSV, and a key of its JSON: a field of
/// the card, or what a person has in the book — the card id, the id and
/// the date added.
///
/// Declared once, so the export writes exactly the columns the import
/// reads back, and a new ``Features/PersonField`` is exported and
/// imported with no edit here.
enum ContactColumn: Hashable {
    case field(PersonField)
    /// The card id (``Features/Person/cardID``).
    case uid
    /// The person's id in the book.
    case id
    /// When the person was added: ISO 8601, UTC.
    case added

    /// Every column in the order an export writes them: the name, street
    /// and email first, the columns of earlier releases, so a script that
    /// reads them by place still finds them; then the other fields in the
    /// form's order, the card id, the id and the date.
    static let exported: [ContactColumn] =
        [.field(.name), .field(.address), .field(.email)]
        + PersonField.allCases.filter { ![.name, .address, .email].contains($0) }.map(Self.field)
        + [.uid, .id, .added]

    /// The column as a header row or a JSON key names it.
    var name: String {
        switch self {
        case .field(let field): field.rawValue
        case .uid: "uid"
        case .id: "id"
        case .added: "added"
        }
    }

    /// The column `name` names, compared without regard to case.
    init?(name: String) {
        guard let column = Self.exported.first(where: { $0.name == name.lowercased() }) else {
            return nil
        }
        self = column
    }

    /// Every column's name, as an error lists them.
    static let names = exported.map(\.name).joined(separator: ", ")
}
