/// The shape an email address must have to be stored.
///
/// Deliberately modest: one `@`, something before it, a dotted domain after
/// it, no spaces. Whether the mailbox exists is not the address book's business.
enum EmailAddress {
    /// Whether `text` looks like `name@example.org`.
    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else {
            return false
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return !local.isEmpty
            && labels.count >= 2
            && labels.allSatisfy { !$0.isEmpty }
            && !text.contains(where: \.isWhitespace)
    }
}
