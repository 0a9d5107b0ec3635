/// What `people query TEXT` answers a mail client: the `query_command`
/// protocol of mutt and aerc, as abook's `--mutt-query` speaks it.
///
/// A mail client runs the command, shows its first line as the query's
/// status, and reads every line after it as one address:
/// `address<TAB>name<TAB>other`. So a person with three emails is three
/// lines, and a person with none is no line at all: a mail client can do
/// nothing with them. The third field says which address it is — the
/// email's label (`work`), or, for an email without one, the person's
/// organisation.
///
/// The fields come from the book, which another program may have written:
/// a tab inside a name would shift the columns, a line break would forge an
/// address, and an escape would reach the terminal the mail client draws
/// on. Each field goes out on one line, with tabs and line breaks as
/// spaces and every other character a terminal obeys shown as
/// ``InertText`` shows it.
public enum MailQuery {
    /// The first line: how many addresses follow, for the mail client to
    /// show.
    public static func status(addresses: Int) -> String {
        switch addresses {
        case 0: "people: no matches"
        case 1: "people: 1 match"
        default: "people: \(addresses) matches"
        }
    }

    /// One line for each of `person`'s emails, the preferred one first.
    public static func lines(for person: Person) -> [String] {
        let name = field(person.name)
        return person.details.emails.map { email in
            let other = email.label.isEmpty ? person.details.organization : email.label
            return field(email.value) + "\t" + name + "\t" + field(other)
        }
    }

    /// `text` as one field of a line: no tab, no line break, nothing a
    /// terminal obeys.
    static func field(_ text: String) -> String {
        // Printable ASCII, what nearly every field is, holds nothing to
        // replace.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            spaced.append(breaksAField(scalar) ? " " : scalar)
        }
        return InertText.inert(String(spaced))
    }

    /// Whether `scalar` would end a field or a line for a reader: a tab,
    /// or any line break (vertical tab and form feed, NEL, and Unicode's
    /// line and paragraph separators too).
    private static func breaksAField(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85: true
        default: InertText.isLineSeparator(scalar)
        }
    }
}
