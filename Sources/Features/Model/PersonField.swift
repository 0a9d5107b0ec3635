import Foundation

/// The three things a person types about someone, with the rule for each.
///
/// The rules live here, in the model, so that the edit screen, the one-shot
/// commands and the imports check a value the same way; a store accepts only
/// what passed them (``ValidatedDraft``).
public enum PersonField: String, Sendable, CaseIterable {
    case name
    case address
    case email

    /// How the field is called on screen.
    public var label: String {
        switch self {
        case .name: "Name"
        case .address: "Address"
        case .email: "Email"
        }
    }

    /// Whether a person can be saved without it.
    public var isRequired: Bool { self == .name }

    /// The most characters the field may hold.
    public var maximumLength: Int {
        switch self {
        case .name: 100
        case .address: 200
        case .email: 254
        }
    }

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
    /// deceive a reader: control characters, direction controls that reorder
    /// the text around them (`Bob‮txt.exe`), line and paragraph separators,
    /// and a value with nothing visible in it.
    ///
    /// - Returns: the trimmed text; empty means "none" for an optional field.
    /// - Throws: ``PersonValidationError`` naming this field and the bad value.
    public func validate(_ raw: String) throws(PersonValidationError) -> String {
        let value = Self.trimmed(raw)
        if value.isEmpty {
            if isRequired { throw PersonValidationError(field: self, problem: .missing) }
            return value
        }
        // Bytes first: it bounds the work every later check does.
        if value.utf8.count > maximumBytes {
            throw PersonValidationError(
                field: self,
                problem: .tooLarge(value, bytes: value.utf8.count, limit: maximumBytes))
        }
        if Self.isPrintableASCII(value) {
            // Nothing to refuse character by character, and every character
            // is one byte: the common case, checked in one pass.
            return try checkedLengthAndShape(value, length: value.utf8.count)
        }
        var hasVisible = false
        for scalar in value.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                throw PersonValidationError(field: self, problem: .controlCharacter(scalar))
            }
            if InertText.isDirectionControl(scalar) || InertText.isLineSeparator(scalar) {
                throw PersonValidationError(field: self, problem: .invisibleCharacter(scalar))
            }
            hasVisible = hasVisible || Self.isVisible(scalar)
        }
        if !hasVisible {
            throw PersonValidationError(field: self, problem: .nothingVisible(value))
        }
        return try checkedLengthAndShape(value, length: value.count)
    }

    /// `value` when its `length` in characters is allowed and, for an
    /// email, it is shaped like one.
    private func checkedLengthAndShape(_ value: String, length: Int) throws(PersonValidationError)
        -> String
    {
        if length > maximumLength {
            throw PersonValidationError(
                field: self, problem: .tooLong(value, length: length, limit: maximumLength))
        }
        if self == .email && !EmailAddress.isWellFormed(value) {
            throw PersonValidationError(field: self, problem: .malformedEmail(value))
        }
        return value
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
