/// One step of the person form: the field being asked for, and where answers go.
///
/// The form asks one field at a time, so the model describes one prompt.
public struct PersonFormViewModel {
    /// "New person" or "Edit Ada Lovelace".
    public var title: String
    /// The field asked for now.
    public var field: PersonField
    /// Which of the fields this is, 1-based, and how many there are.
    public var step: (number: Int, of: Int)
    /// The value a ``FormAnswer/keep`` answer keeps; empty when there is none.
    public var currentValue: String
    /// Where the view sends what the person typed.
    public var answer: @MainActor (FormAnswer) async -> Void

    /// A model with these values.
    public init(
        title: String, field: PersonField, step: (number: Int, of: Int), currentValue: String,
        answer: @escaping @MainActor (FormAnswer) async -> Void
    ) {
        self.title = title
        self.field = field
        self.step = step
        self.currentValue = currentValue
        self.answer = answer
    }
}

/// What the person answered at a form prompt.
public enum FormAnswer: Equatable, Sendable {
    /// Keep the current value.
    case keep
    /// Clear an optional field.
    case clear
    /// Use this text.
    case text(String)
    /// Leave the form without saving.
    case cancel
}
