import Features

/// Writes a person as a vCard 4.0 card (RFC 6350) holding every field, for
/// `people export --format vcard`.
///
/// Besides the card's own properties it writes `X-PEOPLE-ID` and
/// `X-PEOPLE-ADDED`, which other programs ignore and an import into an
/// empty book uses to give each person back their id and date. A label
/// vCard has a word for (home, work; cell for a mobile phone) is a `TYPE`;
/// any other is written as Apple Contacts writes one, an `X-ABLabel` in
/// the value's group, which Apple and this reader both read back.
///
/// Every line ends in CRLF and is folded at 75 octets, never inside a
/// UTF-8 sequence; text is escaped per §3.4. A control character vCard
/// cannot hold (anything but a line feed, written `\n`, and a tab), which
/// only another program's write can store, is written as its visible
/// stand-in: the card stays valid and inert, and the export has already
/// warned that such a person will not read back as stored.
enum VCardWriter {
    /// `person` as a card, every line ending in CRLF.
    static func card(_ person: Person) -> String {
        let details = person.details
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "FN:" + escaped(person.name)]
        let words = person.name.split(separator: " ").map(String.init)
        let family = words.count > 1 ? words.last ?? "" : person.name
        let given = words.count > 1 ? words.dropLast().joined(separator: " ") : ""
        lines.append("N:\(escaped(family));\(escaped(given));;;")
        if !details.nickname.isEmpty { lines.append("NICKNAME:" + escaped(details.nickname)) }
        var group = 0
        for (kind, values) in [("EMAIL", details.emails), ("TEL", details.phones)] {
            for (index, value) in values.enumerated() {
                var parameters = kind == "TEL" ? ";VALUE=text" : ""
                var name = kind
                var labelLine: String?
                switch (value.label, kind) {
                case ("", _): break
                case ("home", _), ("work", _): parameters += ";TYPE=" + value.label
                case ("mobile", "TEL"): parameters += ";TYPE=cell"
                default:
                    group += 1
                    name = "item\(group).\(kind)"
                    labelLine = "item\(group).X-ABLabel:" + escaped(value.label)
                }
                if index == 0 { parameters += ";PREF=1" }
                lines.append(name + parameters + ":" + escaped(value.value))
                if let labelLine { lines.append(labelLine) }
            }
        }
        let address = details.address
        if !address.isEmpty {
            lines.append("ADR:;;" + address.parts.map(escaped).joined(separator: ";"))
        }
        if !details.organization.isEmpty { lines.append("ORG:" + escaped(details.organization)) }
        if !details.title.isEmpty { lines.append("TITLE:" + escaped(details.title)) }
        if let birthday = details.birthday { lines.append("BDAY:" + Self.birthday(birthday)) }
        if !details.notes.isEmpty { lines.append("NOTE:" + escaped(details.notes)) }
        lines.append("UID:" + escaped(person.cardID))
        lines.append("X-PEOPLE-ID:\(person.id)")
        lines.append("X-PEOPLE-ADDED:" + VCardDate.string(person.added))
        lines.append("END:VCARD")
        var card = ""
        for line in lines { appendFolded(line, to: &card) }
        return card
    }

    /// A birthday in RFC 6350's basic form: `18151210`, or `--1210`
    /// without the year (the extended `1815-12-10` is not its syntax).
    static func birthday(_ birthday: Birthday) -> String {
        let digits = birthday.description.filter { $0 != "-" }
        return birthday.year == nil ? "--" + digits : digits
    }

    /// `text` as a vCard text value: backslash, comma, semicolon and line
    /// feed escaped (§3.4); any other character a terminal would obey
    /// written as its visible stand-in.
    static func escaped(_ text: String) -> String {
        let isPlain = text.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x2C && $0 != 0x3B
        }
        if isPlain { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ",": escaped += "\\,"
            case ";": escaped += "\\;"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\t"
            case _ where InertText.isObeyed(scalar): escaped += InertText.inert(String(scalar))
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Appends `line` and CRLF, folded so no line is longer than 75
    /// octets: a line break and a space before each further piece of at
    /// most 74, cut only between Unicode scalars.
    static func appendFolded(_ line: String, to card: inout String) {
        guard line.utf8.count > 75 else {
            card += line + "\r\n"
            return
        }
        var room = 75
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if size > room {
                card += "\r\n "
                room = 74
            }
            card.unicodeScalars.append(scalar)
            room -= size
        }
        card += "\r\n"
    }
}
