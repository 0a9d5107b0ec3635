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
struct PersonPageJSON: Encodable {
    let total: Int
    let page: Int
    let persons: [PersonJSON]
}

extension JSONEncoder {
    /// The encoder every `--json` output uses: ISO 8601 dates, stable key order.
    static var people: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
