import Features

/// How a vCard value's bytes become text: quoted-printable, the character
/// set, and the backslash escapes, in that order.
///
/// Worked on bytes, not text, because the escapes and separators are ASCII
/// and every character set read here keeps ASCII as it is: a `;` byte is a
/// `;` in UTF-8, Latin-1 and Windows-1252 alike, so a value is split and
/// unescaped before its character set is known to matter.
enum VCardText {
    /// `bytes` with quoted-printable's `=XX` written as the byte it names.
    ///
    /// An `=` followed by anything else is kept as it is. Soft line breaks
    /// are gone by now: the line reader joined those lines.
    static func quotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "="), index + 2 < bytes.endIndex,
                let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return decoded
    }

    /// `bytes` split at each `separator` not escaped by a backslash; the
    /// pieces keep their escapes.
    static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == separator {
                pieces.append(bytes[start..<index])
                start = index + 1
            }
            index += 1
        }
        pieces.append(bytes[start..<bytes.endIndex])
        return pieces
    }

    /// `bytes` with RFC 6350's escapes (`\n`, `\N`, `\,`, `\;`, `\\`, and
    /// the `\:` some programs write) replaced by what they stand for; a
    /// backslash before anything else is kept, as in `C:\temp`.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < bytes.endIndex else {
                text.append(byte)
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "n"), UInt8(ascii: "N"): text.append(0x0A)
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\\"), UInt8(ascii: ":"):
                text.append(bytes[index])
            default:
                text.append(byte)
                continue
            }
            index += 1
        }
        return text
    }

    /// The character sets a card may name, by what `CHARSET=` calls them.
    enum Charset {
        case utf8, latin1, windows1252

        /// The set `name` names, or `nil` for one this reader does not know.
        init?(_ name: String) {
            switch name.lowercased() {
            case "utf-8", "utf8", "us-ascii", "ascii": self = .utf8
            case "iso-8859-1", "iso8859-1", "latin1", "l1": self = .latin1
            case "windows-1252", "cp1252", "cp-1252", "x-cp1252": self = .windows1252
            default: return nil
            }
        }
    }

    /// `bytes` read in `charset`, or `nil` when they are not UTF-8 and the
    /// set is UTF-8.
    static func string(_ bytes: [UInt8], in charset: Charset) -> String? {
        switch charset {
        case .utf8:
            return String(validating: bytes, as: UTF8.self)
        case .latin1:
            var text = String.UnicodeScalarView()
            for byte in bytes { text.append(Unicode.Scalar(byte)) }
            return String(text)
        case .windows1252:
            var text = String.UnicodeScalarView()
            for byte in bytes {
                let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : 0
                text.append(value == 0 ? Unicode.Scalar(byte) : Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            return String(text)
        }
    }

    /// What Windows-1252 gives 0x80 to 0x9F, where it differs from Latin-1
    /// (0 where it leaves the byte undefined, read as Latin-1's control).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
