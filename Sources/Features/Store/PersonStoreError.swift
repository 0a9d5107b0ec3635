/// Why a store could not do what was asked, other than a bad draft.
public enum PersonStoreError: Error, Equatable, CustomStringConvertible {
    /// No person has this id (never had, or was deleted).
    case notFound(Person.ID)
    /// The store's medium failed; the text says how, for a person to act on.
    case storage(String)
    /// The person was imported from a file and cannot be changed here.
    case readOnly(name: String, source: String)
    /// Someone else — another screen, another process — changed the person
    /// since they were read, so a save or delete would lose their change.
    case changedElsewhere(name: String)
    /// Someone else deleted the person since they were read.
    case deletedElsewhere(name: String)
    /// The store ran the write and the table kept nothing of it: a trigger,
    /// rule or row security policy another program put on the table stopped
    /// it without an error (an SQLite `RAISE(IGNORE)`, a PostgreSQL trigger
    /// that returns `NULL`, a `DO INSTEAD NOTHING` rule, or a policy that
    /// leaves the row out of a delete). Said, never taken for done.
    case notKept(Write, name: String)

    /// Which write a trigger or rule stopped, as a message names it.
    public enum Write: String, Sendable, Equatable {
        /// A new person, one at a time or in bulk.
        case add = "the add of"
        /// An edit's save.
        case change = "the change to"
        /// A delete.
        case delete = "the delete of"
        /// An undo's putting back of a deleted person.
        case restore = "putting back"
    }

    public var description: String {
        switch self {
        case .notFound(let id): "no person with id \(id)"
        case .storage(let message): message
        case .readOnly(let name, let source):
            "\(name) comes from \(source) and is read-only; change that file instead"
        // A name another program stored may be of any length: clipped.
        case .changedElsewhere(let name):
            "\(InertText.clipped(name)) was changed by someone else since they were opened; "
                + "open them again to see the change"
        case .deletedElsewhere(let name):
            "\(InertText.clipped(name)) was deleted by someone else since they were opened"
        case .notKept(let write, let name):
            "\(write.rawValue) \(InertText.quoted(name)) was not kept: a trigger, rule or row "
                + "security policy on the person table stopped it; nothing changed"
        }
    }
}
