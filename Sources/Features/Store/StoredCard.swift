import Foundation

/// How a store that keeps a person as one row — the SQLite file, the
/// server — keeps what the card holds beyond the name, the street and the
/// preferred email, which keep their columns of earlier releases, and the
/// card's id, which has a column of its own (an import finds a card by it).
///
/// One JSON object in one column, written and read whole with its row: a
/// page still reads one row per person, a save still compares and writes
/// one row, and another program's SQL over the old columns keeps its
/// meaning. The `email` column is the preferred email; the card holds its
/// label and the emails after it. A key left out is empty, so `{}` and a
/// missing card (`NULL`, as another program's `INSERT` leaves it) read as
/// a card with nothing more on it.
///
/// ```json
/// {"emailLabel":"work","moreEmails":[{"label":"home","value":"ada@home.example"}],
///  "phones":[{"label":"mobile","value":"+44 20 7946 0018"}],"city":"London",
///  "organization":"Analytical Engines","birthday":"1815-12-10"}
/// ```
///
/// The card is read as untrusted: another program may have stored any
/// text. A value of the wrong type or a key not known is left out, a comma
/// or colon in a label reads as a space (as an import writes one), and
/// text that is not a JSON object reads as an empty card; each but the
/// label is named by ``problem(in:)``, which `people check` reports and a
/// save over it refuses with. Nothing in a card can crash a read.
public enum StoredCard {
    /// The card's JSON for `details`: the keys of the values it holds, in a
    /// fixed order, so the same card is always the same text.
    public static func json(of details: ContactDetails) -> String {
        var object: [(String, Any)] = []
        if let first = details.emails.first, !first.label.isEmpty {
            object.append(("emailLabel", first.label))
        }
        if details.emails.count > 1 {
            object.append(("moreEmails", details.emails.dropFirst().map(labelled)))
        }
        if !details.phones.isEmpty { object.append(("phones", details.phones.map(labelled))) }
        let texts: [(String, String)] = [
            ("city", details.address.city), ("region", details.address.region),
            ("postcode", details.address.postcode), ("country", details.address.country),
            ("organization", details.organization), ("title", details.title),
            ("nickname", details.nickname), ("birthday", details.birthday?.description ?? ""),
            ("notes", details.notes),
        ]
        object += texts.filter { !$0.1.isEmpty }.map { ($0.0, $0.1 as Any) }
        return "{" + object.map { "\(quoted($0.0)):\(encoded($0.1))" }.joined(separator: ",") + "}"
    }

    /// The card a row holds: its `card` column read with its street, email
    /// and id columns.
    ///
    /// - Parameters:
    ///   - json: the card column's text; `nil` for none.
    ///   - street: the address column.
    ///   - email: the email column; `nil` for none.
    ///   - uid: the card id column; `nil` for none.
    public static func details(json: String?, street: String, email: String?, uid: String?)
        -> ContactDetails
    {
        let object = json.flatMap(Self.object) ?? [:]
        func text(_ key: String) -> String { object[key] as? String ?? "" }
        var emails =
            email.map { [LabelledValue(label: label(text("emailLabel")), value: $0)] } ?? []
        emails += values(object["moreEmails"])
        return ContactDetails(
            emails: emails, phones: values(object["phones"]),
            address: PostalAddress(
                street: street, city: text("city"), region: text("region"),
                postcode: text("postcode"), country: text("country")),
            organization: text("organization"), title: text("title"), nickname: text("nickname"),
            birthday: Birthday(text("birthday")), notes: text("notes"), uid: uid ?? "")
    }

    /// What is wrong with a stored card's text, or `nil` when it reads
    /// whole: what `people check` says of a card another program broke,
    /// and why a store refuses to save over it.
    ///
    /// A card that is not a JSON object; a value of the wrong type (a
    /// phone list that is not a list of labelled values, a city that is
    /// not text, a birthday no form could type); a key this program does
    /// not know. Each is read as nothing, and a save would write the card
    /// without it: what another program stored would be lost.
    public static func problem(in json: String?) -> String? {
        guard let json else { return nil }
        guard let object = object(json) else {
            return "its card is not a JSON object, so only its name, address and email are read"
        }
        for key in object.keys.sorted() {
            let value = object[key] ?? NSNull()
            let named = InertText.quoted(key, limit: 40)
            // A null reads as nothing, and a save writing nothing loses none.
            if value is NSNull, key == "birthday" || textKeys.contains(key) { continue }
            switch key {
            case "moreEmails", "phones":
                guard let list = value as? [Any], list.allSatisfy(isLabelledValue) else {
                    return "its card's \(named) is not a list of labelled values, so it is not read"
                }
            case "birthday":
                guard let text = value as? String, text.isEmpty || Birthday(text) != nil else {
                    return "its card's \(named) is not a birthday, so it is not read"
                }
            case _ where textKeys.contains(key):
                guard value is String else {
                    return "its card's \(named) is not text, so it is not read"
                }
            default:
                return "its card holds \(named), which this program does not read"
            }
        }
        return nil
    }

    /// The error a save over `json`, the stored card of the person with
    /// `id` and `name`, is refused with; `nil` when the card reads whole.
    ///
    /// The card is what another program stored: a save would write it
    /// again without what this one cannot read, so nothing is saved, and
    /// the message says why and where to look.
    public static func saveRefusal(overCard json: String?, of id: Person.ID, named name: String)
        -> PersonStoreError?
    {
        problem(in: json).map { problem in
            .storage(
                "nothing was saved: person \(id) \(InertText.quoted(name, limit: 40)): \(problem), and a save would lose what another program stored there (people check names such cards)"
            )
        }
    }

    /// The keys whose values are text.
    private static let textKeys: Set<String> = [
        "emailLabel", "city", "region", "postcode", "country", "organization", "title",
        "nickname", "notes",
    ]

    /// Whether `item` is a labelled value as ``json(of:)`` writes one: an
    /// object with a text `value`, and a text `label` or none.
    private static func isLabelledValue(_ item: Any) -> Bool {
        guard let entry = item as? [String: Any], entry["value"] is String,
            entry["label"] == nil || entry["label"] is String,
            Set(entry.keys).isSubset(of: ["label", "value"])
        else { return false }
        return true
    }

    private static func object(_ json: String) -> [String: Any]? {
        guard let data = json.data(using: .utf8),
            let parsed = try? JSONSerialization.jsonObject(with: data, options: [])
        else { return nil }
        return parsed as? [String: Any]
    }

    private static func values(_ stored: Any?) -> [LabelledValue] {
        guard let array = stored as? [Any] else { return [] }
        return array.compactMap { item in
            guard let entry = item as? [String: Any], let value = entry["value"] as? String,
                !value.isEmpty
            else { return nil }
            return LabelledValue(label: label(entry["label"] as? String ?? ""), value: value)
        }
    }

    /// A stored label as a form can show it and read it back.
    ///
    /// A comma or a colon, which a form's list reads as the end of a value
    /// or a label, becomes a space, as an import makes a label. Only
    /// another program stores one; kept, it would make every edit of the
    /// person read an email or phone that is not there, and refuse to save.
    private static func label(_ stored: String) -> String {
        guard stored.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":") })
        else { return stored }
        return String(stored.map { $0 == "," || $0 == ":" ? " " : $0 })
    }

    private static func labelled(_ value: LabelledValue) -> [(String, Any)] {
        (value.label.isEmpty ? [] : [("label", value.label as Any)]) + [("value", value.value)]
    }

    private static func encoded(_ value: Any) -> String {
        switch value {
        case let text as String: quoted(text)
        case let pairs as [(String, Any)]:
            "{" + pairs.map { "\(quoted($0.0)):\(encoded($0.1))" }.joined(separator: ",") + "}"
        case let list as [[(String, Any)]]: "[" + list.map(encoded).joined(separator: ",") + "]"
        default: "null"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and every control
    /// character escaped; everything else as it is.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
