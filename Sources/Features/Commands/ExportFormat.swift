/// The shapes `people export` writes, each one `--import` reads back.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A header row `name,address,email`, then one quoted-as-needed row per person.
    case csv
    /// A JSON list of `{"name", "address", "email"}` objects, one per line.
    case json

    /// One person as a line of this format; `isFirst` for the first person.
    func line(_ person: Person, isFirst: Bool) -> String {
        switch self {
        case .csv:
            [person.name, person.address, person.email ?? ""].map(Self.csvField)
                .joined(separator: ",")
        case .json:
            (isFirst ? "  " : ", ")
                + "{\"name\": \(Self.jsonString(person.name)), "
                + "\"address\": \(Self.jsonString(person.address)), "
                + "\"email\": \(person.email.map(Self.jsonString) ?? "null")}"
        }
    }

    /// What comes before the persons.
    var header: String {
        switch self {
        case .csv: "name,address,email"
        case .json: "["
        }
    }

    /// What comes after them, if anything.
    var footer: String? {
        switch self {
        case .csv: nil
        case .json: "]"
        }
    }

    /// `text` as a CSV field: quoted, with quotes doubled, when it holds a
    /// comma, a quote, a line break or space at either end.
    ///
    /// Read by Unicode scalar, as ``CSVRecords`` reads it back: a quote
    /// followed by a combining mark is still a quote to double.
    static func csvField(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let needsQuotes =
            scalars.contains { $0 == "," || $0 == "\"" || CSVRecords.isLineBreak($0) }
            || scalars.first?.properties.isWhitespace == true
            || scalars.last?.properties.isWhitespace == true
        guard needsQuotes else { return text }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in scalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// `text` as a JSON string, with every character a terminal would obey
    /// written as a `\uXXXX` escape, so the line stays one inert line.
    static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where InertText.isObeyed(scalar):
                let digits = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
