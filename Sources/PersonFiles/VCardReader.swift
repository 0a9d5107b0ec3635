import Features
import Foundation

/// Reads the contacts of a vCard file — 2.1, 3.0 or 4.0, as phones, Apple
/// Contacts, Google and Outlook write them — as checked drafts.
///
/// Every card is checked like a person typed in, and the first problem
/// refuses the whole file with one line naming the card's first line and
/// the bad value: half an address book imported is worse than none. What a
/// person here cannot hold (a photo, a social profile, a second address) is
/// skipped and counted, so the import can say what it left behind.
///
/// The file is untrusted: it is read in passes linear in its size, holds at
/// most ``PersonImport/personLimit`` cards, and its text reaches a message
/// only through ``Features/InertText``.
public enum VCardReader {
    /// Whether `data`, called `name`, is read as vCard: its name ends in
    /// `.vcf` or `.vcard`, or its first text is `BEGIN:VCARD`.
    public static func isVCard(_ data: Data, name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".vcf") || lowered.hasSuffix(".vcard") { return true }
        let start = data.prefix(64).drop {
            [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
        }
        return String(decoding: start.prefix(11), as: UTF8.self).uppercased() == "BEGIN:VCARD"
    }

    /// The cards in `data`, in file order.
    ///
    /// - Parameters:
    ///   - data: the file's bytes; each card says its own character set.
    ///   - name: the file as messages show it.
    /// - Throws: ``Features/UsageError`` naming the file and the line.
    public static func read(_ data: Data, name: String) throws(UsageError) -> VCardFile {
        let bytes = Array(data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw UsageError("\(name): is UTF-16 text; save it as UTF-8")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        var file = VCardFile(cards: [], photosSkipped: 0, skipped: [:])
        var card: [VCardProperty] = []
        var begin: Int?
        for line in VCardLines.lines(of: body) {
            guard let property = VCardProperty(line.bytes, line: line.number) else {
                let expected = begin == nil ? "BEGIN:VCARD" : "a property like NAME:value"
                throw UsageError(
                    "\(name):\(line.number): expected \(expected), found \(quoted(line.bytes))"
                )
            }
            let value = String(decoding: property.value, as: UTF8.self).uppercased()
            let isCardWord = value.trimmingCharacters(in: .whitespaces) == "VCARD"
            switch (property.name, begin) {
            case ("BEGIN", nil) where isCardWord:
                begin = line.number
                card = []
            case ("BEGIN", .some(let start)) where isCardWord:
                throw UsageError(
                    "\(name):\(line.number): a card begins before the card on line \(start) ends")
            case ("END", .some(let start)) where isCardWord:
                if file.cards.count == PersonImport.personLimit {
                    throw UsageError(
                        "\(name):\(start): more than \(PersonImport.personLimit) cards, the most people reads from one file"
                    )
                }
                var reading = VCardCardReader(properties: card, line: start, file: name)
                file.cards.append(try reading.card())
                file.photosSkipped += reading.photos
                file.skipped.merge(reading.skipped, uniquingKeysWith: +)
                begin = nil
            case (_, nil):
                throw UsageError(
                    "\(name):\(line.number): expected BEGIN:VCARD, found \(quoted(line.bytes))")
            default:
                card.append(property)
            }
        }
        if let begin {
            throw UsageError("\(name):\(begin): the card is never ended with END:VCARD")
        }
        if file.cards.isEmpty {
            throw UsageError("\(name):1: holds no card; expected BEGIN:VCARD")
        }
        return file
    }

    /// A line of the file for a message: inert, cut short, in quotes.
    static func quoted(_ bytes: some Collection<UInt8>) -> String {
        InertText.quoted(String(decoding: bytes.prefix(240), as: UTF8.self))
    }
}

/// What a vCard file held: its cards, and what was skipped.
public struct VCardFile: Sendable {
    /// Every card, in file order.
    public var cards: [VCard]
    /// How many photos (`PHOTO`) were left out: a person here has none.
    public var photosSkipped: Int
    /// How many of each other property were left out, by name (`IMPP`,
    /// `URL`, a second `ADR`, …).
    public var skipped: [String: Int]
}

/// One card of a vCard file: the person, checked, and what this program
/// wrote beside it on export.
public struct VCard: Sendable {
    /// The card's values, checked like a person typed in.
    ///
    /// Its uid is empty when the card's `UID` is the one this program
    /// made from the card's own `X-PEOPLE-ID` and `X-PEOPLE-ADDED`
    /// (``Features/Person/cardID``): a person given that id and date makes
    /// it again, exactly as the book the card left did.
    public var draft: ValidatedDraft
    /// The line its `BEGIN:VCARD` is on.
    public var line: Int
    /// The id it had in the book it was exported from (`X-PEOPLE-ID`).
    public var id: Int?
    /// When it was added to that book (`X-PEOPLE-ADDED`).
    public var added: Date?
}
