import Foundation

/// Carries out one `people` command for a script, then exits.
///
/// The store comes through a provider and is opened only by the commands that
/// need it, so `people --help` works even when the store cannot be opened.
@MainActor
public final class PersonCommands: Application {
    private let command: Command
    private let storeProvider: PersonStoreProvider
    private let pageSize: Int
    private let clock: @Sendable () -> Date
    private let writer: any PersonWriter
    private let help: String
    private let console: any Console

    /// Stores what to do and what to do it with; does nothing yet.
    ///
    /// - Parameters:
    ///   - command: the one-shot command to run.
    ///   - storeProvider: opens the store, once, when a command needs it.
    ///   - pageSize: rows per page for `list`.
    ///   - clock: the time persons added are stamped with.
    ///   - writer: spells persons as JSON and as each export format.
    ///   - help: the page `--help` prints, written by the launch parser,
    ///     which knows every option.
    ///   - console: where results go, and errors as one line each.
    public init(
        command: Command,
        storeProvider: @escaping PersonStoreProvider,
        pageSize: Int,
        clock: @escaping @Sendable () -> Date,
        writer: any PersonWriter,
        help: String,
        console: any Console
    ) {
        self.command = command
        self.storeProvider = storeProvider
        self.pageSize = max(1, pageSize)
        self.clock = clock
        self.writer = writer
        self.help = help
        self.console = console
    }

    public func run() async -> ExitCode {
        do {
            try await execute()
            return console.settle(.success)
        } catch is StoreCheckFailure {
            return console.settle(.failure)
        } catch is NoMatch {
            return console.settle(.failure)
        } catch let error as PersonValidationError {
            return fail(error, status: .usage)
        } catch let error as UsageError {
            return fail(error, status: .usage)
        } catch {
            return fail(error, status: .failure)
        }
    }

    /// Says why the command failed, in one line, and ends with `status`.
    ///
    /// On standard error, but for `query`: a mail client shows the first
    /// line a query writes to standard output as its status, and exit
    /// status 1 as a failure (abook's `--mutt-query` writes "Not found"
    /// there), so a query that cannot answer says why there, where mutt
    /// and aerc show it, and nothing on a standard error they draw over.
    private func fail(_ error: any Error, status: ExitCode) -> ExitCode {
        if case .query = command {
            console.writeRecords([MailQuery.field("people: \(error)")])
        } else {
            console.writeErrorLine("people: \(error)")
        }
        return console.settle(status)
    }

    private func execute() async throws {
        switch command {
        case .interactive, .graph, .importContacts, .help:
            // The session, the graph and the import are applications of
            // their own, which the injector chooses instead of this one.
            console.writeLines(help)
        case .usage(let page):
            console.writeLines(page)
        case .version:
            console.writeLine("people \(AppVersion.current)")
        case .list(let page, let search, let json):
            try await list(page: page, search: search, json: json)
        case .listAfter(let cursor, let search, let json):
            try await list(after: cursor, search: search, json: json)
        case .export(let format, let search, let formulas):
            try await export(format, matching: search, formulas: formulas)
        case .query(let search):
            try await query(search)
        case .show(let id, let json):
            let person = try await storeProvider().existingPerson(withID: id)
            if json {
                console.writeLines(writer.json(person))
            } else {
                // A line each, so a line break stored in a field is shown,
                // not obeyed: it cannot forge a line of its own.
                for line in Self.describe(person) { console.writeLine(line) }
            }
        case .add(let draft):
            // Checked before the store is even opened: a bad draft is bad usage.
            let checked = try draft.validated()
            console.writeLine(String(try await storeProvider().add(checked, addedAt: clock()).id))
        case .edit(let id, let changes):
            let store = try storeProvider()
            let person = try await store.existingPerson(withID: id)
            let draft = try Self.edited(person, with: changes)
            let saved = try await store.update(person, with: draft)
            if let changed = Self.rewritten(saved, from: draft) { console.writeErrorLine(changed) }
        case .delete(let id):
            let store = try storeProvider()
            try await store.delete(store.existingPerson(withID: id))
        case .check(let repairing):
            let report = try await storeProvider().check(repairing: repairing)
            for line in report.notes + report.problems {
                console.writeLine("\(report.store): \(line)")
            }
            if report.problems.isEmpty {
                console.writeLine("\(report.store): everything agrees with the persons")
            } else if report.remaining == [] {
                console.writeLine(
                    "\(report.store): repaired; what disagreed was built again, and everything agrees now"
                )
            } else {
                for line in report.remaining ?? [] {
                    console.writeLine("\(report.store): still after the repair: \(line)")
                }
                throw StoreCheckFailure()
            }
        case .seed(let count):
            // Checked in full first, so one bad draft writes nothing; then
            // streamed to the store, so a million never sit in memory at once.
            for draft in DemoPersons.drafts(count: count) { _ = try draft.validated() }
            let drafts = DemoPersons.drafts(count: count).lazy.compactMap(Self.checked)
            let added = try await storeProvider().add(contentsOf: drafts, addedAt: clock())
            console.writeLine("added \(added) demo persons")
        case .demo:
            let added = try await DemoBook.fill(try storeProvider())
            let names = DemoBook.persons.map(\.name).joined(separator: ", ")
            console.writeLine("added the \(added) demo persons: \(names)")
        }
    }

    /// Page `page` by number, read with its total in one store call.
    private func list(page: Int, search: String, json: Bool) async throws {
        let store = try storeProvider()
        // Multiplied only once the page is known to be in range: a page
        // number from the command line may be huge.
        let wanted = page <= Int.max / pageSize ? PageStart.offset((page - 1) * pageSize) : nil
        let read = try await store.listPage(
            matching: search, from: wanted ?? .first, size: pageSize)
        let total = read.total
        // Divided, never added to first: a total read from a file may be huge.
        let pages = max(1, total / pageSize + (total % pageSize == 0 ? 0 : 1))
        guard page <= pages, let wanted else {
            throw UsageError("--page: \(page) is past the last page (\(pages))")
        }
        // Rows from another start are the store's fallback, not this page.
        let persons = read.start == wanted ? read.rows : []
        if json {
            return writeJSON(
                persons, total: total, page: page,
                hasMore: read.firstIndex + persons.count < total)
        }
        let width = persons.map { String($0.id).count }.max() ?? 1
        for person in persons { console.writeLine(Self.row(person, idWidth: width)) }
        guard !persons.isEmpty else {
            return console.writeLine(
                search.isEmpty ? "no one yet" : "no one matches \(InertText.quoted(search))")
        }
        let first = read.firstIndex + 1
        console.writeLine(
            "page \(page) of \(pages) · \(first)–\(first + persons.count - 1) of \(total)")
    }

    /// The page after a cursor, read with its total in one store call.
    ///
    /// As text, the rows and where they stand; as JSON, the rows and the
    /// cursor after them.
    private func list(after cursor: PageCursor, search: String, json: Bool) async throws {
        let store = try storeProvider()
        let read = try await store.listPage(
            matching: search, from: .after(cursor.key), size: pageSize)
        // A store that fell back to another page found no one after the
        // cursor: a script reading on has reached the end.
        let persons = read.start == .after(cursor.key) ? read.rows : []
        let hasMore = !persons.isEmpty && read.firstIndex + persons.count < read.total
        if json {
            return writeJSON(persons, total: read.total, page: nil, hasMore: hasMore)
        }
        guard !persons.isEmpty else { return console.writeLine("no one after that") }
        for person in persons { console.writeLine(Self.row(person)) }
        let position = read.firstIndex + 1
        console.writeLine("\(position)–\(position + persons.count - 1) of \(read.total)")
    }

    /// A page as JSON, with the cursor for the page after it when there is
    /// one (`hasMore`: the store gave a person past the page).
    private func writeJSON(_ persons: [Person], total: Int, page: Int?, hasMore: Bool) {
        let after = hasMore ? persons.last.map { PageCursor(after: $0.sortKey).text } : nil
        console.writeLines(writer.json(page: page, total: total, persons: persons, next: after))
    }

    /// Every person matching `search`, in name order, one line each, read a
    /// page at a time so that memory stays flat however many there are.
    ///
    /// The header goes out with the first page, so an export whose store
    /// fails before it writes nothing at all. Written as records
    /// (``Console/writeRecords(_:)``): exactly as stored to a file or a
    /// pipe, so the export reads back as it was.
    private func export(
        _ format: ExportFormat, matching search: String, formulas: FormulaCells
    ) async throws {
        let store = try storeProvider()
        // One snapshot for every page: a person another program renames
        // meanwhile is written once, as they were when the export began.
        let (console, writer) = (console, writer)
        let begun = Locked(false)
        let refusable = Locked(Refusable())
        try await store.forEachPage(matching: search, pageSize: Self.exportPage) { page in
            let wasBegun = begun.withLock { begun in
                defer { begun = true }
                return begun
            }
            refusable.withLock { $0.count(page) }
            // A page in one write: a million persons are a thousand
            // writes, not a million.
            let lines = page.enumerated().map { index, person in
                writer.line(
                    person, in: format, formulas: formulas, isFirst: !wasBegun && index == 0)
            }
            let header = wasBegun ? nil : writer.header(of: format)
            console.writeRecords(header.map { [$0] + lines } ?? lines)
            return console.outputProblem == nil
        }
        if !begun.withLock({ $0 }), let header = writer.header(of: format) {
            console.writeRecords([header])
        }
        if let footer = writer.footer(of: format) { console.writeRecords([footer]) }
        if let warning = refusable.withLock({ $0.warning }) { console.writeErrorLine(warning) }
    }

    /// Every email of everyone matching `search`, for a mail client
    /// (``MailQuery``): the status line, then a line per address.
    ///
    /// The status line counts the lines after it, so the answer is read
    /// whole before anything is written; a mail query matches a few
    /// persons, not the book. Nothing matched is exit status 1 with the
    /// status line alone, as abook's `--mutt-query` answers.
    private func query(_ search: String) async throws {
        let found = Locked<[String]>([])
        try await storeProvider().forEachPage(matching: search, pageSize: Self.exportPage) {
            page in
            let lines = page.flatMap(MailQuery.lines(for:))
            found.withLock { $0 += lines }
            return true
        }
        let lines = found.withLock { $0 }
        console.writeRecords([MailQuery.status(addresses: lines.count)] + lines)
        if lines.isEmpty { throw NoMatch() }
    }

    /// The persons of an export that `--import` would refuse as they are
    /// stored: another program may store what people never would (a
    /// person with no name, on a server).
    ///
    /// The export still writes them exactly as stored, since it is a
    /// copy, and an import still checks each person as if typed; so the
    /// export says, in one line, that it will not read back whole, and
    /// which person to mend first, rather than let the import say so later.
    private struct Refusable: Sendable {
        private var total = 0
        private var first: (id: Person.ID, problem: String)?

        mutating func count(_ page: [Person]) {
            for person in page {
                do {
                    _ = try PersonDraft(person).validated()
                } catch {
                    total += 1
                    if first == nil { first = (person.id, "\(error)") }
                }
            }
        }

        var warning: String? {
            guard let first else { return nil }
            let persons = total == 1 ? "1 person" : "\(total) persons"
            return
                "people: \(persons) exported would be refused by --import as stored (person \(first.id): \(first.problem)); mend them with people edit ID to import this export whole"
        }
    }

    /// `draft` checked, or `nil`.
    ///
    /// The seed's drafts are checked in full before any is stored. Not
    /// isolated to the main actor, so the lazy sequence that calls it can
    /// be handed to the store.
    nonisolated private static func checked(_ draft: PersonDraft) -> ValidatedDraft? {
        try? draft.validated()
    }

    /// `person` with `changes` applied, checked.
    ///
    /// - Throws: ``PersonValidationError`` for a value given in `changes`;
    ///   ``StoredValueError`` for a stored value the edit keeps, which
    ///   another program may have written.
    private static func edited(_ person: Person, with changes: PersonChanges) throws
        -> ValidatedDraft
    {
        do {
            return try changes.applied(to: PersonDraft(person)).validated()
        } catch {
            guard changes[error.field] == nil else { throw error }
            throw StoredValueError(id: person.id, problem: error)
        }
    }

    /// What to say when the person stored is not what was saved.
    ///
    /// Another program's trigger changed the row as it was written. The
    /// save was kept, so the edit succeeds, but saying nothing would leave
    /// the user believing values no one will find.
    private static func rewritten(_ saved: Person, from draft: ValidatedDraft) -> String? {
        let written = Person(
            id: saved.id, name: draft.name, details: draft.details, added: saved.added)
        guard !saved.hasSameValues(as: written) else { return nil }
        let email = saved.email.map { InertText.quoted($0) } ?? "none"
        return
            "people: person \(saved.id) was saved, but another program's trigger changed what was stored: name \(InertText.quoted(saved.name)), address \(InertText.quoted(saved.address)), email \(email)"
    }

    /// How many persons an export reads at a time.
    nonisolated private static let exportPage = 1_000

    /// One person as a row of `people list`: id, name, email.
    private static func row(_ person: Person, idWidth: Int = 1) -> String {
        let email = person.email.map { " <\($0)>" } ?? ""
        return "\(String(person.id).leftPadded(to: idWidth))  \(person.name)\(email)"
    }

    private static func describe(_ person: Person) -> [String] {
        let fields = person.shownFields
        let width = (fields.map(\.label.count).max() ?? 0) + 2
        return fields.map { "\($0.label.padded(to: width))\($0.value)" }
    }
}

/// `people check` found problems and was not asked to repair them: exit 1,
/// with the problems already said.
private struct StoreCheckFailure: Error {}

/// `people query` found no address: exit 1, with the status line already
/// said, as abook's `--mutt-query` ends.
private struct NoMatch: Error {}
