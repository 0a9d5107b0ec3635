import Features

/// The CSV that Google Contacts and Outlook export, recognised by its
/// header row and read into the fields of a card.
///
/// Google writes numbered groups (`E-mail 1 - Label`, `E-mail 1 - Value`,
/// `Phone 2 - Value`, `Address 1 - City`; older exports say `Type` for
/// `Label`) and keeps several values of one kind in one cell, parted by
/// ` ::: `; Outlook writes one column per kind (`E-mail 2 Address`,
/// `Business Phone`, `Home Street`). Both split the name into parts. A
/// column with no field on the card — a photo, a website, a department,
/// group labels, phonetic names — is passed over; the card holds one
/// postal address, the first one that has any part.
struct ForeignCSV {
    /// What a column of the file holds.
    private enum Role {
        /// A part of the name: its place among prefix, first, middle, last
        /// and suffix.
        case namePart(Int)
        /// The whole name, as older Google exports write it.
        case fullName
        /// A field taken as it is.
        case text(PersonField)
        /// One value of a list field, with the label it always has.
        case value(PersonField, label: String)
        /// A numbered value of a list field, or its label (Google).
        case numbered(PersonField, number: Int, isLabel: Bool)
        /// A part of one of the postal addresses, in order of preference.
        case address(Int, PersonField)
        /// Outlook's birthday, written month/day/year.
        case outlookBirthday
    }

    private let roles: [Role?]

    /// The reading of a file with `header`, when it is Google's or
    /// Outlook's: it names the parts of a name (`First Name`, `Given Name`)
    /// or an email column only they write.
    init?(header: [String]) {
        let titles = header.map { $0.lowercased() }
        let marks = ["first name", "last name", "given name", "family name", "e-mail address"]
        guard titles.contains(where: { marks.contains($0) || Self.numbered($0) != nil }) else {
            return nil
        }
        roles = titles.map(Self.role)
    }

    /// The draft the fields of one row make.
    func draft(of fields: [String]) -> PersonDraft {
        var nameParts = [String](repeating: "", count: 5)
        var fullName = ""
        var texts: [PersonField: String] = [:]
        var lists: [PersonField: [LabelledValue]] = [:]
        var numbered: [PersonField: [Int: (label: String, values: [String])]] = [:]
        var addresses: [Int: [PersonField: String]] = [:]
        for (role, raw) in zip(roles, fields) {
            let field = raw.trimmingCharacters(in: .whitespaces)
            guard let role, !field.isEmpty else { continue }
            switch role {
            case .namePart(let place): nameParts[place] = field
            case .fullName: fullName = field
            case .text(let target): texts[target] = field
            case .value(let target, let label):
                lists[target, default: []].append(LabelledValue(label: label, value: field))
            case .numbered(let target, let number, let isLabel):
                var entry = numbered[target, default: [:]][number] ?? ("", [])
                if isLabel {
                    entry.label = Self.label(field)
                } else {
                    entry.values = field.components(separatedBy: ":::").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                }
                numbered[target, default: [:]][number] = entry
            case .address(let place, let part): addresses[place, default: [:]][part] = field
            case .outlookBirthday: texts[.birthday] = Self.birthday(outlook: field)
            }
        }
        for (target, entries) in numbered {
            for number in entries.keys.sorted() {
                let entry = entries[number] ?? ("", [])
                lists[target, default: []] += entry.values.filter { !$0.isEmpty }.map {
                    LabelledValue(label: entry.label, value: $0)
                }
            }
        }
        var draft = PersonDraft(texts: texts)
        for (target, values) in lists {
            draft[target] = values.map(\.formText).joined(separator: ", ")
        }
        if let place = addresses.keys.sorted().first, let parts = addresses[place] {
            for (part, text) in parts { draft[part] = text }
        }
        let joined = nameParts.filter { !$0.isEmpty }.joined(separator: " ")
        // A card with no name — a company, an address someone mailed — is
        // called what the contacts app shows for it: the name its email
        // was written with (`Ada <ada@example.org>`), else the address.
        let mailbox = lists[.email]?.first?.value
        draft.name =
            [fullName, joined, draft[.organization], draft[.nickname]]
            .first { !$0.isEmpty }
            ?? mailbox.map { PersonField.displayName(inEmails: $0) ?? $0 } ?? ""
        return draft
    }

    /// What a column titled `title` (lowercased) holds, or `nil` when no
    /// field of the card does.
    private static func role(_ title: String) -> Role? {
        if let (target, number, isLabel) = numbered(title) {
            return .numbered(target, number: number, isLabel: isLabel)
        }
        if let (place, part) = addressPart(title) { return .address(place, part) }
        switch title {
        case "name": return .fullName
        // Outlook's "Title" is the one before the name: Mr., Dr.
        case "name prefix", "title": return .namePart(0)
        case "first name", "given name": return .namePart(1)
        case "middle name", "additional name": return .namePart(2)
        case "last name", "family name": return .namePart(3)
        case "name suffix", "suffix": return .namePart(4)
        case "nickname": return .text(.nickname)
        case "organization name", "organization 1 - name", "company": return .text(.organization)
        case "organization title", "organization 1 - title", "job title": return .text(.title)
        case "notes": return .text(.notes)
        case "birthday": return .outlookBirthday
        case "e-mail address", "e-mail 2 address", "e-mail 3 address":
            return .value(.email, label: "")
        default: break
        }
        let phones: [String: String] = [
            "home phone": "home", "home phone 2": "home", "business phone": "work",
            "business phone 2": "work", "mobile phone": "mobile", "other phone": "other",
            "primary phone": "", "car phone": "car", "pager": "pager", "business fax": "work fax",
            "home fax": "home fax", "other fax": "fax", "company main phone": "company",
            "assistant's phone": "assistant", "callback": "callback", "radio phone": "radio",
            "tty/tdd phone": "tty", "telex": "telex", "isdn": "isdn",
        ]
        return phones[title].map { .value(.phone, label: $0) }
    }

    /// Google's numbered columns: `e-mail 2 - value`, `phone 1 - label`
    /// (or `- type`).
    private static func numbered(_ title: String) -> (PersonField, Int, Bool)? {
        let kinds: [(String, PersonField)] = [("e-mail ", .email), ("phone ", .phone)]
        for (prefix, target) in kinds where title.hasPrefix(prefix) {
            let rest = title.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits) else { return nil }
            switch rest.dropFirst(digits.count) {
            case " - value": return (target, number, false)
            case " - label", " - type": return (target, number, true)
            default: return nil
            }
        }
        return nil
    }

    /// A part of a postal address, and which address it belongs to:
    /// Google's `address 1 - city`, Outlook's `home city`, `business
    /// street`, `other country/region` (home first, as a person's card
    /// reads).
    private static func addressPart(_ title: String) -> (Int, PersonField)? {
        let parts: [String: PersonField] = [
            "street": .address, "city": .city, "region": .region, "state": .region,
            "postal code": .postcode, "country": .country, "country/region": .country,
        ]
        if title.hasPrefix("address ") {
            let rest = title.dropFirst("address ".count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits), rest.dropFirst(digits.count).hasPrefix(" - "),
                let part = parts[String(rest.dropFirst(digits.count + 3))]
            else { return nil }
            return (number, part)
        }
        for (place, prefix) in ["home ", "business ", "other "].enumerated()
        where title.hasPrefix(prefix) {
            guard let part = parts[String(title.dropFirst(prefix.count))] else { return nil }
            return (1_000 + place, part)
        }
        return nil
    }

    /// A label as the card keeps it: Google's `* ` (the preferred value)
    /// dropped, a common label in lower case, any other as written.
    ///
    /// A colon or comma, which a form's list reads as the end of a label or
    /// a value, becomes a space, as in the vCard reader's labels: "Dad,
    /// office" would otherwise be read back as a value of its own.
    private static func label(_ text: String) -> String {
        let label = text.hasPrefix("* ") ? String(text.dropFirst(2)) : text
        let lowered = label.lowercased()
        if LabelledValue.commonLabels.contains(lowered) { return lowered }
        return String(label.map { $0 == ":" || $0 == "," ? " " : $0 })
    }

    /// Outlook's `month/day/year` birthday as the card reads one; empty
    /// for Outlook's "none" (`0/0/00`), and as written when it is in
    /// another form, for the card's own check to judge.
    private static func birthday(outlook text: String) -> String {
        let parts = text.split(separator: "/")
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]),
            let year = Int(parts[2])
        else { return text }
        if month == 0 || day == 0 { return "" }
        guard parts[2].count == 4,
            let birthday = Birthday(year: year, month: month, day: day)
        else { return text }
        return birthday.description
    }
}
