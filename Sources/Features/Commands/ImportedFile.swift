/// What `people import` read from one source: its contacts, checked, and
/// how many of the file's values a person here has no field for.
///
/// A phone's export holds photos, websites and second addresses that a
/// card here cannot keep. They are left out, and the count is kept beside
/// the contacts so the import's result line says so: a user should not
/// find out weeks later that their photos stayed behind.
public struct ImportedFile: Sendable {
    /// Every contact, in file order.
    public var contacts: [ImportedContact]
    /// How many of each property were left out, by the file's name for it
    /// (`PHOTO`, `URL`, a second `ADR`); empty when nothing was.
    public var leftOut: [String: Int]

    /// A file's contacts and what it left out.
    public init(contacts: [ImportedContact], leftOut: [String: Int] = [:]) {
        self.contacts = contacts
        self.leftOut = leftOut
    }

    /// What was left out, for the result line: `2 PHOTO, 1 URL`, the most
    /// frequent first; `nil` when nothing was.
    ///
    /// The names come from the file, which may hold thousands of made-up
    /// ones: at most ``shownKinds`` are named, each cut short, and the rest
    /// counted, so the line stays one short line.
    public var leftOutSummary: String? {
        guard !leftOut.isEmpty else { return nil }
        let sorted = leftOut.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var parts = sorted.prefix(Self.shownKinds).map {
            "\($0.value) \(InertText.clipped($0.key, limit: 24))"
        }
        let rest = sorted.dropFirst(Self.shownKinds).reduce(0) { $0 + $1.value }
        if rest > 0 { parts.append("\(rest) more") }
        return parts.joined(separator: ", ")
    }

    /// How many kinds of left-out value the result line names.
    public static let shownKinds = 4
}
