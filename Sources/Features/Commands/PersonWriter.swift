/// Spells persons in the shapes scripts and `--import` read: `show --json`,
/// `list --json` and each ``ExportFormat`` of `export`.
///
/// A protocol, so that ``PersonCommands`` decides what to write and when,
/// and the file-format edge decides how it is spelled: the command runner
/// never holds a comma or a brace, and a test can hand it a writer whose
/// lines it can read at a glance.
public protocol PersonWriter: Sendable {
    /// One person as a JSON object, as `show --json` prints it.
    func json(_ person: Person) -> String

    /// One page of `list --json`: `page` is `nil` for a page asked for by
    /// cursor, `next` the cursor of the page after it, `nil` on the last.
    func json(page: Int?, total: Int, persons: [Person], next: String?) -> String

    /// What an export in `format` begins with, before any person, if
    /// anything (a vCard file is its cards and nothing else).
    func header(of format: ExportFormat) -> String?

    /// One person as one line of `format`; `isFirst` for the first person.
    ///
    /// Every stored character is kept (CSV quotes a field that holds a
    /// line break or a control character; JSON escapes it), except that a
    /// CSV cell a spreadsheet would run is neutralised when `formulas` asks.
    func line(
        _ person: Person, in format: ExportFormat, formulas: FormulaCells, isFirst: Bool
    ) -> String

    /// What an export in `format` ends with, if anything.
    func footer(of format: ExportFormat) -> String?
}
