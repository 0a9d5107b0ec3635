/// Why a store could not do what was asked, other than a bad draft.
public enum PersonStoreError: Error, Equatable, CustomStringConvertible {
    /// No person has this id (never had, or was deleted).
    case notFound(Person.ID)
    /// The store's medium failed; the text says how, for a person to act on.
    case storage(String)
    /// The person was imported from a file and cannot be changed here.
    case readOnly(name: String, source: String)

    public var description: String {
        switch self {
        case .notFound(let id): "no person with id \(id)"
        case .storage(let message): message
        case .readOnly(let name, let source):
            "\(name) comes from \(source) and is read-only; change that file instead"
        }
    }
}
