import Features

/// Splits CSV text into records of fields, remembering the line each record
/// starts on, so an error can name it.
///
/// Fields are separated by commas; a field in double quotes may hold commas,
/// line breaks and `""` for a quote. Blank lines are skipped.
///
/// The text is read by Unicode scalar, not by `Character`: the separators
/// and quotes are ASCII, but a comma or quote followed by a combining mark,
/// a zero-width joiner, a variation selector, an emoji modifier or a tag
/// character makes one `Character` with it, and would hide the separator.
package struct CSVRecords {
    /// One record: its fields and the 1-based line it starts on.
    package struct Record {
        package var fields: [String]
        package var line: Int
    }

    /// Whether `scalar` ends a line.
    ///
    /// LF, VT, FF, CR, NEL and the line and paragraph separators do (the
    /// scalars `Character.isNewline` is true for); a CR right before an LF
    /// ends the same line.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    package static func parse(_ text: String, name: String, limit: Int = .max) throws(UsageError)
        -> [Record]
    {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }

        /// After a CR: the LF that completes a CR LF line break, if it is next.
        func lineFeedAfterReturn(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            guard scalar == "\r" else { return nil }
            let following = next()
            if following == "\n" { return following }
            pending = following
            return nil
        }

        func endRecord() {
            fields.append(String(field))
            if fields != [""] { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
            field = String.UnicodeScalarView()
        }

        while let scalar = next() {
            if inQuotes {
                if scalar == "\"" {
                    let following = next()
                    if following == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        pending = following
                    }
                } else {
                    field.append(scalar)
                    if isLineBreak(scalar) {
                        if let lineFeed = lineFeedAfterReturn(scalar) { field.append(lineFeed) }
                        line += 1
                    }
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                quotedLine = line
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case let lineBreak where isLineBreak(lineBreak):
                _ = lineFeedAfterReturn(lineBreak)
                endRecord()
                if records.count > limit {
                    throw UsageError(
                        "\(name):\(line): more than \(limit) rows, the most people reads from one file"
                    )
                }
                line += 1
                recordLine = line
            default:
                field.append(scalar)
            }
        }
        if inQuotes {
            throw UsageError("\(name):\(quotedLine): a quoted field is never closed")
        }
        endRecord()
        return records
    }
}
