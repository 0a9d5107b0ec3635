import Features

/// A JSON value as a configuration file holds it, with each number kept as
/// the text it was written as.
///
/// Not `JSONDecoder`: it turns every number into a `Double` before anyone
/// sees it, so `1e400`, `010` or `0x10` failed the whole file as "not valid
/// JSON" without naming the key, and digits past 2^53 were rounded. Here a
/// number — or any other bare word in a value's place, such as `0x10` or
/// `NaN` — is kept as written, for the setting that reads it to judge and
/// name (see ``WholeNumber``). A trailing comma is allowed, as before; a key
/// given twice in one object is refused, since which one counts is a guess.
enum JSONValue: Equatable {
    case bool(Bool)
    /// A number, or another bare word in a value's place, as written.
    case bare(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    /// The value `text` holds.
    ///
    /// - Parameter name: the file as messages show it.
    /// - Throws: ``Features/UsageError`` naming the file and the line of the first
    ///   mistake.
    static func parse(_ text: String, name: String) throws(UsageError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), name: name)
        return try parser.document()
    }

    /// The value as a person would write it in a message, cut short.
    var shown: String {
        switch self {
        case .bool(let bool): String(bool)
        case .bare(let word): InertText.clipped(word)
        // A URL's password (`user:secret@`) never reaches a message.
        case .string(let string): InertText.quoted(ServerAddress.masked(string))
        case .array: "a list"
        case .object: "an object"
        case .null: "null"
        }
    }
}

/// Reads JSON text byte by byte; only ASCII bytes end a token, so the
/// UTF-8 between them stays whole.
private struct JSONParser {
    let bytes: [UInt8]
    let name: String
    var offset = 0

    /// How deep lists and objects may nest; a configuration file needs two.
    static let maximumDepth = 32

    mutating func document() throws(UsageError) -> JSONValue {
        skipSpace()
        guard offset < bytes.count else { throw invalid("the file is empty") }
        let value = try value(depth: 1)
        skipSpace()
        guard offset == bytes.count else {
            throw invalid("expected the end of the file after the settings, found \(found())")
        }
        return value
    }

    private mutating func value(depth: Int) throws(UsageError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw invalid("lists and objects nest more than \(Self.maximumDepth) deep")
        }
        switch bytes[safe: offset] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        default:
            let word = bareWord()
            switch word {
            case "": throw invalid("expected a value, found \(found())")
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .bare(word)
            }
        }
    }

    private mutating func object(depth: Int) throws(UsageError) -> JSONValue {
        offset += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if take("}") { return .object(members) }
        while true {
            guard bytes[safe: offset] == UInt8(ascii: "\"") else {
                throw invalid("expected a key in double quotes, found \(found())")
            }
            let keyStart = offset
            let key = try string()
            skipSpace()
            guard take(":") else {
                throw invalid("expected ':' after \(InertText.quoted(key)), found \(found())")
            }
            skipSpace()
            guard members.updateValue(try value(depth: depth + 1), forKey: key) == nil else {
                throw UsageError(
                    "\(name):\(line(at: keyStart)): the key \(InertText.quoted(key)) is given twice; which one counts?"
                )
            }
            skipSpace()
            if take(",") {
                skipSpace()
                if take("}") { return .object(members) }
            } else if take("}") {
                return .object(members)
            } else {
                throw invalid("expected ',' or '}', found \(found())")
            }
        }
    }

    private mutating func array(depth: Int) throws(UsageError) -> JSONValue {
        offset += 1
        var items: [JSONValue] = []
        skipSpace()
        if take("]") { return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if take(",") {
                skipSpace()
                if take("]") { return .array(items) }
            } else if take("]") {
                return .array(items)
            } else {
                throw invalid("expected ',' or ']', found \(found())")
            }
        }
    }

    /// The string starting at the opening quote under `offset`, unescaped.
    private mutating func string() throws(UsageError) -> String {
        let start = offset
        offset += 1
        var utf8: [UInt8] = []
        while let byte = bytes[safe: offset] {
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: try escape().utf8)
            case 0..<0x20:
                offset -= 1
                throw invalid(
                    "a string holds the control character \(InertText.codePoint(Unicode.Scalar(byte))); write it as \\u\(hex4(UInt32(byte)))"
                )
            default:
                utf8.append(byte)
            }
        }
        throw invalid("a string is never closed", at: start)
    }

    /// The character an escape after a backslash stands for.
    private mutating func escape() throws(UsageError) -> Unicode.Scalar {
        guard let byte = bytes[safe: offset] else { throw invalid("the file ends inside a string") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexCode()
            guard (0xD800...0xDFFF).contains(first) else {
                return Unicode.Scalar(first) ?? "\u{FFFD}"
            }
            // A surrogate: the first half, then `\u` and the second half.
            guard first < 0xDC00, take("\\"), take("u") else {
                throw invalid("\\u\(hex4(first)) is half of a surrogate pair")
            }
            let second = try hexCode()
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00))
            else { throw invalid("\\u\(hex4(first)) is half of a surrogate pair") }
            return scalar
        default:
            offset -= 1
            throw invalid("a backslash before \(found()) escapes nothing")
        }
    }

    /// The four hex digits of a `\u` escape, as a number.
    private mutating func hexCode() throws(UsageError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = bytes[safe: offset], let digit = Self.hexDigit(byte) else {
                throw invalid("\\u needs four hex digits")
            }
            code = code << 4 + digit
            offset += 1
        }
        return code
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func hex4(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The run of bytes up to the next white space, quote or JSON
    /// punctuation: a number, `true`, `false`, `null`, or a mistake.
    private mutating func bareWord() -> String {
        let start = offset
        while let byte = bytes[safe: offset], !Self.endsWord(byte) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        case UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ":"): true
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// What is at `offset`, for a message: the end of the file, a
    /// punctuation mark, or the word there, cut short.
    private func found() -> String {
        guard let byte = bytes[safe: offset] else { return "the end of the file" }
        if Self.endsWord(byte) {
            return byte == 0x0A || byte == 0x0D ? "a line break" : "'\(Unicode.Scalar(byte))'"
        }
        var copy = self
        return InertText.quoted(copy.bareWord(), limit: 20)
    }

    private mutating func skipSpace() {
        while let byte = bytes[safe: offset],
            byte == 0x20 || byte == 0x09 || byte == 0x0A
                || byte == 0x0D
        {
            offset += 1
        }
    }

    /// Steps over `ascii` when it is next.
    private mutating func take(_ ascii: Unicode.Scalar) -> Bool {
        guard bytes[safe: offset] == UInt8(ascii: ascii) else { return false }
        offset += 1
        return true
    }

    /// The 1-based line the byte at `position` is on; counted only for a
    /// message, so reading stays one pass.
    private func line(at position: Int) -> Int {
        bytes[..<min(position, bytes.count)].count { $0 == 0x0A } + 1
    }

    /// The message for a mistake at `position`, or where reading stopped.
    private func invalid(_ reason: String, at position: Int? = nil) -> UsageError {
        UsageError("\(name): not valid JSON (line \(line(at: position ?? offset)): \(reason))")
    }
}

extension Array {
    /// The element at `index`, or `nil` past either end.
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
