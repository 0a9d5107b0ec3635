/// Splits CSV text into records of fields, remembering the line each record
/// starts on, so an error can name it.
///
/// Fields are separated by commas; a field in double quotes may hold commas,
/// line breaks and `""` for a quote. Blank lines are skipped.
struct CSVRecords {
    /// One record: its fields and the 1-based line it starts on.
    struct Record {
        var fields: [String]
        var line: Int
    }

    static func parse(_ text: String, name: String) throws(UsageError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedLine = 1
        var characters = text.makeIterator()
        var pending: Character? = nil

        func next() -> Character? {
            if let character = pending {
                pending = nil
                return character
            }
            return characters.next()
        }

        func endRecord() {
            fields.append(field)
            if fields != [""] { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
            field = ""
        }

        while let character = next() {
            if inQuotes {
                if character == "\"" {
                    let following = next()
                    if following == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        pending = following
                    }
                } else {
                    if character.isNewline { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty:
                inQuotes = true
                quotedLine = line
            case ",":
                fields.append(field)
                field = ""
            case let newline where newline.isNewline:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(character)
            }
        }
        if inQuotes {
            throw UsageError("\(name):\(quotedLine): a quoted field is never closed")
        }
        endRecord()
        return records
    }
}
