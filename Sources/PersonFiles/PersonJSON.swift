import Features
import Foundation

/// The JSON shape of persons in `people list --json` and `people show --json`,
/// written by hand.
///
/// Kept apart from ``Features/Person`` so the model has no opinion on any file format,
/// and so the field names scripts rely on are spelled out in one place. By
/// hand rather than through `JSONEncoder` for two reasons: a script walking a
/// million persons by cursor pays for the encoding of every page, and every
/// string goes through ``PersonFileWriter/jsonString(_:)``, which also escapes
/// the characters a terminal would obey — so the exact stored text reaches a
/// script, inert. The layout is pretty-printed with sorted keys.
enum PersonJSON {
    /// One person, as `show --json` prints it.
    static func person(_ person: Person) -> String {
        var text = ""
        append(person, added: ISODate.string(person.added), indent: "", to: &text)
        return text
    }

    /// One page of `list --json`: `next` is the cursor for `list --after`,
    /// `null` on the last page; `page` is `null` for a page asked for by cursor.
    ///
    /// Written into one string as it goes, with no line kept apart: a page
    /// is written for every 500 persons a script walks.
    static func page(total: Int, page: Int?, persons: [Person], next: String?) -> String {
        var text = "{\n"
        text += "  \"next\" : \(next.map(PersonFileWriter.jsonString) ?? "null"),\n"
        text += "  \"page\" : \(page.map(String.init) ?? "null"),\n"
        if persons.isEmpty {
            text += "  \"persons\" : [],\n"
        } else {
            text += "  \"persons\" : [\n"
            // Persons added together (a seed, an import) share a date:
            // written once, not once per person.
            var lastDate: (date: Date, text: String)?
            for (index, person) in persons.enumerated() {
                let added =
                    lastDate?.date == person.added
                    ? lastDate?.text ?? "" : ISODate.string(person.added)
                lastDate = (person.added, added)
                append(person, added: added, indent: "    ", to: &text)
                text += index < persons.count - 1 ? ",\n" : "\n"
            }
            text += "  ],\n"
        }
        text += "  \"total\" : \(total)\n"
        text += "}"
        return text
    }

    /// `person` as an object whose lines start with `indent`, with no line
    /// break after its closing brace.
    ///
    /// The keys of earlier releases keep their meaning — `address` the
    /// street, `email` the preferred email — and every other field of the
    /// card has a key of its own: `emails` and `phones` as lists of
    /// `{"label", "value"}`, the card id as `uid`.
    private static func append(
        _ person: Person, added: String, indent: String, to text: inout String
    ) {
        let details = person.details
        let string = PersonFileWriter.jsonString
        let keys: [(String, String)] = [
            ("added", "\"\(added)\""), ("address", string(details.address.street)),
            ("birthday", details.birthday.map { string($0.description) } ?? "null"),
            ("city", string(details.address.city)), ("country", string(details.address.country)),
            ("email", person.email.map(string) ?? "null"),
            ("emails", labelled(details.emails)), ("id", String(person.id)),
            ("name", string(person.name)), ("nickname", string(details.nickname)),
            ("notes", string(details.notes)), ("organization", string(details.organization)),
            ("phones", labelled(details.phones)), ("postcode", string(details.address.postcode)),
            ("region", string(details.address.region)), ("title", string(details.title)),
            ("uid", string(person.cardID)),
        ]
        text += indent + "{\n"
        for (index, (key, value)) in keys.enumerated() {
            text += indent + "  \"\(key)\" : \(value)" + (index < keys.count - 1 ? ",\n" : "\n")
        }
        text += indent + "}"
    }

    /// Labelled values as a JSON list on one line.
    private static func labelled(_ values: [LabelledValue]) -> String {
        "["
            + values.map {
                "{\"label\" : \(PersonFileWriter.jsonString($0.label)), \"value\" : \(PersonFileWriter.jsonString($0.value))}"
            }.joined(separator: ", ") + "]"
    }
}
