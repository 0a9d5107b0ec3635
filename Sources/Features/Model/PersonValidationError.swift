/// Why a value cannot be stored in a person's field.
///
/// Its description is one line that names the field and the bad value, so the
/// edit screen and the one-shot commands can show it as it is.
public struct PersonValidationError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Problem: Equatable, Sendable {
        /// A required field was left empty.
        case missing
        /// The value is longer than the field allows.
        case tooLong(String, length: Int, limit: Int)
        /// The value holds a character that would garble a terminal.
        case controlCharacter(Unicode.Scalar)
        /// The value is not shaped like an email address.
        case malformedEmail(String)
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
        switch problem {
        case .missing:
            return "\(field.rawValue) is required"
        case .tooLong(let value, let length, let limit):
            let preview = value.prefix(20)
            return
                "\(field.rawValue) '\(preview)…' is \(length) characters long; at most \(limit) are allowed"
        case .controlCharacter(let scalar):
            let code = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            return "\(field.rawValue) contains the control character U+\(padded)"
        case .malformedEmail(let value):
            return "email '\(value)' is not a valid address (expected name@example.org)"
        }
    }
}
