/// The shapes `people export` writes, each one `--import` reads back and
/// `people import` restores.
///
/// Only the names: how each is spelled is the file-format edge's business
/// (a ``PersonWriter``), so the command runner chooses a shape without
/// knowing a comma from a brace.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A header row naming every field (`name,address,email` first, as
    /// earlier releases wrote, then the rest of the card, `uid`, `id` and
    /// `added`), then one quoted-as-needed row per person.
    case csv
    /// A JSON list of objects with the same keys, one per line.
    case json
    /// vCard 4.0 cards (RFC 6350) holding every field, with each person's
    /// id and date, as address books and phones read them.
    case vcard
}
