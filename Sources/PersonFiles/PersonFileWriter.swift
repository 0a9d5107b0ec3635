import Features

/// Writes persons as `people export`, `list --json` and `show --json` print
/// them: the shapes `--import` reads back and scripts rely on.
///
/// The file-format edge's side of ``Features/PersonWriter``: the command
/// runner decides what to write, this decides how it is spelled. By hand
/// rather than through `JSONEncoder`, so that every string goes through
/// `jsonString(_:)`, which also escapes the characters a terminal would
/// obey: the exact stored text reaches a script, inert.
///
/// CSV has no escapes: a field holding a line break or another control
/// character is written in quotes with the character itself, as RFC 4180
/// has it, so `--import` reads back what was stored. The console then
/// writes such a line exactly to a file or a pipe, and with visible
/// stand-ins only to a terminal (``Features/Console/writeRecords(_:)``).
public struct PersonFileWriter: PersonWriter {
    /// The one writer; it keeps nothing.
    public init() {}

    public func json(_ person: Person) -> String {
        PersonJSON.person(person)
    }

    public func json(page: Int?, total: Int, persons: [Person], next: String?) -> String {
        PersonJSON.page(total: total, page: page, persons: persons, next: next)
    }

    public func line(
        _ person: Person, in format: ExportFormat, formulas: FormulaCells, isFirst: Bool
    ) -> String {
        switch format {
        case .csv:
            Self.csvLine(
                ContactColumn.exported.map { column in
                    let text = Self.text(of: column, in: person)
                    guard formulas == .neutralise, column != .id, column != .added else {
                        return text
                    }
                    return Self.neutralised(text)
                })
        case .json:
            (isFirst ? "  {" : ", {")
                + ContactColumn.exported.map { column in
                    "\"\(column.name)\": \(Self.jsonValue(of: column, in: person))"
                }.joined(separator: ", ") + "}"
        case .vcard:
            // The console ends each record with a line feed: the card's
            // last CRLF is completed by it.
            String(VCardWriter.card(person).unicodeScalars.dropLast())
        }
    }

    public func header(of format: ExportFormat) -> String? {
        switch format {
        case .csv: ContactColumn.exported.map(\.name).joined(separator: ",")
        case .json: "["
        case .vcard: nil
        }
    }

    public func footer(of format: ExportFormat) -> String? {
        switch format {
        case .csv, .vcard: nil
        case .json: "]"
        }
    }

    /// What an export writes in `column` for `person`: a field as a form
    /// shows it (emails and phones as `work: a@b.org, c@d.org`), the card
    /// id, the id, and the date added to the fraction of a second a store
    /// keeps, so an import puts back the very same person.
    static func text(of column: ContactColumn, in person: Person) -> String {
        switch column {
        case .field(let field): person.text(of: field)
        case .uid: person.cardID
        case .id: String(person.id)
        case .added: ISODate.exactString(person.added)
        }
    }

    /// `column` of `person` as a JSON value: the id a number, no email
    /// `null` (as earlier releases wrote it), the rest strings.
    private static func jsonValue(of column: ContactColumn, in person: Person) -> String {
        switch column {
        case .id: String(person.id)
        case .field(.email) where person.details.emails.isEmpty: "null"
        default: jsonString(text(of: column, in: person))
        }
    }

    /// `text` after a single quote when a spreadsheet would run it as a
    /// formula: when it starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return (OWASP's advice on CSV injection).
    static func neutralised(_ text: String) -> String {
        switch text.unicodeScalars.first {
        case "=", "+", "-", "@", "\t", "\r": "'" + text
        default: text
        }
    }

    /// Fields as one CSV line.
    ///
    /// An export of a million persons makes a million of these, so a field
    /// of printable ASCII, what most are, is checked byte by byte and
    /// appended whole; any other is read by scalar.
    private static func csvLine(_ fields: [String]) -> String {
        var line = ""
        line.reserveCapacity(fields.reduce(fields.count) { $0 + $1.utf8.count + 2 })
        for (index, field) in fields.enumerated() {
            if index > 0 { line.append(",") }
            var field = field
            switch field.withUTF8(asciiNeedsQuotes) {
            case false?: line.append(field)
            case true?, nil: appendCSVField(field, to: &line)
            }
        }
        return line
    }

    /// Appends `text` to `line` as a CSV field: quoted, with quotes
    /// doubled, when it holds a comma, a quote, a line break or another
    /// character a terminal would obey, or space at either end.
    ///
    /// Read by Unicode scalar, as `CSVRecords` reads it back: a quote
    /// followed by a combining mark is still a quote to double.
    private static func appendCSVField(_ text: String, to line: inout String) {
        let scalars = text.unicodeScalars
        let needsQuotes =
            scalars.contains { $0 == "," || $0 == "\"" || InertText.isObeyed($0) }
            || scalars.first?.properties.isWhitespace == true
            || scalars.last?.properties.isWhitespace == true
        guard needsQuotes else { return line.append(text) }
        line.append("\"")
        for scalar in scalars {
            if scalar == "\"" { line.unicodeScalars.append("\"") }
            line.unicodeScalars.append(scalar)
        }
        line.append("\"")
    }

    /// Whether printable ASCII `bytes` need quotes in CSV: a comma, a quote
    /// or a space at either end; `nil` when they are anything else.
    private static func asciiNeedsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var needsQuotes = bytes.first == 0x20 || bytes.last == 0x20
        for byte in bytes {
            switch byte {
            case 0x2C, 0x22: needsQuotes = true
            case 0x20..<0x7F: continue
            default: return nil
            }
        }
        return needsQuotes
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
