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
