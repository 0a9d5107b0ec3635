import Features

/// One command of `people`, declared once: how it is typed, what it does,
/// and its arguments and options.
///
/// `people --help` lists every command from these, `people COMMAND --help`
/// (or `-h`) prints that command's own page, and a test holds the
/// command-line reference to the same synopses, so the three cannot tell a
/// reader different things.
public struct CommandUsage: Sendable {
    /// The word that names it: `seed`.
    public let name: String
    /// How it is typed: `people seed N`.
    public let synopsis: String
    /// What it does, as `people --help` lists it: lines of at most 49
    /// columns, shown beside a short synopsis or under a long one.
    let summary: [String]
    /// Each operand and option of its own, and what it means.
    let arguments: [(name: String, meaning: String)]

    /// Every command, in the order `people --help` lists them.
    public static let all: [CommandUsage] = [
        CommandUsage(
            name: "list",
            synopsis: "people list [--page N | --after CURSOR] [--search TEXT] [--json]",
            summary: [],
            arguments: [
                ("--page N", "the page to print, from 1 (default 1), of --page-size rows"),
                ("--after CURSOR", "the page after the \"next\" cursor of a --json page"),
                ("--search TEXT", "only whoever's name, email, phone… holds TEXT"),
                ("--json", "{\"total\", \"page\", \"persons\": [...], \"next\"}"),
            ]),
        CommandUsage(
            name: "show", synopsis: "people show ID [--json]", summary: [],
            arguments: [
                ("ID", "the person's id, as list prints it"),
                ("--json", "every field, with id, card id (uid) and date"),
            ]),
        CommandUsage(
            name: "add", synopsis: "people add --name NAME [--FIELD TEXT]...", summary: [],
            arguments: [
                ("--name NAME", "the person's name; an --email 'NAME <ADDRESS>' gives one too"),
                ("--FIELD TEXT", "any other field, as for edit; prints the new id"),
            ]),
        CommandUsage(
            name: "edit", synopsis: "people edit ID [--FIELD TEXT]...",
            summary: [
                "FIELD is name, email, phone, organization,",
                "title, nickname, address (the street), city,",
                "region, postcode, country, birthday or notes;",
                "several emails or phones: 'work: a@b.org, c@d.org'",
            ],
            arguments: [
                ("ID", "the person's id, as list prints it"),
                ("--FIELD TEXT", "the field's new value; '' clears an optional field"),
            ]),
        CommandUsage(
            name: "delete", synopsis: "people delete ID", summary: [],
            arguments: [("ID", "the person's id; no undo: only a session keeps deletes")]),
        CommandUsage(
            name: "seed", synopsis: "people seed N",
            summary: ["add N generated demo persons (one transaction)"],
            arguments: [("N", "how many, 1 to 1000000")]),
        CommandUsage(
            name: "demo", synopsis: "people demo",
            summary: [
                "add the three demo persons (Ada, Alan, Grace) to",
                "an empty book, in one transaction; a book that",
                "holds anyone is refused",
            ],
            arguments: []),
        CommandUsage(
            name: "export",
            synopsis:
                "people export [--format csv|json|vcard] [--search TEXT] [--csv-formulas keep|neutralise]",
            summary: [
                "everyone in name order, every field with the id,",
                "card id (uid) and date, for import; neutralise",
                "puts ' before a CSV cell a spreadsheet would",
                "run (=, +, -, @, tab, CR first)",
            ],
            arguments: [
                ("--format FORMAT", "csv (default), json or vcard"),
                ("--search TEXT", "only whoever's name, email, phone… holds TEXT"),
                ("--csv-formulas HOW", "keep (default) or neutralise, for a spreadsheet"),
            ]),
        CommandUsage(
            name: "import", synopsis: "people import FILE|URL [--dry-run]",
            summary: [
                "store the contacts of a vCard, CSV or JSON file",
                "(an export, a phone's or Google's or Outlook's)",
                "in one go, each put back under its id and date",
                "when the file has them and the id is free; a",
                "contact is skipped when a stored person has its",
                "card id, or (with none in the file) its first",
                "email, in any case; a bad record stores nothing;",
                "--dry-run says what would happen",
            ],
            arguments: [
                ("FILE|URL", "a file, or an http(s) URL"),
                ("--dry-run", "say what would be added and skipped; store nothing"),
            ]),
        CommandUsage(
            name: "query", synopsis: "people query TEXT",
            summary: [
                "for mutt's and aerc's query_command: a status",
                "line, then address<TAB>name<TAB>label (or",
                "organisation) for every email of everyone",
                "matching TEXT (exit 1 if no one)",
            ],
            arguments: [("TEXT", "what to look for, as list's --search")]),
        CommandUsage(
            name: "check", synopsis: "people check [--repair]",
            summary: [
                "check what the store keeps for speed (SQLite: the",
                "search index, counts and page marks; PostgreSQL:",
                "its extension, sort key, indexes, trigger and",
                "nameless persons) (exit 1 if wrong; never makes",
                "a book); --repair builds again what is wrong, in",
                "one transaction",
            ],
            arguments: [("--repair", "build again what is wrong, in one transaction")]),
        CommandUsage(
            name: "graph", synopsis: "people graph",
            summary: ["print the object graph as a Mermaid flowchart"], arguments: []),
    ]

    /// The command named `name`, if `people` has one.
    public static func named(_ name: String) -> CommandUsage? {
        all.first { $0.name == name }
    }

    /// The column a summary starts at in `people --help`'s list.
    private static let summaryColumn = 35

    /// Its lines in `people --help`'s list: the synopsis, and the summary
    /// beside it when the synopsis leaves room, else under it.
    var listing: String {
        let indent = String(repeating: " ", count: Self.summaryColumn)
        let head = "  " + synopsis
        guard let first = summary.first, head.count + 2 <= Self.summaryColumn else {
            return ([head] + summary.map { indent + $0 }).joined(separator: "\n")
        }
        let padded = head + String(repeating: " ", count: Self.summaryColumn - head.count)
        return ([padded + first] + summary.dropFirst().map { indent + $0 })
            .joined(separator: "\n")
    }

    /// Its own page, what `people COMMAND --help` prints: the synopsis,
    /// what it does, its arguments and options, and where the options every
    /// command takes are.
    public var page: String {
        var lines = ["Usage: " + synopsis]
        if !summary.isEmpty { lines += [""] + summary.map { "  " + $0 } }
        if !arguments.isEmpty {
            let width = arguments.map(\.name.count).max() ?? 0
            lines += ["", "Arguments and options:"]
            lines += arguments.map { name, meaning in
                "  " + name + String(repeating: " ", count: width - name.count + 2) + meaning
            }
        }
        lines += [
            "",
            "The options of every command (--store, --db, --schema, --page-size,",
            "--config, --trace, --latency, --import, --color) are in 'people --help'.",
        ]
        return lines.joined(separator: "\n")
    }
}
