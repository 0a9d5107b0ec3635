/// What a CSV export does with a cell a spreadsheet would run as a formula:
/// one starting with `=`, `+`, `-` or `@`, or a tab or carriage return.
///
/// A name another program stored as `=HYPERLINK("http://evil.example", "Ada")`
/// is text to `--import` and to a script, but a formula to a spreadsheet
/// that opens the file. Prefixing a single quote makes the spreadsheet show
/// it as text, and changes the value: `--import` reads the quote back. So
/// the export keeps what was stored unless asked (`--csv-formulas
/// neutralise`) to write for a spreadsheet instead.
public enum FormulaCells: String, Sendable, CaseIterable {
    /// Every cell exactly as stored: what `--import` and scripts read.
    case keep
    /// A cell a spreadsheet would run is written after a `'`.
    case neutralise
}
