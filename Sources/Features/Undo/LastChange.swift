/// The change made last in this interactive session — a delete or an
/// edit — kept so that undo on the list can take it back.
///
/// One per session: the detail screen records a delete here and the form
/// an edit, the list takes it back from here, and none knows the others.
/// One level, as abook's lack of any undo is mended by vi's first `u`:
/// the newest change replaces the one before, and undoing it leaves
/// nothing to undo. A one-shot `people delete` or `people edit` has no
/// session, so nothing keeps what it changes and it cannot be undone.
@MainActor
public final class LastChange {
    /// A change undo can take back, with what it needs to.
    public enum Change: Equatable, Sendable {
        /// `person`, as they were, was deleted.
        case deleted(Person)
        /// A person's card read `before`, and the edit stored `after`: an
        /// undo puts `before`'s values back while the store still holds
        /// `after`'s, and changes nothing once someone else changed them.
        case edited(before: Person, after: Person)
    }

    private var change: Change?

    /// Nothing changed yet.
    public init() {}

    /// Keeps `change` as the one to undo, replacing any earlier one.
    public func remember(_ change: Change) {
        self.change = change
    }

    /// The change to undo, forgotten here; `nil` when there is none.
    public func take() -> Change? {
        defer { change = nil }
        return change
    }
}
