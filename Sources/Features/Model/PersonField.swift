import Foundation

/// The things a person types about someone, in the order a form asks for
/// them, with the rule for each.
///
/// The rules live here, in the model, so that the edit screen, the one-shot
/// commands and the imports check a value the same way; a store accepts only
/// what passed them (``ValidatedDraft``). A new field is a new case here and
/// in ``ContactDetails``: the forms, the one-shot commands' options and the
/// detail screens walk `allCases`.
public enum PersonField: String, Sendable, CaseIterable {
    case name
    /// Every email address, the preferred one first (``isList``).
    case email
    /// Every phone number, the preferred one first (``isList``).
    case phone
    case organization
    case title
    case nickname
    /// The street: what earlier releases kept as the one address line.
    case address
    case city
    case region
    case postcode
    case country
    case birthday
    case notes

    /// How the field is called on screen.
    public var label: String {
        switch self {
        case .name: "Name"
        case .email: "Email"
        case .phone: "Phone"
        case .organization: "Organisation"
        case .title: "Title"
        case .nickname: "Nickname"
        case .address: "Address"
        case .city: "City"
        case .region: "Region"
        case .postcode: "Postcode"
        case .country: "Country"
        case .birthday: "Birthday"
        case .notes: "Notes"
        }
    }

    /// Where the field stands in ``allCases``: the form's order.
    var position: Int {
        switch self {
        case .name: 0
        case .email: 1
        case .phone: 2
        case .organization: 3
        case .title: 4
        case .nickname: 5
        case .address: 6
        case .city: 7
        case .region: 8
        case .postcode: 9
        case .country: 10
        case .birthday: 11
        case .notes: 12
        }
    }

    /// Whether a person can be saved without it.
    public var isRequired: Bool { self == .name }

    /// Whether the field holds a list of labelled values.
    ///
    /// Typed as `work: ada@example.org, home: ada@home.example`: commas between
    /// values, a label and a colon before one when it has a label. Adding,
    /// removing or reordering a value is editing that text, as in abook.
    public var isList: Bool { self == .email || self == .phone }

    /// The most values a list field may hold.
    public static let mostValues = 20

    /// The most characters the field may hold: for a list, the whole text.
    public var maximumLength: Int {
        switch self {
        case .name, .title, .nickname, .city, .region, .country: 100
        case .organization, .address: 200
        case .postcode: 20
        case .birthday: 10
        case .email: Self.mostValues * (Self.longestValue(of: .email) + 44)
        case .phone: Self.mostValues * (Self.longestValue(of: .phone) + 44)
        case .notes: 4000
        }
    }

    /// The most characters one value of a list field may hold.
    public static func longestValue(of field: PersonField) -> Int {
        field == .email ? 254 : 40
    }

    /// The most characters a list value's label may hold.
    public static let longestLabel = 40

    /// The most bytes the field may take in UTF-8: four per character.
    ///
    /// A limit on characters alone does not bound storage, since one
    /// character may carry any number of combining marks.
    public var maximumBytes: Int { maximumLength * 4 }

    /// The longest start of `text` the field could hold, in characters and
    /// in bytes: all of a search worth showing, since nothing longer could
    /// be found in a value of the field (a search it cuts finds no one).
    public func longestStart(of text: String) -> String {
        var bytes = 0
        var end = text.startIndex
        for (count, character) in zip(1..., text) {
            bytes += character.utf8.count
            guard count <= maximumLength, bytes <= maximumBytes else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// The value trimmed and checked, or the problem with it.
    ///
    /// Besides length and shape, it refuses what would let stored text
    /// deceive a reader: control characters (a line feed is allowed in
    /// notes alone), direction controls that reorder the text around them
    /// (`Bob‮txt.exe`), line and paragraph separators, characters that take
    /// no room or pass for a plain space (so "Ada Allen" can be written only
    /// one way), and a value with nothing visible in it.
    ///
    /// - Returns: the trimmed text; empty means "none" for an optional field.
    ///   A list comes back in its one spelling (``LabelledValue/formText``
    ///   joined by ", "), a birthday as ``Birthday/description`` writes it.
    /// - Throws: ``PersonValidationError`` naming this field and the bad value.
    public func validate(_ raw: String) throws(PersonValidationError) -> String {
        if isList {
            return try values(in: raw).map(\.formText).joined(separator: ", ")
        }
        let text = self == .notes ? Self.withLineFeeds(raw) : raw
        let value = try checkedText(text, limit: maximumLength)
        if self == .birthday && !value.isEmpty {
            guard let birthday = Birthday(value) else {
                throw PersonValidationError(field: self, problem: .malformedBirthday(value))
            }
            return birthday.description
        }
        return value
    }

    /// The values of a list field as typed (``isList``), each checked.
    ///
    /// Commas part the values and empty ones are skipped; text before the
    /// first colon of a value is its label, unless (for an email) it holds
    /// an `@`, a quote or a `<`. An email's commas and colons inside quotes
    /// or angle brackets are its own (`"Lovelace, Ada" <ada@example.org>`),
    /// and a mailbox is kept as its bare address (`EmailAddress`).
    ///
    /// - Throws: ``PersonValidationError`` naming this field and the bad value.
    public func values(in raw: String) throws(PersonValidationError) -> [LabelledValue] {
        try mailboxes(in: raw).map(\.value)
    }

    /// The display name of the first email of `raw` written as a mailbox
    /// (`Ada Lovelace <ada@example.org>`), if any: the name a person with
    /// none is given (`EmailAddress`).
    public static func displayName(inEmails raw: String) -> String? {
        guard raw.utf8.contains(UInt8(ascii: "<")),
            let mailboxes = try? PersonField.email.mailboxes(in: raw)
        else { return nil }
        return mailboxes.lazy.map(\.displayName).first { !$0.isEmpty }
    }

    /// The values of a list field as typed, each checked, with the display
    /// name each email was written with (empty for none, and for a phone).
    private func mailboxes(in raw: String) throws(PersonValidationError) -> [(
        value: LabelledValue, displayName: String
    )] {
        let text = Self.trimmed(raw)
        if text.utf8.count > maximumBytes {
            throw PersonValidationError(
                field: self, problem: .tooLarge(text, bytes: text.utf8.count, limit: maximumBytes))
        }
        var values: [(value: LabelledValue, displayName: String)] = []
        // Split by bytes: a comma and a colon are ASCII, and a value of one
        // address (most) is then not copied or walked by character.
        let comma = UInt8(ascii: ",")
        let colon = UInt8(ascii: ":")
        let notInALabel = self == .email ? "@<".utf8 : "".utf8
        let entries =
            self == .email && text.utf8.contains(where: { $0 == UInt8(ascii: "\"") })
            ? Self.emailEntries(text)
            : text.utf8.contains(comma)
                ? text.utf8.split(separator: comma).map { String(Substring($0)) } : [text]
        for entry in entries {
            var value = Self.trimmed(entry)
            if value.isEmpty { continue }
            var label = ""
            let bytes = value.utf8
            if let split = self == .email && bytes.contains(UInt8(ascii: "\""))
                ? Self.emailSeparators(":", in: value[...], first: true).first
                : bytes.firstIndex(of: colon),
                !bytes[..<split].contains(where: notInALabel.contains)
            {
                label = try checkedText(
                    String(Substring(bytes[..<split])), limit: Self.longestLabel)
                value = Self.trimmed(String(Substring(bytes[bytes.index(after: split)...])))
            }
            var checked = try checkedText(value, limit: Self.longestValue(of: self))
            var displayName = ""
            if self == .email {
                guard let mailbox = EmailAddress.mailbox(checked) else {
                    throw PersonValidationError(field: self, problem: .malformedEmail(checked))
                }
                (checked, displayName) = mailbox
            }
            if self == .phone && !PhoneNumber.isWellFormed(checked) {
                throw PersonValidationError(field: self, problem: .malformedPhone(checked))
            }
            values.append((LabelledValue(label: label, value: checked), displayName))
        }
        if values.isEmpty && isRequired {
            throw PersonValidationError(field: self, problem: .missing)
        }
        if values.count > Self.mostValues {
            throw PersonValidationError(
                field: self, problem: .tooManyValues(values.count, limit: Self.mostValues))
        }
        return values
    }

    /// Where `separator` parts an email list as a mail program writes one.
    ///
    /// Only outside a quoted name or local part and outside `<…>`, so
    /// `"Lovelace, Ada" <ada@example.org>` is one value and `"Dr: Ada"`
    /// holds no label. A quote opens only where a value starts (after a
    /// label's colon too); anywhere else it is a character, as a label
    /// may hold one (`Zoë's "1": zoe@example.org`).
    ///
    /// - Returns: every such separator, or only the first when `first`.
    private static func emailSeparators(
        _ separator: Character, in text: Substring, first: Bool
    ) -> [String.Index] {
        var found: [String.Index] = []
        var quoted = false
        var escaped = false
        var angled = false
        var atValueStart = true
        for index in text.indices {
            let character = text[index]
            if quoted {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                }
                continue
            }
            if character == "\"" && atValueStart {
                quoted = true
            } else if character == "<" || character == ">" {
                angled = character == "<"
            } else if !angled && character == separator {
                found.append(index)
                if first { return found }
            }
            if character == "," || character == ":" {
                atValueStart = true
            } else if !character.isWhitespace {
                atValueStart = false
            }
        }
        return found
    }

    /// The emails of `text` parted at each comma that parts values
    /// (``emailSeparators(_:in:first:)``).
    private static func emailEntries(_ text: String) -> [String] {
        var entries: [String] = []
        var start = text.startIndex
        for comma in emailSeparators(",", in: text[...], first: false) {
            entries.append(String(text[start..<comma]))
            start = text.index(after: comma)
        }
        return entries + [String(text[start...])]
    }

    /// `raw` trimmed and checked as text of at most `limit` characters.
    private func checkedText(_ raw: String, limit: Int) throws(PersonValidationError) -> String {
        let value = Self.trimmed(raw)
        if value.isEmpty {
            if isRequired { throw PersonValidationError(field: self, problem: .missing) }
            return value
        }
        // Bytes first: it bounds the work every later check does.
        if value.utf8.count > limit * 4 {
            throw PersonValidationError(
                field: self, problem: .tooLarge(value, bytes: value.utf8.count, limit: limit * 4))
        }
        if Self.isPrintableASCII(value) {
            // Nothing to refuse character by character, and every character
            // is one byte: the common case, checked in one pass.
            return try checkedLength(value, length: value.utf8.count, limit: limit)
        }
        var hasVisible = false
        var hidden: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            if scalar == "\n" && self == .notes { continue }
            if scalar.properties.generalCategory == .control {
                throw PersonValidationError(field: self, problem: .controlCharacter(scalar))
            }
            if InertText.isDirectionControl(scalar) || InertText.isLineSeparator(scalar) {
                throw PersonValidationError(field: self, problem: .invisibleCharacter(scalar))
            }
            if hidden == nil && Self.isHidden(scalar) { hidden = scalar }
            hasVisible = hasVisible || Self.isVisible(scalar)
        }
        // A value of hidden characters alone is said to be that; a
        // visible one with a hidden character in it names the character.
        if !hasVisible {
            throw PersonValidationError(field: self, problem: .nothingVisible(value))
        }
        if let hidden {
            throw PersonValidationError(field: self, problem: .invisibleCharacter(hidden))
        }
        return try checkedLength(value, length: value.count, limit: limit)
    }

    /// `value` when its `length` in characters is at most `limit`.
    private func checkedLength(_ value: String, length: Int, limit: Int)
        throws(PersonValidationError) -> String
    {
        if length > limit {
            throw PersonValidationError(
                field: self, problem: .tooLong(value, length: length, limit: limit))
        }
        return value
    }

    /// Notes as typed on any system: a carriage return, alone or before a
    /// line feed, becomes a line feed.
    private static func withLineFeeds(_ raw: String) -> String {
        guard raw.utf8.contains(0x0D) else { return raw }
        return raw.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
    }

    /// Whether `scalar` takes no room or passes for a plain space, so that
    /// two values that read alike would be stored apart: a space other than
    /// U+0020, or a default-ignorable character other than the joiners and
    /// selectors that writing and emoji need (U+200C, U+200D, the variation
    /// selectors, the tag characters of flags).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if scalar.properties.isWhitespace { return value != 0x20 && value != 0x0A }
        if value == 0x2800 { return true }
        guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
        let needed: [ClosedRange<UInt32>] = [
            0x200C...0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0xE0020...0xE007F,
        ]
        return !needed.contains { $0.contains(value) }
    }

    /// Whether `value` is only ASCII letters, digits, punctuation and
    /// spaces, with at least one that is not a space.
    private static func isPrintableASCII(_ value: String) -> Bool {
        var hasVisible = false
        for byte in value.utf8 {
            guard (0x20...0x7E).contains(byte) else { return false }
            hasVisible = hasVisible || byte != 0x20
        }
        return hasVisible
    }

    /// `raw` without white space (line breaks included) at either end.
    static func trimmed(_ raw: String) -> String {
        if let first = raw.utf8.first, let last = raw.utf8.last,
            (0x21...0x7E).contains(first), (0x21...0x7E).contains(last)
        {
            return raw  // Starts and ends with a visible ASCII character.
        }
        let scalars = raw.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) {
            return raw
        }
        return String(scalars[first...last])
    }

    /// Whether `scalar` leaves a mark: not white space, not a format or
    /// default-ignorable character (U+FEFF, U+200B, the Hangul fillers such
    /// as U+3164), and not the blank braille pattern U+2800.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return !properties.isWhitespace
            && !properties.isDefaultIgnorableCodePoint
            && properties.generalCategory != .format
            && scalar.value != 0x2800
    }
}
