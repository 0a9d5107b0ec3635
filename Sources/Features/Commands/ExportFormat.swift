/// The shapes `people export` writes, each one `--import` reads back.
///
/// Only the names: how each is spelled is the file-format edge's business
/// (a ``PersonWriter``), so the command runner chooses a shape without
/// knowing a comma from a brace.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A header row `name,address,email`, then one quoted-as-needed row per person.
    case csv
    /// A JSON list of `{"name", "address", "email"}` objects, one per line.
    case json
    /// vCard 4.0 cards (RFC 6350) holding every field, with each person's
    /// id and date, as address books and phones read them.
    case vcard
}
