import Foundation

/// The JSON shape of persons in `people list --json` and `people show --json`.
///
/// Kept apart from ``Person`` so the model has no opinion on any file format,
/// and so the field names scripts rely on are spelled out in one place.
struct PersonJSON: Encodable {
    let id: Person.ID
    let name: String
    let address: String
    let email: String?
    let added: Date

    init(_ person: Person) {
        id = person.id
        name = person.name
        address = person.address
        email = person.email
        added = person.added
    }

    // Written out so a missing email is `null`, not an absent key.
    private enum CodingKeys: String, CodingKey {
        case id, name, address, email, added
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(address, forKey: .address)
        try container.encode(email, forKey: .email)
        try container.encode(added, forKey: .added)
    }
}

/// One page of `people list --json`.
///
/// `next` is the cursor for `people list --after`, `null` on the last page;
/// `page` is `null` for a page asked for by cursor.
struct PersonPageJSON: Encodable {
    let total: Int
    let page: Int?
    let persons: [PersonJSON]
    let next: String?

    private enum CodingKeys: String, CodingKey {
        case total, page, persons, next
    }

    // Written out so that a missing page or cursor is `null`, not absent.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(page, forKey: .page)
        try container.encode(persons, forKey: .persons)
        try container.encode(next, forKey: .next)
    }
}

extension JSONEncoder {
    /// `json` with every character a terminal would act on written as a JSON
    /// `\uXXXX` escape.
    ///
    /// The encoder already escapes C0 controls; C1 controls, DEL and
    /// direction controls it leaves raw. Escaped, a script still reads the
    /// exact stored text, and the console has nothing left to neutralise.
    /// Line breaks outside strings are the pretty-printing's and stay.
    static func escapingTerminalControls(_ json: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard InertText.isObeyed(scalar), scalar != "\n" else {
                escaped.append(scalar)
                continue
            }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            let code = "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            escaped.append(contentsOf: code.unicodeScalars)
        }
        return String(escaped)
    }

    /// The encoder every `--json` output uses: ISO 8601 dates, stable key order.
    static var people: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
