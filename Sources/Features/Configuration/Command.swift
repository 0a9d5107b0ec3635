/// What one run of `people` was asked to do.
public enum Command: Sendable, Equatable {
    /// No command: the interactive list.
    case interactive
    /// `people list`: one page, optionally searched, as text or JSON.
    case list(page: Int, search: String, json: Bool)
    /// `people list --after CURSOR`: the page after a cursor a previous
    /// `people list --json` gave.
    case listAfter(cursor: PageCursor, search: String, json: Bool)
    /// `people export`: everyone (or those matching), streamed in name
    /// order; `formulas` says what CSV does with a cell a spreadsheet would
    /// run.
    case export(format: ExportFormat, search: String, formulas: FormulaCells = .keep)
    /// `people query TEXT`: every email of everyone matching, for a mail
    /// client's `query_command` (``MailQuery``).
    case query(search: String)
    /// `people show ID`: one person, as text or JSON.
    case show(id: Person.ID, json: Bool)
    /// `people add`: store a new person and print their id.
    case add(PersonDraft)
    /// `people edit ID`: change the fields given, keep the others.
    case edit(id: Person.ID, changes: PersonChanges)
    /// `people delete ID`.
    case delete(id: Person.ID)
    /// `people import FILE|URL [--dry-run]`: store the contacts of a file
    /// in the book, skipping those it holds already (``ContactImport``);
    /// with `dryRun`, only say what would be stored.
    case importContacts(source: String, dryRun: Bool)
    /// `people seed N`: add N generated demo persons in one transaction.
    case seed(count: Int)
    /// `people demo`: add the demo persons (``Person/samples``) to an empty
    /// book, in one transaction; a book that holds anyone is refused.
    case demo
    /// `people check [--repair]`: whether what the store keeps to answer
    /// quickly agrees with its persons; with `repairing`, rebuild it if not.
    case check(repairing: Bool)
    /// `people graph`: the object graph as a Mermaid flowchart.
    case graph
    /// `people --help`.
    case help
    /// `people COMMAND --help` (or `-h`): that command's own page, its
    /// usage, arguments and options, as the launch edge that declares the
    /// commands wrote it.
    case usage(String)
    /// `people --version`.
    case version
}

extension Command {
    /// Whether opening the store for this command may change the book:
    /// build again on the way in what it keeps for speed when that is
    /// found wrong, and make the book when it is missing if
    /// ``makesAPersonalBookWhenMissing`` says so.
    ///
    /// `check` only looks, as `git fsck` does: on a mistyped path it must
    /// say so rather than make an empty book and find nothing wrong with
    /// it, and damage
    /// is for its report (and `--repair`) to find, not for the open to mend
    /// out of sight. An import's `--dry-run` only looks, too: it promises
    /// to write nothing.
    public var changesTheBookAsItOpens: Bool {
        switch self {
        case .check, .importContacts(_, dryRun: true): false
        default: true
        }
    }

    /// Whether a store shared by a team may make the book for this command
    /// when there is none: only for a command that adds persons (`add`,
    /// `seed`, `demo`, `import` unless a dry run), never for one that reads
    /// or changes those already there.
    ///
    /// On a server, "no book here" is more often a mistyped address, or a
    /// user whose own schema comes first, than a team's first run: a
    /// command that made a book there would start a second, empty book
    /// beside the team's and show it, with no word said. So it says there
    /// is none instead, and how to make one; the first command that adds
    /// persons makes it. `edit` and `delete` could not succeed in an empty book
    /// anyway, and a session would open on an empty list that looks like
    /// the team's book has lost everyone. (A new file gets a book for an
    /// interactive session too, which starts empty as a server's does: it
    /// is one person's, who adds the first one there; see
    /// ``makesAPersonalBookWhenMissing``.) A `switch` with no `default`, so
    /// a new command is placed here by the compiler's asking.
    public var makesASharedBookWhenMissing: Bool {
        switch self {
        case .interactive, .list, .listAfter, .export, .query, .show, .edit, .delete, .check: false
        case .importContacts(_, let dryRun): !dryRun
        case .add, .seed, .demo, .graph, .help, .usage, .version: true
        }
    }

    /// Whether a book of one person's own, a file, is made for this command
    /// when there is none: for the commands that write (`add`, `seed`,
    /// `demo`, `import` unless a dry run) and for an interactive session,
    /// where the person adds the first one; never for one that only reads
    /// (`list`, `show`, `export`, `query`, `check`) or changes persons
    /// already there (`edit`, `delete`).
    ///
    /// A read of a mistyped path must say there is no book there, not make
    /// an empty file (and its folders) and answer from it as if it were
    /// the book: `people --db ~/old/people.sqlite list` would list no one
    /// and leave a stray file behind. `graph`, `help` and `version` open
    /// no book at all. A `switch` with no `default`, so a new command is
    /// placed here by the compiler's asking.
    public var makesAPersonalBookWhenMissing: Bool {
        switch self {
        case .interactive, .add, .seed, .demo: true
        case .importContacts(_, let dryRun): !dryRun
        case .list, .listAfter, .export, .query, .show, .edit, .delete, .check: false
        case .graph, .help, .usage, .version: false
        }
    }
}

/// The fields `people edit` was given; a field not given is kept.
public struct PersonChanges: Sendable, Equatable {
    /// The new text of each field given; empty clears an optional field.
    public var texts: [PersonField: String]

    /// Changes to the fields given.
    public init(texts: [PersonField: String]) {
        self.texts = texts
    }

    /// Changes to the name, street and email given.
    public init(name: String? = nil, address: String? = nil, email: String? = nil) {
        var texts: [PersonField: String] = [:]
        texts[.name] = name
        texts[.address] = address
        texts[.email] = email
        self.init(texts: texts)
    }

    /// The new name, if given.
    public var name: String? { texts[.name] }
    /// The new street, if given; empty clears it.
    public var address: String? { texts[.address] }
    /// The new emails, if given; empty clears them.
    public var email: String? { texts[.email] }

    /// Whether nothing would change.
    public var isEmpty: Bool { texts.isEmpty }

    /// The change to `field`, or `nil` to keep it.
    ///
    /// So that an edit refused for a field can tell a value typed now from
    /// one the store held.
    public subscript(field: PersonField) -> String? { texts[field] }

    /// `draft` with these changes applied.
    public func applied(to draft: PersonDraft) -> PersonDraft {
        var changed = draft
        for (field, text) in texts { changed[field] = text }
        return changed
    }
}
