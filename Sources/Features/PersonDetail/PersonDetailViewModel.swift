/// Everything the detail screen shows, already worded, and what each key does.
public struct PersonDetailViewModel {
    /// The person's name, as the heading.
    public var title: String
    /// Whether the person is still being read again: the values shown are
    /// the ones the list had, until the read arrives.
    public var isLoading = false
    /// Label and value of each field, in order.
    public var fields: [(label: String, value: String)]
    /// Asked before a delete; `nil` when no question is pending.
    public var confirmation: ConfirmationViewModel?
    /// Opens the form to edit this person.
    public var edit: @MainActor () async -> Void
    /// Asks to delete this person; the controller answers with a confirmation.
    public var delete: @MainActor () async -> Void
    /// Returns to the list.
    public var back: @MainActor () async -> Void
    /// Ends the session.
    public var quit: @MainActor () async -> Void

    /// A model with these values.
    public init(
        title: String, fields: [(label: String, value: String)],
        confirmation: ConfirmationViewModel?, edit: @escaping @MainActor () async -> Void,
        delete: @escaping @MainActor () async -> Void, back: @escaping @MainActor () async -> Void,
        quit: @escaping @MainActor () async -> Void
    ) {
        self.title = title
        self.fields = fields
        self.confirmation = confirmation
        self.edit = edit
        self.delete = delete
        self.back = back
        self.quit = quit
    }
}

/// A yes-or-no question, and what each answer does.
public struct ConfirmationViewModel {
    /// The question, such as "Delete Ada Lovelace?".
    public var question: String
    /// Whether what is confirmed can be undone afterwards, which a view
    /// says in its own keys: a delete can, from the list.
    public var canBeUndone: Bool
    /// Done on "y" or "yes".
    public var confirm: @MainActor () async -> Void
    /// Done on any other answer.
    public var cancel: @MainActor () async -> Void

    /// A model with these values.
    public init(
        question: String, canBeUndone: Bool, confirm: @escaping @MainActor () async -> Void,
        cancel: @escaping @MainActor () async -> Void
    ) {
        self.question = question
        self.canBeUndone = canBeUndone
        self.confirm = confirm
        self.cancel = cancel
    }
}
