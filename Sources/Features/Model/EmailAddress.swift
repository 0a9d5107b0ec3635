import Foundation

/// The shape an email address must have to be stored, and the parts of
/// one written as a mail program writes it.
///
/// Every address RFC 5322 allows in an address book is taken: a domain
/// without a dot (`root@localhost`), a quoted local part
/// (`"ada lovelace"@example.org`), a `+tag`, a Unicode domain, and a
/// domain literal (`ada@[192.0.2.1]`). A mailbox as mail headers and mutt
/// write it, `Ada Lovelace <ada@example.org>` or
/// `"Lovelace, Ada" <ada@example.org>`, is taken apart: the bare address
/// is what is stored, and exported, so every export writes an address any
/// program reads.
///
/// The display name fills the person's name when that is empty (`people
/// add` with only an email, an imported CSV row with no name; the form
/// asks for the name first). When the person has a name, the display
/// name is not kept, whether it matches or not:
/// as in abook and khard, a contact has one name, the one the book shows
/// and searches, and the name a sender wrote on one message (`"Ada (work)"`,
/// `"Lovelace, Ada"`) is not a second one. Type a label before the address
/// (`work: Ada <ada@example.org>`) to tell addresses apart.
///
/// Still refused, in one line naming the value: no `@`, nothing on either
/// side of it, white space outside quotes and angle brackets, an empty
/// part between dots, and (for every field) control characters. Whether
/// the mailbox exists is not the address book's business.
enum EmailAddress {
    /// Whether `text` is a bare address (`addr-spec`): `name@example.org`.
    ///
    /// Read byte by byte: it runs for every person `people seed` makes.
    static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let at = localPartEnd(bytes), at > 0, at < bytes.count - 1 else { return false }
        let domain = bytes[(at + 1)...]
        if domain.first == UInt8(ascii: "[") {
            // A domain literal: an address by number, `[192.0.2.1]`.
            return domain.last == UInt8(ascii: "]") && domain.count > 2
                && !domain.dropFirst().dropLast().contains { isSpecial($0) || $0 <= 0x20 }
        }
        let dot = UInt8(ascii: ".")
        guard domain.first != dot, domain.last != dot,
            !zip(domain, domain.dropFirst()).contains(where: { $0 == dot && $1 == dot }),
            !domain.contains(where: isSpecial)
        else { return false }
        return !containsWhiteSpace(bytes[..<at], quoted: bytes.first == UInt8(ascii: "\""))
            && !containsWhiteSpace(domain, quoted: false)
    }

    /// The bare address and display name of `text`, a bare address or a
    /// mailbox (`Ada <ada@example.org>`, `"Lovelace, Ada" <ada@example.org>`);
    /// `nil` when it is neither.
    ///
    /// The display name is unquoted, and empty when there is none.
    static func mailbox(_ text: String) -> (address: String, displayName: String)? {
        guard text.utf8.last == UInt8(ascii: ">"), let open = angleOpening(text) else {
            return isWellFormed(text) ? (text, "") : nil
        }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        guard isWellFormed(address), let name = displayName(text[..<open]) else { return nil }
        return (address, name)
    }

    /// Where the `<` of a mailbox's `<address>` is: the last one outside
    /// quotes.
    private static func angleOpening(_ text: String) -> String.Index? {
        var quoted = false
        var escaped = false
        var opening: String.Index?
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted && character == "<" {
                opening = index
            }
        }
        return opening
    }

    /// The display name before `<address>`, unquoted and trimmed, or `nil`
    /// when it is not one: a quoted string, or words with no `"`, `<`,
    /// `>` or `@` in them (which would be a second address).
    private static func displayName(_ text: Substring) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard name.hasPrefix("\""), name.count >= 2, name.hasSuffix("\"") else {
            return name.contains(where: { "\"<>@".contains($0) }) ? nil : name
        }
        var unquoted = ""
        var escaped = false
        for character in name.dropFirst().dropLast() {
            if escaped || character != "\\" {
                // A quote inside must be escaped: `"a"b"` is not one name.
                if !escaped && character == "\"" { return nil }
                unquoted.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return escaped ? nil : unquoted.trimmingCharacters(in: .whitespaces)
    }

    /// The index of the `@` that ends the local part of `bytes`: after a
    /// quoted local part's closing quote, else the first one; `nil` when
    /// there is none, or when another follows it outside a domain literal.
    private static func localPartEnd(_ bytes: [UInt8]) -> Int? {
        let at = UInt8(ascii: "@")
        let quote = UInt8(ascii: "\"")
        var end: Int?
        if bytes.first == quote {
            var index = 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if bytes[index] == quote { break }
                index += 1
            }
            // `"…"` must be the whole local part, and hold something.
            guard index < bytes.count - 1, index > 1, bytes[index + 1] == at else { return nil }
            end = index + 1
        } else {
            guard let first = bytes.firstIndex(of: at),
                !bytes[..<first].contains(where: isSpecial)
            else { return nil }
            end = first
        }
        guard let end, !bytes[(end + 1)...].contains(at) else { return nil }
        return end
    }

    /// A byte that only a quoted local part may hold: it would part a
    /// list, a mailbox or a header (`"`, `,`, `;`, `<`, `>`, `\`, `[`, `]`,
    /// `(`, `)`, `:`).
    private static func isSpecial(_ byte: UInt8) -> Bool {
        "\",;<>\\[]():".utf8.contains(byte)
    }

    /// Whether `bytes` hold white space (outside a quoted local part,
    /// where a space is allowed): ASCII by byte; beyond ASCII, by the
    /// Unicode property.
    private static func containsWhiteSpace(_ bytes: ArraySlice<UInt8>, quoted: Bool) -> Bool {
        if !quoted && bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) {
            return true
        }
        guard !bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.unicodeScalars.contains {
            $0.properties.isWhitespace && !(quoted && $0 == " ")
        }
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
