import Features

/// Writes persons as `people export`, `list --json` and `show --json` print
/// them: the shapes `--import` reads back and scripts rely on.
///
/// The file-format edge's side of ``Features/PersonWriter``: the command
/// runner decides what to write, this decides how it is spelled. By hand
/// rather than through `JSONEncoder`, so that every string goes through
/// `jsonString(_:)`, which also escapes the characters a terminal would
/// obey: the exact stored text reaches a script, inert.
public struct PersonFileWriter: PersonWriter {
    /// The one writer; it keeps nothing.
    public init() {}

    public func json(_ person: Person) -> String {
        PersonJSON.person(person)
    }

    public func json(page: Int?, total: Int, persons: [Person], next: String?) -> String {
        PersonJSON.page(total: total, page: page, persons: persons, next: next)
    }

    public func line(_ person: Person, in format: ExportFormat, isFirst: Bool) -> String {
        switch format {
        case .csv:
            Self.csvField(person.name) + "," + Self.csvField(person.address) + ","
                + Self.csvField(person.email ?? "")
        case .json:
            (isFirst ? "  " : ", ")
                + "{\"name\": \(Self.jsonString(person.name)), "
                + "\"address\": \(Self.jsonString(person.address)), "
                + "\"email\": \(person.email.map(Self.jsonString) ?? "null")}"
        }
    }

    public func header(of format: ExportFormat) -> String {
        switch format {
        case .csv: "name,address,email"
        case .json: "["
        }
    }

    public func footer(of format: ExportFormat) -> String? {
        switch format {
        case .csv: nil
        case .json: "]"
        }
    }

    /// `text` as a CSV field: quoted, with quotes doubled, when it holds a
    /// comma, a quote, a line break or space at either end.
    ///
    /// Read by Unicode scalar, as `CSVRecords` reads it back: a quote
    /// followed by a combining mark is still a quote to double.
    package static func csvField(_ text: String) -> String {
        // Most fields are printable ASCII, with no comma or quote and no
        // space at either end: one pass over the bytes finds that out, and
        // an export of a million is not held up by reading scalars.
        let isPlain = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return true }
            return first != 0x20 && last != 0x20
                && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x2C && $0 != 0x22 }
        }
        if isPlain == true { return text }
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
    package static func jsonString(_ text: String) -> String {
        // Most text needs no escape; one scan finds that out, and a million
        // persons walked by cursor are written at the speed of an export.
        // Printable ASCII with no quote or backslash needs no escape: one
        // pass over the bytes, quicker than reading scalars.
        let isPlain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        }
        if isPlain == true { return "\"" + text + "\"" }
        guard text.unicodeScalars.contains(where: needsJSONEscape) else { return "\"\(text)\"" }
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

    /// Whether `scalar` is written as an escape in a JSON string.
    private static func needsJSONEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || InertText.isObeyed(scalar)
    }
}
