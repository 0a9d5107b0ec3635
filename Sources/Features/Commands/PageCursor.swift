import Foundation

/// Where a script's next page begins: the sort key of the last person it
/// was given, as text it can hand back with `people list --after CURSOR`.
///
/// A page that starts after a key costs the same at any depth, so walking
/// the whole address book page by page stays linear, where page numbers
/// would make it quadratic. The text is `ID.NAME`, the folded name in
/// URL-safe base64: opaque to a script, and exactly the key again when read.
public struct PageCursor: Sendable, Equatable {
    /// The key the next page starts after.
    public let key: PersonSortKey

    /// The cursor after `key`.
    public init(after key: PersonSortKey) {
        self.key = key
    }

    /// The cursor a script was given, or `nil` when `text` is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int(parts[0]),
            let bytes = Data(base64Encoded: Self.standardBase64(parts[1])),
            let name = String(bytes: bytes, encoding: .utf8)
        else { return nil }
        key = PersonSortKey(foldedName: name, id: id)
    }

    /// The cursor as text for a script.
    public var text: String {
        let name = Data(key.foldedName.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "\(key.id).\(name)"
    }

    private static func standardBase64(_ text: Substring) -> String {
        let plain = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        return plain + String(repeating: "=", count: (4 - plain.count % 4) % 4)
    }
}
