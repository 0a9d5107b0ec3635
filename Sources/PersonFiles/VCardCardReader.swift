import Features
import Foundation

/// Makes one card's properties into a checked draft, counting what it
/// leaves out.
///
/// Kept apart from ``VCardReader``, which finds the cards: this is where
/// vCard's words meet the model's fields, one property at a time.
struct VCardCardReader {
    /// The card's properties, between `BEGIN:VCARD` and `END:VCARD`.
    let properties: [VCardProperty]
    /// The line of `BEGIN:VCARD`, which every problem with the card names.
    let line: Int
    /// The file as messages show it.
    let file: String
    /// How many `PHOTO`s were left out.
    private(set) var photos = 0
    /// How many of every other property were left out, by name.
    private(set) var skipped: [String: Int] = [:]

    init(properties: [VCardProperty], line: Int, file: String) {
        self.properties = properties
        self.line = line
        self.file = file
    }

    /// The properties this reader does not take as a field and does not
    /// count as left out: they describe the file, not the person.
    private static let quiet: Set<String> = [
        "VERSION", "PRODID", "REV", "X-ABLABEL", "X-PEOPLE-ID", "X-PEOPLE-ADDED",
    ]

    /// The card, checked.
    mutating func card() throws(UsageError) -> VCard {
        let version = properties.first { $0.name == "VERSION" }.map { text($0.value) } ?? ""
        let fallback: VCardText.Charset? = version.hasPrefix("2") ? .windows1252 : nil
        // Apple keeps a custom label on its own line in the same group.
        var groupLabels: [String: String] = [:]
        for property in properties where property.name == "X-ABLABEL" && !property.group.isEmpty {
            groupLabels[property.group] = Self.label(
                fromAppleLabel: try string(property, fallback: fallback))
        }
        var texts: [PersonField: String] = [:]
        var emails: [(rank: Int, text: String)] = []
        var phones: [(rank: Int, text: String)] = []
        var addresses: [(rank: Int, parts: [String])] = []
        var uid = ""
        var id: Int?
        var added: Date?
        var singles: Set<String> = []
        for property in properties {
            switch property.name {
            case "FN", "TITLE", "NICKNAME", "NOTE", "BDAY", "UID", "ORG", "N":
                // The first of a kind is the field; any more are left out.
                if !singles.insert(property.name).inserted { count(property) }
            case "EMAIL", "TEL":
                var value = try string(property, fallback: fallback)
                value = Self.withoutScheme(value, property.name == "EMAIL" ? "mailto:" : "tel:")
                if property.name == "TEL" {
                    value = value.replacingOccurrences(of: ";ext=", with: " ext. ")
                }
                if value.contains(",") {
                    throw problem("the value \(InertText.quoted(value)) holds a comma")
                }
                let label = groupLabels[property.group] ?? Self.label(fromTypes: property.types)
                let text = label.isEmpty ? value : "\(label): \(value)"
                if property.name == "EMAIL" {
                    emails.append((property.preference, text))
                } else {
                    phones.append((property.preference, text))
                }
            case "ADR":
                let parts = try components(property, lists: true, fallback: fallback)
                addresses.append((property.preference, parts))
            case "X-PEOPLE-ID":
                let value = text(property.value)
                guard let number = Int(value) else {
                    throw problem("X-PEOPLE-ID \(InertText.quoted(value)) is not a whole number")
                }
                id = number
            case "X-PEOPLE-ADDED":
                let value = text(property.value)
                guard let date = VCardDate.date(value) else {
                    throw problem(
                        "X-PEOPLE-ADDED \(InertText.quoted(value)) is not \(ISODate.expected)")
                }
                added = date
            case "PHOTO":
                photos += 1
            case let name where Self.quiet.contains(name):
                continue
            default:
                count(property)
            }
        }
        try fillNames(&texts, uid: &uid, fallback: fallback)
        texts[.email] = Self.ordered(emails).joined(separator: ", ")
        texts[.phone] = Self.ordered(phones).joined(separator: ", ")
        let sorted = addresses.enumerated().sorted { ($0.1.rank, $0.0) < ($1.1.rank, $1.0) }
        if let address = sorted.first?.1.parts {
            fill(&texts, address: address)
            if sorted.count > 1 { skipped["ADR", default: 0] += sorted.count - 1 }
        }
        if texts[.name, default: ""].isEmpty {
            throw problem("the card has no name (FN or N)")
        }
        // A card made here has no uid of its own: its UID is the one its id
        // and date make (``Features/Person/cardID``), and a person given
        // both back makes it again, so it is not kept as the card's own.
        if let id, let added,
            uid == Person(id: id, name: "", details: ContactDetails(), added: added).cardID
        {
            uid = ""
        }
        do {
            let draft = try PersonDraft(texts: texts, uid: uid).validated()
            return VCard(draft: draft, line: line, id: id, added: added)
        } catch {
            throw problem("\(error)")
        }
    }

    /// The fields of the single-valued properties, the first of each kind
    /// kept; the rest are counted as left out.
    private mutating func fillNames(
        _ texts: inout [PersonField: String], uid: inout String, fallback: VCardText.Charset?
    ) throws(UsageError) {
        for property in properties {
            let field: PersonField
            switch property.name {
            case "FN": field = .name
            case "TITLE": field = .title
            case "NICKNAME": field = .nickname
            case "NOTE": field = .notes
            case "BDAY": field = .birthday
            case "ORG": field = .organization
            case "UID":
                if uid.isEmpty { uid = try string(property, fallback: fallback) }
                continue
            default: continue
            }
            guard texts[field] == nil else { continue }
            switch property.name {
            case "ORG":
                let parts = try components(property, lists: false, fallback: fallback)
                texts[field] = parts.filter { !$0.isEmpty }.joined(separator: ", ")
            case "NICKNAME":
                let parts = try components(property, lists: true, fallback: fallback)
                texts[field] = parts.joined(separator: ";")
            case "BDAY":
                texts[field] = Self.birthday(try string(property, fallback: fallback), property)
            default: texts[field] = try string(property, fallback: fallback)
            }
        }
        if texts[.name, default: ""].allSatisfy(\.isWhitespace),
            let n = properties.first(where: { $0.name == "N" })
        {
            // Family; given; additional; prefix; suffix, read in the order a
            // person says them.
            let parts = try components(n, lists: true, fallback: fallback)
            let order = [3, 1, 2, 0, 4].filter { $0 < parts.count }.map { parts[$0] }
            texts[.name] = order.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    private mutating func count(_ property: VCardProperty) {
        skipped[property.name, default: 0] += 1
    }

    /// The street, city, region, postcode and country of an `ADR`.
    ///
    /// Its parts are: post office box; extended address; street; locality;
    /// region; code; country. The first three make the street.
    private func fill(_ texts: inout [PersonField: String], address parts: [String]) {
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        texts[.address] = [part(0), part(1), part(2)].filter { !$0.isEmpty }.joined(separator: ", ")
        texts[.city] = part(3)
        texts[.region] = part(4)
        texts[.postcode] = part(5)
        texts[.country] = part(6)
    }

    /// A `BDAY` as the birthday field reads it: the time dropped, and the
    /// year Apple writes for "no year" (`X-APPLE-OMIT-YEAR=1604`) too.
    private static func birthday(_ text: String, _ property: VCardProperty) -> String {
        var date = Substring(text.trimmingCharacters(in: .whitespaces))
        if let time = date.firstIndex(of: "T") { date = date[..<time] }
        if let omitted = property.values(of: "X-APPLE-OMIT-YEAR").first, date.hasPrefix(omitted),
            omitted.count == 4
        {
            date = "--" + date.dropFirst(4).drop { $0 == "-" }
        }
        return String(date)
    }

    /// The label `TYPE` words give a value: home, work, mobile (`cell`,
    /// `iphone`), other, with fax or pager after; empty for none.
    private static func label(fromTypes types: Set<String>) -> String {
        let place = ["home", "work", "other"].first { types.contains($0) }
        let mobile = types.contains("cell") || types.contains("mobile") || types.contains("iphone")
        let kind = ["fax", "pager"].first { types.contains($0) }
        if mobile { return place.map { "\($0) mobile" } ?? "mobile" }
        return [place, kind].compactMap { $0 }.joined(separator: " ")
    }

    /// An `X-ABLabel`'s text as a label.
    ///
    /// Apple's own words, written `_$!<HomeFAX>!$_`, become lowercase words
    /// ("home fax"); a person's own label is kept as written. A colon or
    /// comma, which a form's list reads as the end of a label or a value,
    /// becomes a space.
    static func label(fromAppleLabel text: String) -> String {
        var label = text.trimmingCharacters(in: .whitespaces)
        if label.hasPrefix("_$!<") && label.hasSuffix(">!$_") && label.count >= 8 {
            var words = ""
            var previous: Character = " "
            for character in label.dropFirst(4).dropLast(4) {
                if character.isUppercase && previous.isLowercase { words.append(" ") }
                words.append(character)
                previous = character
            }
            label = words.lowercased()
            if label == "cell" || label == "i phone" { label = "mobile" }
        }
        return String(label.map { $0 == ":" || $0 == "," ? " " : $0 })
    }

    /// `text` without a leading `scheme` (`mailto:`, `tel:`), in any case.
    private static func withoutScheme(_ text: String, _ scheme: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix(scheme) else { return trimmed }
        return String(trimmed.dropFirst(scheme.count))
    }

    /// The texts of `values`, most preferred first, file order otherwise.
    private static func ordered(_ values: [(rank: Int, text: String)]) -> [String] {
        values.enumerated().sorted { ($0.1.rank, $0.0) < ($1.1.rank, $1.0) }.map(\.1.text)
    }

    /// The value's parts, split at unescaped semicolons, each unescaped
    /// and decoded; with `lists`, a part's comma-separated values (4.0's
    /// `ADR:;;1 Main St,Flat 2;…`) are joined by ", ".
    ///
    /// Only where RFC 6350 makes a part a list: an unescaped comma in a
    /// note or a title, which many programs write, is kept as written.
    private func components(
        _ property: VCardProperty, lists: Bool, fallback: VCardText.Charset?
    ) throws(UsageError) -> [String] {
        var parts: [String] = []
        for part in VCardText.split(property.value, at: UInt8(ascii: ";")) {
            var items: [String] = []
            let pieces = lists ? VCardText.split(part, at: UInt8(ascii: ",")) : [part]
            for item in pieces {
                items.append(
                    try decoded(VCardText.unescaped(item), property, fallback: fallback)
                        .trimmingCharacters(in: .whitespaces))
            }
            parts.append(items.filter { !$0.isEmpty }.joined(separator: ", "))
        }
        return parts
    }

    /// The whole value, unescaped and decoded, not split, without spaces
    /// at either end.
    private func string(_ property: VCardProperty, fallback: VCardText.Charset?)
        throws(UsageError) -> String
    {
        try decoded(VCardText.unescaped(property.value), property, fallback: fallback)
            .trimmingCharacters(in: .whitespaces)
    }

    /// `bytes` in the property's `CHARSET`, else UTF-8, else (in a 2.1 card)
    /// Windows-1252, the set Outlook wrote without saying so.
    private func decoded(_ bytes: [UInt8], _ property: VCardProperty, fallback: VCardText.Charset?)
        throws(UsageError) -> String
    {
        var charset = VCardText.Charset.utf8
        if let name = property.values(of: "CHARSET").first {
            guard let named = VCardText.Charset(name) else {
                throw UsageError(
                    "\(file):\(property.line): the character set \(InertText.quoted(name)) is not one people reads"
                )
            }
            charset = named
        }
        if let text = VCardText.string(bytes, in: charset) { return text }
        if let fallback, let text = VCardText.string(bytes, in: fallback) { return text }
        throw UsageError(
            "\(file):\(property.line): is not UTF-8 text; name its CHARSET or save it as UTF-8")
    }

    /// `bytes` as text for a check, whatever they hold.
    private func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    private func problem(_ text: String) -> UsageError {
        UsageError("\(file):\(line): \(text)")
    }
}
