/// The shape an email address must have to be stored.
///
/// Deliberately modest: one `@`, something before it, a dotted domain after
/// it (no empty part between dots), no white space. Whether the mailbox
/// exists is not the address book's business.
enum EmailAddress {
    /// Whether `text` looks like `name@example.org`.
    ///
    /// Read byte by byte: it runs for every person `people seed` makes.
    static func isWellFormed(_ text: String) -> Bool {
        let at = UInt8(ascii: "@")
        let dot = UInt8(ascii: ".")
        let bytes = text.utf8
        guard let split = bytes.firstIndex(of: at), split != bytes.startIndex else { return false }
        let domain = bytes[bytes.index(after: split)...]
        guard !domain.contains(at), domain.contains(dot), domain.first != dot, domain.last != dot,
            !zip(domain, domain.dropFirst()).contains(where: { $0 == dot && $1 == dot })
        else { return false }
        // White space: ASCII by byte; beyond ASCII, by the Unicode property.
        if bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) { return false }
        return bytes.allSatisfy { $0 < 0x80 }
            || !text.unicodeScalars.contains(where: \.properties.isWhitespace)
    }
}

/// The shape a phone number must have to be stored.
///
/// As modest as ``EmailAddress``: the digits people dial and the
/// punctuation they write between them — `+44 20 7946 0018`,
/// `(555) 010-9999 x12`, `*31#` — with at least three digits. Letters
/// (`1-800-FLOWERS`) are not numbers a phone or an export keeps.
enum PhoneNumber {
    /// Whether `text` is written like a phone number.
    static func isWellFormed(_ text: String) -> Bool {
        var digits = 0
        var rest = Substring(text)
        while let byte = rest.utf8.first {
            if (0x30...0x39).contains(byte) {
                digits += 1
                rest = rest.dropFirst()
            } else if " +-()./#*".utf8.contains(byte) {
                rest = rest.dropFirst()
            } else if let word = ["ext.", "ext", "x"].first(where: {
                rest.lowercased().hasPrefix($0)
            }) {
                rest = rest.dropFirst(word.count)
            } else {
                return false
            }
        }
        return digits >= 3
    }
}
