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
        object(person, indent: "").joined(separator: "\n")
    }

    /// One page of `list --json`: `next` is the cursor for `list --after`,
    /// `null` on the last page; `page` is `null` for a page asked for by cursor.
    static func page(total: Int, page: Int?, persons: [Person], next: String?) -> String {
        var lines = ["{"]
        lines.append("  \"next\" : \(next.map(PersonFileWriter.jsonString) ?? "null"),")
        lines.append("  \"page\" : \(page.map(String.init) ?? "null"),")
        if persons.isEmpty {
            lines.append("  \"persons\" : [],")
        } else {
            lines.append("  \"persons\" : [")
            for (index, person) in persons.enumerated() {
                var object = self.object(person, indent: "    ")
                if index < persons.count - 1 { object[object.count - 1] += "," }
                lines += object
            }
            lines.append("  ],")
        }
        lines.append("  \"total\" : \(total)")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private static func object(_ person: Person, indent: String) -> [String] {
        [
            indent + "{",
            indent + "  \"added\" : \"\(ISODate.string(person.added))\",",
            indent + "  \"address\" : \(PersonFileWriter.jsonString(person.address)),",
            indent + "  \"email\" : \(person.email.map(PersonFileWriter.jsonString) ?? "null"),",
            indent + "  \"id\" : \(person.id),",
            indent + "  \"name\" : \(PersonFileWriter.jsonString(person.name))",
            indent + "}",
        ]
    }
}
