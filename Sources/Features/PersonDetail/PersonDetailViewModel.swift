/// Everything the detail screen shows, already worded, and what each key does.
public struct PersonDetailViewModel {
    /// The person's name, as the heading.
    public var title: String
    /// Label and value of each field, in order.
    public var fields: [(label: String, value: String)]
    /// Asked before a delete; `nil` when no question is pending.
    public var confirmation: ConfirmationViewModel?
    /// Opens the form to edit this person.
    public var edit: @MainActor () -> Void
    /// Asks to delete this person; the controller answers with a confirmation.
    public var delete: @MainActor () -> Void
    /// Returns to the list.
    public var back: @MainActor () -> Void
    /// Ends the session.
    public var quit: @MainActor () -> Void
}

/// A yes-or-no question, and what each answer does.
public struct ConfirmationViewModel {
    /// The question, such as "Delete Ada Lovelace?".
    public var question: String
    /// Done on "y" or "yes".
    public var confirm: @MainActor () -> Void
    /// Done on any other answer.
    public var cancel: @MainActor () -> Void
}
