/// A field `people edit` was not asked to change holds a stored value that
/// fails the checks, so the person cannot be saved as they are.
///
/// Another program may have written anything into the database: a name of
/// 300 characters, an escape sequence. An edit of the address alone checks
/// the whole person, and a refusal in the words of a typing mistake
/// ("name contains the control character U+001B") would blame the one value
/// the person did type. This says which stored field is wrong, and the
/// option that fixes it in the same edit.
public struct StoredValueError: Error, Equatable, CustomStringConvertible {
    /// The person being edited.
    public let id: Person.ID
    /// What is wrong with the stored value, as a draft's check says it.
    public let problem: PersonValidationError

    /// The error for `id`, whose stored value fails with `problem`.
    public init(id: Person.ID, problem: PersonValidationError) {
        self.id = id
        self.problem = problem
    }

    public var description: String {
        let field = problem.field
        let option = "--\(field.rawValue) \(field.rawValue.uppercased())"
        let fix = field.isRequired ? option : "\(option) (or --\(field.rawValue) '' to clear it)"
        return
            "the stored \(field.rawValue) of person \(id) is not valid (\(problem)); nothing was changed: give a valid one in the same edit with \(fix)"
    }
}
