/// One step of the person form: the field being asked for, the whole draft
/// as it stands, and where answers go.
///
/// The controller checks one field at a time, so the model describes one
/// prompt. A front end may still show every field at once: the line front
/// end asks the field named here, while the full-screen one edits the
/// ``values`` in place and, on save, answers each prompt in turn with what
/// was typed — the same answers, checked by the same rules.
public struct PersonFormViewModel {
    /// "New person" or "Edit Ada Lovelace".
    public var title: String
    /// The field asked for now.
    public var field: PersonField
    /// Which of the fields this is, 1-based, and how many there are.
    public var step: (number: Int, of: Int)
    /// The value a ``FormAnswer/keep`` answer keeps; empty when there is none.
    public var currentValue: String
    /// Every field's value in the draft as it stands, the answers given so
    /// far included: what a form that shows all fields at once shows.
    public var values: [PersonField: String]
    /// Where the view sends what the person typed.
    public var answer: @MainActor (FormAnswer) async -> Void

    /// A model with these values.
    public init(
        title: String, field: PersonField, step: (number: Int, of: Int), currentValue: String,
        values: [PersonField: String], answer: @escaping @MainActor (FormAnswer) async -> Void
    ) {
        self.title = title
        self.field = field
        self.step = step
        self.currentValue = currentValue
        self.values = values
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
    /// Go back to the field before, keeping every answer given so far: to
    /// change an answer already given, or, for a front end that shows every
    /// field at once, to answer them all again from the first.
    case previous
    /// Keep this field and every one after it as they are, checked as
    /// ``keep`` would check each, and save: to add someone with a name and
    /// an email without answering every prompt after them.
    case saveKeepingTheRest
}
