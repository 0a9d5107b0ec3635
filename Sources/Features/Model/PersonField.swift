import Foundation

/// The three things a person types about someone, with the rule for each.
///
/// The rules live here, in the model, so that the edit screen, the one-shot
/// commands and every store check a value the same way.
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

    /// The value trimmed and checked, or the problem with it.
    ///
    /// - Returns: the trimmed text; empty means "none" for an optional field.
    /// - Throws: ``PersonValidationError`` naming this field and the bad value.
    public func validate(_ raw: String) throws(PersonValidationError) -> String {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty {
            if isRequired { throw PersonValidationError(field: self, problem: .missing) }
            return value
        }
        if let control = value.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control
        }) {
            throw PersonValidationError(field: self, problem: .controlCharacter(control))
        }
        if value.count > maximumLength {
            throw PersonValidationError(
                field: self, problem: .tooLong(value, length: value.count, limit: maximumLength))
        }
        if self == .email && !EmailAddress.isWellFormed(value) {
            throw PersonValidationError(field: self, problem: .malformedEmail(value))
        }
        return value
    }
}
