import Foundation

/// Where a person sorts in every list: by folded name, then by id.
///
/// Every store orders by this key, so a list can ask for "the page after the
/// last row I showed" (keyset paging) instead of counting rows from the top.
/// The name is folded once — canonically composed, then lower-cased — and the
/// folded names are compared byte by byte, which is exactly what a database
/// does with a plain `ORDER BY`. That is why an in-memory store and an SQL
/// store list the same people in the same order.
public struct PersonSortKey: Sendable, Hashable, Comparable {
    /// The name as it is compared and searched.
    public let foldedName: String
    /// Breaks ties between people with the same name.
    public let id: Person.ID

    /// The key of a person with this name and id.
    public init(name: String, id: Person.ID) {
        self.init(foldedName: Self.fold(name), id: id)
    }

    /// A key whose name is already folded, as a store reads it back.
    public init(foldedName: String, id: Person.ID) {
        self.foldedName = foldedName
        self.id = id
    }

    /// Folds a name or a search text the way every store compares them.
    public static func fold(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Byte order of the folded names, then id order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.foldedName.utf8.elementsEqual(rhs.foldedName.utf8) {
            return lhs.id < rhs.id
        }
        return lhs.foldedName.utf8.lexicographicallyPrecedes(rhs.foldedName.utf8)
    }

    /// Equal only when the bytes are equal, to agree with `<`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.foldedName.utf8.elementsEqual(rhs.foldedName.utf8)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(Array(foldedName.utf8))
    }

    /// Whether this name contains `search`, which must be folded already.
    ///
    /// Byte-wise, like the key's ordering, so every store agrees on who matches.
    public func nameContains(folded search: String) -> Bool {
        search.isEmpty || foldedName.utf8.firstRange(of: search.utf8) != nil
    }
}
