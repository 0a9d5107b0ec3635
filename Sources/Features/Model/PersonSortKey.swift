import Foundation

/// Where a person sorts in every list: by folded name, then by id.
///
/// Every store orders by this key, so a list can ask for "the page after the
/// last row I showed" (keyset paging) instead of counting rows from the top.
/// The name is folded once, the way people read names — case and accents
/// set aside, so Zoë sorts and is found with Zoe, Ñuño with Nuno and Øystein
/// with Oystein (see ``fold(_:)``) — and the folded names are compared byte
/// by byte, which is exactly what a database does with a plain `ORDER BY`.
/// That is why an in-memory store and an SQL store list the same people in
/// the same order. Two names that fold alike ("Zoë" and "Zoe") are ordered
/// by id, the order they were added in, in every store.
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
    ///
    /// In four steps, each of which a database can also take (the
    /// PostgreSQL store's key is the same fold, in SQL):
    /// 1. decompose, compatibility characters too (Unicode's NFKD): "é"
    ///    becomes "e" and an acute accent, "ﬁ" becomes "fi";
    /// 2. lower-case;
    /// 3. drop the accents, ``foldedMarks``, and spell each letter of
    ///    ``foldedLetters`` with the letters people read in it ("ø" as "o",
    ///    "ß" as "ss");
    /// 4. compose what is left (NFC), so the marks other scripts write with,
    ///    which are kept, and Korean syllables are stored whole.
    public static func fold(_ text: String) -> String {
        // ASCII has nothing to decompose, drop or spell, so lower-casing is
        // all there is to do, and far quicker than normalising.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        var composable = false
        for scalar in text.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if scalar.value < 0x80 {
                folded.append(scalar)
            } else if foldedMarks.contains(where: { $0.contains(scalar.value) }) {
                continue
            } else if let letters = spelledLetters[scalar] {
                folded.append(contentsOf: letters.unicodeScalars)
            } else {
                // Below U+0300 nothing composes: such text is composed already.
                composable = composable || scalar.value >= 0x300
                folded.append(scalar)
            }
        }
        let text = String(folded)
        return composable ? text.precomposedStringWithCanonicalMapping : text
    }

    /// Byte order of the folded names, then id order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let order = compareBytes(lhs.foldedName, rhs.foldedName)
        return order == 0 ? lhs.id < rhs.id : order < 0
    }

    /// Equal only when the bytes are equal, to agree with `<`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && compareBytes(lhs.foldedName, rhs.foldedName) == 0
    }

    /// Negative, zero or positive as `left`'s UTF-8 bytes sort before, with
    /// or after `right`'s: one `memcmp`, since sorting a million names
    /// compares them about twenty million times.
    private static func compareBytes(_ left: String, _ right: String) -> Int {
        let order = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                let shared = min(left.count, right.count)
                if shared > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, shared)
                    if order != 0 { return Int(order) }
                }
                return left.count - right.count
            }
        }
        if let order = order ?? nil { return order }
        // Text that is not stored contiguously (bridged from elsewhere).
        if left.utf8.elementsEqual(right.utf8) { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
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
