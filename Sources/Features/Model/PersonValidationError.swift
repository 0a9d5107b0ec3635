/// Why a value cannot be stored in a person's field.
///
/// Its description is one line that names the field and the bad value, so the
/// edit screen and the one-shot commands can show it as it is.
public struct PersonValidationError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Problem: Equatable, Sendable {
        /// A required field was left empty.
        case missing
        /// The value has more characters than the field allows.
        case tooLong(String, length: Int, limit: Int)
        /// The value takes more bytes than the field allows, such as one
        /// character carrying thousands of combining marks.
        case tooLarge(String, bytes: Int, limit: Int)
        /// The value holds a character that would garble a terminal.
        case controlCharacter(Unicode.Scalar)
        /// The value holds an invisible character that changes how the text
        /// around it reads (a direction control, a line separator), or that
        /// lets two values that read alike differ (a zero-width space, a
        /// no-break space).
        case invisibleCharacter(Unicode.Scalar)
        /// The value is made only of characters that show nothing.
        case nothingVisible(String)
        /// The value is not shaped like an email address.
        case malformedEmail(String)
        /// The value is not written like a phone number.
        case malformedPhone(String)
        /// The value is not a day of the year, with or without a year.
        case malformedBirthday(String)
        /// The card's id (``ContactDetails/uid``) is not visible ASCII of
        /// at most 254 characters.
        case malformedUID(String)
        /// A list field holds more values than it may.
        case tooManyValues(Int, limit: Int)
    }

    /// The field the value was meant for.
    public let field: PersonField
    /// What is wrong with it.
    public let problem: Problem

    /// Pairs a field with its problem.
    public init(field: PersonField, problem: Problem) {
        self.field = field
        self.problem = problem
    }

    public var description: String {
        let name = field.rawValue
        switch problem {
        case .missing:
            return "\(name) is required"
        case .tooLong(let value, let length, let limit):
            return
                "\(name) \(InertText.quoted(value, limit: 21)) is \(length) characters long; at most \(limit) are allowed"
        case .tooLarge(let value, let bytes, let limit):
            return
                "\(name) \(InertText.quoted(value, limit: 21)) takes \(bytes) bytes; at most \(limit) are allowed"
        case .controlCharacter(let scalar):
            return "\(name) contains the control character \(InertText.codePoint(scalar))"
        case .invisibleCharacter(let scalar):
            let kind =
                InertText.isLineSeparator(scalar)
                ? "a line or paragraph separator"
                : InertText.isDirectionControl(scalar)
                    ? "a direction control that reorders the text"
                    : "it takes no room or passes for a space, so two values that read alike would differ"
            return
                "\(name) contains the invisible character \(InertText.codePoint(scalar)) (\(kind))"
        case .nothingVisible(let value):
            let codes = value.unicodeScalars.prefix(3).map(InertText.codePoint)
            let more = value.unicodeScalars.count > 3 ? ", …" : ""
            return
                "\(name) has no visible character (only \(codes.joined(separator: ", "))\(more))"
        case .malformedEmail(let value):
            return
                "email \(InertText.quoted(value)) is not a valid address (expected name@example.org)"
        case .malformedPhone(let value):
            return
                "phone \(InertText.quoted(value)) is not a phone number (expected digits, such as +44 20 7946 0018)"
        case .malformedBirthday(let value):
            return
                "birthday \(InertText.quoted(value)) is not a date (expected 1815-12-10, or --12-10 without the year)"
        case .malformedUID(let value):
            return
                "card id \(InertText.quoted(value, limit: 21)) is not valid (expected at most 254 visible ASCII characters)"
        case .tooManyValues(let count, let limit):
            return "\(name) has \(count) values; at most \(limit) are allowed"
        }
    }
}
