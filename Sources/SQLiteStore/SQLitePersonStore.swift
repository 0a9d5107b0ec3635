import Features
import Foundation

/// A store that keeps persons in an SQLite file, so they are still there
/// tomorrow.
///
/// The real half of the fake-and-real pair: it keeps the same ``Features/PersonStore``
/// contract as ``Features/MemoryPersonStore`` — the same order, pages and search —
/// and the same contract tests run against both. Like every store it takes
/// only a ``Features/ValidatedDraft``: checking is done before a store is reached.
///
/// Several processes may use one file at once: the file is in WAL mode (put
/// back on open, without waiting, if another program took it out), so
/// readers never block the writer, and each write takes the write lock
/// first, waiting up to the busy timeout for another process to finish.
/// Every write is one transaction, so a crash leaves all of it or none.
///
/// Each query is answered here in two halves, side by side: a public
/// synchronous method that runs its SQL (for tools and tests that call the
/// store without `await`), and the query's `async` `answer(_:)`, which
/// runs it through `running` (see `SQLitePersonStore+Async.swift`). So a
/// new query's SQLite answer is written in this one file.
public final class SQLitePersonStore: PersonStorage {
    private let connection: Locked<SQLiteConnection>
    /// Whether the derived data passed its checks on open (see `SQLiteDerivedData`).
    private let trusted: Bool
    /// What opening found wrong with the derived data and rebuilt, if anything.
    private let repairedOnOpen: String?
    /// The file opened, so a write can tell when the path now names another.
    private let file: SQLiteFileIdentity

    /// Opens the database at `path`, creating the file and its folder when
    /// missing (if `opening` is ``Opening/toUse``) and bringing its schema
    /// up to date.
    ///
    /// The file is treated as possibly hostile: another program may have
    /// written it. What it holds is decided before anything is written (see
    /// `SQLiteContents`); only a new or empty file is adopted, and anything
    /// else that is not a people database is refused and left byte for byte
    /// as it was. The derived data is checked on open, and rebuilt or
    /// bypassed (see `SQLiteDerivedData`): opening a file only `people` has
    /// written costs the same at a million persons as at ten, and no open
    /// waits for another writer.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - samples: the persons a new database starts with.
    ///   - opening: to use the book, or only to check it (see ``Opening``).
    ///   - busyTimeout: how long a write waits for another process's lock.
    /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming the path, when the
    ///   folder cannot be written, the file is missing or empty when only to
    ///   be read or checked, the path is not a regular file, the file
    ///   is not a people database or is damaged, or it was written by a
    ///   newer schema.
    public init(
        path: String,
        startingWith samples: [Person] = [],
        opening: Opening = .toUse,
        busyTimeout: Duration = .seconds(5)
    ) throws(PersonStoreError) {
        if opening != .toUse { try Self.requireExisting(path) }
        try Self.prepareFolder(for: path)
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try Self.checkHeader(of: opened, at: path)
        try Self.prepareSchema(of: opened, samples: samples)
        let prepared = try SQLiteDerivedData.prepare(opened, repairing: opening != .toCheck)
        trusted = prepared.trusted
        repairedOnOpen = prepared.repaired
        if trusted { try opened.execute(SQLiteSearch.termsTable) }
        file = SQLiteFileIdentity(path: path)
        connection = Locked(opened)
    }

    /// What a store is opened for.
    public enum Opening: Sendable {
        /// A command that writes, or a session: a missing file is made,
        /// with its folder, and derived data found wrong is built again on
        /// the way in.
        case toUse
        /// A command that only reads (`list`, `show`, `export`, `query`)
        /// or changes persons already there (`edit`, `delete`): a missing
        /// or empty file is refused and nothing is made, and derived data
        /// found wrong is built again on the way in.
        case toRead
        /// `people check`, which only looks: a missing or empty file is
        /// refused and nothing is made, and nothing is built again on open,
        /// so that the check reports what it finds.
        case toCheck
    }

    public func count(matching search: String) throws -> Int {
        try searching(search) { (search, database) throws(PersonStoreError) in
            try search.count(in: database)
        }
    }

    public func answer(_ query: CountQuery) async throws -> Int {
        try running { try self.count(matching: query.search) }
    }

    public func position(of key: PersonSortKey, matching search: String) throws -> Int {
        try searching(search) { (search, database) throws(PersonStoreError) in
            try position(of: key, search, in: database)
        }
    }

    public func answer(_ query: PositionQuery) async throws -> Int {
        try running { try self.position(of: query.key, matching: query.search) }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) throws -> [Person]
    {
        try searching(search) { (search, database) throws(PersonStoreError) in
            try page(search, from: start, limit: limit, in: database)
        }
    }

    public func answer(_ query: PageQuery) async throws -> [Person] {
        try running { try self.page(matching: query.search, from: query.start, limit: query.limit) }
    }

    /// The page, its total and its first row's index, from one snapshot of
    /// the file: one hold of the lock, one read transaction (or the one
    /// ``Features/PersonStore/readingConsistently(_:)`` already began).
    public func listPage(matching search: String, from start: PageStart, size: Int) throws
        -> ListPage
    {
        let size = max(1, size)
        return try connection.withLock { (database) throws(PersonStoreError) in
            try database.readTransaction { () throws(PersonStoreError) in
                try ListPage.reading(
                    from: start, size: size,
                    count: { () throws(PersonStoreError) in
                        try searching(search, in: database) {
                            (search, database) throws(PersonStoreError) in
                            try search.count(in: database)
                        }
                    },
                    page: { (start) throws(PersonStoreError) in
                        try searching(search, in: database) {
                            (search, database) throws(PersonStoreError) in
                            try page(search, from: start, limit: size, in: database)
                        }
                    },
                    position: { (key) throws(PersonStoreError) in
                        try searching(search, in: database) {
                            (search, database) throws(PersonStoreError) in
                            try position(of: key, search, in: database)
                        }
                    })
            }
        }
    }

    public func answer(_ query: ListPageQuery) async throws -> ListPage {
        try running {
            try self.listPage(matching: query.search, from: query.start, size: query.size)
        }
    }

    private func position(
        of key: PersonSortKey, _ search: SQLiteSearch, in database: SQLiteConnection
    ) throws(PersonStoreError) -> Int {
        let route = try search.route(for: .position, in: database)
        if case .everyone = route, trusted,
            let position = try SQLitePageMarks.position(of: key, in: database)
        {
            return position
        }
        guard let rows = Self.rows(of: route, search) else { return 0 }
        return try database.integer(
            "SELECT count(*) FROM \(rows.table) WHERE (sort_name, id) < (?, ?) AND \(rows.filter)",
            key.sqlValues + rows.parameters)
    }

    private func page(
        _ search: SQLiteSearch, from start: PageStart, limit: Int, in database: SQLiteConnection
    ) throws(PersonStoreError) -> [Person] {
        let limit = max(0, limit)
        var skipped = 0
        if case .offset(let offset) = start { skipped = max(0, offset) }
        let route = try search.route(for: .page(wanted: limit, skipped: skipped), in: database)
        guard let rows = Self.rows(of: route, search) else { return [] }
        let select = "SELECT \(Self.columns) FROM \(rows.table) WHERE \(rows.filter)"
        switch start {
        case .offset:
            if case .everyone = route, trusted, skipped >= SQLitePageMarks.spacing {
                let page = try database.rows(
                    SQLitePageMarks.pageQuery(reading: Self.columns),
                    [.integer(skipped), .integer(limit)], reading: Self.person)
                if !page.isEmpty { return page }
            }
            return try database.rows(
                "\(select) ORDER BY sort_name, id LIMIT ? OFFSET ?",
                rows.parameters + [.integer(limit), .integer(skipped)], reading: Self.person)
        case .after(let key):
            return try database.rows(
                "\(select) AND (sort_name, id) > (?, ?) ORDER BY sort_name, id LIMIT ?",
                rows.parameters + key.sqlValues + [.integer(limit)],
                reading: Self.person)
        case .before(let key):
            return try database.rows(
                "\(select) AND (sort_name, id) < (?, ?) ORDER BY sort_name DESC, id DESC LIMIT ?",
                rows.parameters + key.sqlValues + [.integer(limit)],
                reading: Self.person
            ).reversed()
        case .last:
            return try database.rows(
                "\(select) ORDER BY sort_name DESC, id DESC LIMIT ?",
                rows.parameters + [.integer(limit)], reading: Self.person
            ).reversed()
        }
    }

    /// Runs `body` inside one read transaction.
    ///
    /// Every page it reads comes from the same snapshot of the file,
    /// whatever other programs write meanwhile. Under WAL, it blocks no writer.
    public func readingConsistently<T>(_ body: () throws -> T) throws -> T {
        try beginReading()
        defer { endReading() }
        return try body()
    }

    /// Begins the read transaction of `readingConsistently`.
    func beginReading() throws(PersonStoreError) {
        try connection.withLock { (database) throws(PersonStoreError) in
            try database.execute("BEGIN")
        }
    }

    /// Ends the read transaction of `readingConsistently`; rolled back when
    /// the commit fails, so the connection is never left inside it.
    func endReading() {
        connection.withLock { database in
            if (try? database.execute("COMMIT")) == nil { try? database.execute("ROLLBACK") }
        }
    }

    /// Runs `body` with the search for `text`, and when the index fails it
    /// (another program damaged the index's own tables), again reading
    /// `person` alone: slower, and still the right answer.
    private func searching<T: Sendable>(
        _ text: String, _ body: (SQLiteSearch, SQLiteConnection) throws(PersonStoreError) -> T
    ) throws(PersonStoreError) -> T {
        try connection.withLock { (database) throws(PersonStoreError) in
            try searching(text, in: database, body)
        }
    }

    /// `searching(_:_:)` on a connection whose lock the caller holds.
    private func searching<T: Sendable>(
        _ text: String, in database: SQLiteConnection,
        _ body: (SQLiteSearch, SQLiteConnection) throws(PersonStoreError) -> T
    ) throws(PersonStoreError) -> T {
        database.lastFailureWasLock = false
        do throws(PersonStoreError) {
            return try body(SQLiteSearch(text, trusted: trusted), database)
        } catch {
            // A lock is not the index's fault: asking again, from
            // `person`, would wait out the busy timeout a second time.
            // Nor is a statement stopped because its task was cancelled.
            guard trusted, !database.lastFailureWasLock, !Task.isCancelled else { throw error }
            return try body(SQLiteSearch(text, trusted: false), database)
        }
    }

    /// The table and filter that find a search's rows by `route`, or nil
    /// when nothing matches.
    ///
    /// Rows the trigram index names are read by id; `NOT INDEXED` keeps
    /// SQLite from walking the name index instead and testing each id.
    private static func rows(of route: SQLiteSearch.Route, _ search: SQLiteSearch) -> (
        table: String, filter: String, parameters: [SQLiteValue]
    )? {
        switch route {
        case .none: nil
        case .everyone: ("person", "1", [])
        case .walk:
            ("person", "instr(\(SQLiteSchema.searched()), ?) > 0", [.text(search.folded)])
        case .lookUp(let query):
            (
                "person NOT INDEXED",
                "id IN (SELECT rowid FROM person_search WHERE person_search MATCH ?)",
                [.text(query)]
            )
        }
    }

    public func person(withID id: Person.ID) throws -> Person? {
        try connection.withLock { (database) throws(PersonStoreError) in
            try database.rows(
                "SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)],
                reading: Self.person
            ).first
        }
    }

    public func answer(_ query: PersonWithIDQuery) async throws -> Person? {
        try running { try self.person(withID: query.id) }
    }

    public func add(_ draft: ValidatedDraft, addedAt added: Date) throws -> Person {
        try writing { (database, marksWereCurrent) throws(PersonStoreError) in
            let person = try Self.insert(draft, added: added, into: database)
            try marks(
                afterRemoving: nil, adding: person.sortKey, wereCurrent: marksWereCurrent,
                in: database)
            return person
        }
    }

    public func answer(_ query: AddQuery) async throws -> Person {
        try running { try self.add(query.draft, addedAt: query.date) }
    }

    /// Adds every draft in one transaction, reading them one at a time so
    /// that a million stream through in constant memory.
    ///
    /// Per row, the insert trigger would update the search index, the total
    /// and the gram counts, which costs more than the row itself; so within
    /// the same transaction the trigger is dropped, the rows inserted (their
    /// grams counted as they pass, by `GramTally`), the index and the
    /// counts brought up to date once, and the trigger put back. The
    /// transaction covers the schema change too: a crash leaves all of it or
    /// none, and other connections never see the database without its trigger.
    public func add(contentsOf drafts: some Sequence<ValidatedDraft>, addedAt added: Date) throws
        -> Int
    {
        try putBack([], adding: drafts, addedAt: added)
    }

    /// Puts `restored` back under their own ids and dates, each as
    /// ``restore(_:)`` would, then adds `drafts` as
    /// ``add(contentsOf:addedAt:)`` does, all in one transaction: an
    /// import of an export is stored whole or not at all, and is one write.
    ///
    /// - Returns: how many persons were stored.
    public func putBack(
        _ restored: [Person], adding drafts: some Sequence<ValidatedDraft>, addedAt added: Date
    ) throws -> Int {
        let remaining = DraftFeed(drafts.makeIterator())
        guard trusted else {
            return try writing { (database, _) throws(PersonStoreError) in
                for person in restored {
                    try putBack(person, in: database, keepingMarks: false)
                }
                let highest = try database.integer("SELECT coalesce(max(id), 0) FROM person")
                var count = 0
                while let draft = remaining.next() {
                    _ = try Self.insertRow(draft, added: added, into: database)
                    count += 1
                }
                try Self.requireKept(count, above: highest, in: database)
                return restored.count + count
            }
        }
        return try writing { (database, _) throws(PersonStoreError) in
            // Put back with the insert trigger in place, which indexes
            // each; the page marks are built again below, for every row.
            for person in restored { try putBack(person, in: database, keepingMarks: nil) }
            let highest = try database.integer("SELECT coalesce(max(id), 0) FROM person")
            try database.execute("DROP TRIGGER person_inserted")
            let insert = try database.prepare(Self.insertSQL)
            var count = 0
            var grams = GramTally()
            var irregular: [Int] = []
            while let draft = remaining.next() {
                let sortName = PersonSortKey.fold(draft.name)
                let fields = PersonSearchText.foldedFields(of: draft.details)
                try insert.bind(
                    Self.values(of: draft, added: added, sortName: sortName, searchFields: fields))
                while try insert.step() {}
                // A row a trigger ignored would still be counted below,
                // and the counts would then disagree with the table.
                guard database.changedRows == 1 else {
                    throw PersonStoreError.notKept(.add, name: draft.name)
                }
                // What the index reads for the row (SQLiteSchema.searched).
                let searched = sortName + String(PersonSearchText.separator) + fields
                if !grams.add(searched.utf8) {
                    irregular.append(database.lastInsertedID)
                }
                count += 1
            }
            try Self.requireKept(count, above: highest, in: database)
            // AUTOINCREMENT hands out ids above every id ever used.
            try database.run(
                "INSERT INTO person_search (rowid, search_text) SELECT id, \(SQLiteSchema.indexed(SQLiteSchema.searched())) FROM person WHERE id > ?",
                [.integer(highest)])
            // A text the counts do not split (longer than gramLimit, which
            // four thousand "ﬃ" in the notes fold to) makes searches walk,
            // as the insert trigger notes; counted as it does.
            try database.run(
                """
                UPDATE person_state SET total = total + ?, changes = changes + ?,
                    odd_keys = odd_keys + (SELECT count(*) FROM person_search_content
                        WHERE id > ? AND \(SQLiteSchema.isOdd("c0")))
                """,
                [.integer(count), .integer(count), .integer(highest)])
            try grams.write(to: database)
            let countGrams = try database.prepare(SQLiteSchema.countGrams(ofRow: "?"))
            for id in irregular {
                try countGrams.bind([.integer(id)])
                while try countGrams.step() {}
            }
            try SQLitePageMarks.rebuild(in: database)
            // Rows added in bulk leave the index in many small pieces,
            // each of which every search must look in. When the bulk is
            // a good part of the whole, join them into one: a second at
            // a million, and a rare name is then found six times quicker.
            if count * 10 >= (try database.integer("SELECT total FROM person_state")) {
                try database.run(
                    "INSERT INTO person_search (person_search) VALUES ('optimize')")
            }
            try database.execute(SQLiteSchema.insertTrigger)
            return restored.count + count
        }
    }

    public func answer(_ query: AddManyQuery) async throws -> Int {
        try running {
            try self.putBack(query.restored, adding: query.drafts, addedAt: query.date)
        }
    }

    public func update(_ opened: Person, with checked: ValidatedDraft) throws -> Person {
        let id = opened.id
        return try writing { (database, marksWereCurrent) throws(PersonStoreError) in
            try Self.requireUnchanged(opened, in: database)
            let card = try database.rows("SELECT card FROM person WHERE id = ?", [.integer(id)])
                .first.flatMap { $0.text(0) }
            if let refusal = StoredCard.saveRefusal(overCard: card, of: id, named: opened.name) {
                throw refusal
            }
            let old = try Self.storedKey(of: id, in: database)
            let sortName = PersonSortKey.fold(checked.name)
            try database.run(
                """
                UPDATE person SET name = ?, sort_name = ?, address = ?, email = ?, card = ?, uid = ?,
                    search_fields = ? WHERE id = ?
                """,
                [
                    .text(checked.name), .text(sortName), .text(checked.address),
                    checked.email.map(SQLiteValue.text) ?? .null,
                ] + Self.cardValues(of: checked) + [.integer(id)])
            // The row was there, under the write lock: no change is a
            // trigger's RAISE(IGNORE), not a missing person.
            guard database.changedRows == 1 else {
                throw PersonStoreError.notKept(.change, name: opened.name)
            }
            guard let old,
                let person = try database.rows(
                    "SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)],
                    reading: Self.person
                ).first
            else { throw PersonStoreError.notFound(id) }
            // A trigger after the update may have written the old values
            // back, which still counts one change.
            guard !person.keptNone(of: checked, over: opened) else {
                throw PersonStoreError.notKept(.change, name: opened.name)
            }
            guard old.foldedName != sortName else { return person }
            try marks(
                afterRemoving: old, adding: person.sortKey, wereCurrent: marksWereCurrent,
                in: database)
            return person
        }
    }

    public func answer(_ query: UpdateQuery) async throws -> Person {
        try running { try self.update(query.opened, with: query.draft) }
    }

    public func delete(_ opened: Person) throws {
        let id = opened.id
        try writing { (database, marksWereCurrent) throws(PersonStoreError) in
            try Self.requireUnchanged(opened, in: database)
            let old = try Self.storedKey(of: id, in: database)
            try database.run("DELETE FROM person WHERE id = ?", [.integer(id)])
            // As for an update: the row was there, so a trigger kept it.
            // And a trigger after the delete may put the row back, which
            // still counts one change: the row must be gone as well.
            guard
                database.changedRows == 1,
                try database.integer("SELECT count(*) FROM person WHERE id = ?", [.integer(id)])
                    == 0
            else {
                throw PersonStoreError.notKept(.delete, name: opened.name)
            }
            try marks(afterRemoving: old, adding: nil, wereCurrent: marksWereCurrent, in: database)
        }
    }

    public func answer(_ query: DeleteQuery) async throws {
        try running { try self.delete(query.opened) }
    }

    /// Throws unless the table holds all `count` rows a bulk add just
    /// inserted, every one with an id above `highest`.
    ///
    /// Each insert counted one change, but a trigger after it may have
    /// deleted the row again: the add would then report persons the file
    /// does not hold. Throwing undoes the whole add, as promised.
    private static func requireKept(
        _ count: Int, above highest: Int, in database: SQLiteConnection
    ) throws(PersonStoreError) {
        // AUTOINCREMENT hands out ids above every id ever used.
        let kept = try database.integer(
            "SELECT count(*) FROM person WHERE id > ?", [.integer(highest)])
        guard kept >= count else {
            throw .storage(
                "\(database.shownPath): a trigger on the person table removed \(count - kept) of the \(count) persons as they were added; none of the persons were added"
            )
        }
    }

    /// Throws unless the row with `opened`'s id still holds the values it
    /// was read with.
    ///
    /// Runs inside the write's transaction, which holds the file's write
    /// lock, so no other program can change the row between this check and
    /// the write.
    private static func requireUnchanged(_ opened: Person, in database: SQLiteConnection)
        throws(PersonStoreError)
    {
        guard
            let stored = try database.rows(
                "SELECT \(columns) FROM person WHERE id = ?", [.integer(opened.id)],
                reading: person
            ).first
        else { throw .deletedElsewhere(name: opened.name) }
        guard stored.hasSameValues(as: opened) else { throw .changedElsewhere(name: opened.name) }
    }

    public func restore(_ person: Person) throws {
        try writing { (database, marksWereCurrent) throws(PersonStoreError) in
            try putBack(person, in: database, keepingMarks: marksWereCurrent)
        }
    }

    /// Inserts `person` with their own id and date, inside the caller's
    /// write, and moves the page marks past them when `keepingMarks` says
    /// whether they were current (`nil`: the caller builds them again).
    ///
    /// - Throws: ``Features/PersonStoreError/storage(_:)`` when the id is
    ///   taken.
    private func putBack(
        _ person: Person, in database: SQLiteConnection, keepingMarks marksWereCurrent: Bool?
    ) throws(PersonStoreError) {
        let taken = try database.integer(
            "SELECT count(*) FROM person WHERE id = ?", [.integer(person.id)])
        guard taken == 0 else {
            throw PersonStoreError.storage(
                "cannot restore \(InertText.quoted(person.name)): id \(person.id) is taken")
        }
        let restored = try Self.insert(
            ValidatedDraft(storing: person), id: person.id, added: person.added, into: database)
        if let marksWereCurrent {
            try marks(
                afterRemoving: nil, adding: restored.sortKey, wereCurrent: marksWereCurrent,
                in: database)
        }
    }

    public func answer(_ query: RestoreQuery) async throws {
        try running { try self.restore(query.person) }
    }

    /// Compares every derived table with `person`, in one snapshot of the
    /// file, and when asked builds again what disagrees, in one transaction.
    ///
    /// A repair checks again under the write lock, so it builds only what
    /// is wrong then: nothing, when another program's writes were all that
    /// moved.
    public func check(repairing: Bool) throws -> StoreCheck {
        try check(repairing: repairing, whileIndexIsChecked: {})
    }

    public func answer(_ query: CheckQuery) async throws -> StoreCheck {
        try running { try self.check(repairing: query.repairing) }
    }

    /// ``check(repairing:)``, calling `whileIndexIsChecked` once the search
    /// index's own check has run, with whatever the check holds still
    /// held: for a test to park there and write beside it.
    func check(repairing: Bool, whileIndexIsChecked: () -> Void) throws -> StoreCheck {
        try connection.withLock { (database) throws(PersonStoreError) in
            let notes =
                (repairedOnOpen.map { ["\($0); rebuilt when the file was opened"] } ?? [])
                + (try SQLiteDerivedData.foreignTriggerNotes(in: database))
                + [
                    try SQLiteDerivedData.unfoldedKeysNote(in: database),
                    try SQLiteDerivedData.unfoldedSearchFieldsNote(in: database),
                    try SQLiteDerivedData.nonPositiveIDsNote(in: database),
                ].compactMap { $0 }
                + (try SQLiteDerivedData.unreadableCardsNotes(in: database))
            let found = try SQLiteDerivedData.problems(
                in: database, whileIndexIsChecked: whileIndexIsChecked)
            guard repairing, !found.isEmpty else {
                return StoreCheck(
                    store: database.shownPath, notes: notes, problems: found.map(\.text),
                    remaining: nil)
            }
            try requireWholeFile(database)
            return try database.storeTransaction { () throws(PersonStoreError) in
                let problems = try SQLiteDerivedData.problems(in: database, holdingWriteLock: true)
                guard !problems.isEmpty else {
                    return StoreCheck(
                        store: database.shownPath, notes: notes, problems: [], remaining: nil)
                }
                try SQLiteDerivedData.repair(problems, in: database)
                return StoreCheck(
                    store: database.shownPath, notes: notes, problems: problems.map(\.text),
                    remaining: try SQLiteDerivedData.problems(in: database, holdingWriteLock: true)
                        .map(\.text))
            }
        }
    }

    /// Runs `body` in one write transaction, once the path is known to
    /// still name the file that was opened.
    ///
    /// `body` is told whether the page marks were current before it wrote,
    /// which only then can be moved rather than rebuilt.
    private func writing<T: Sendable>(
        _ body: (SQLiteConnection, _ marksWereCurrent: Bool) throws(PersonStoreError) -> T
    ) throws(PersonStoreError) -> T {
        try connection.withLock { (database) throws(PersonStoreError) in
            try requireWholeFile(database)
            return try database.storeTransaction { () throws(PersonStoreError) in
                guard trusted else { return try body(database, false) }
                return try database.asAllowedWriter { () throws(PersonStoreError) in
                    try body(database, try SQLitePageMarks.areCurrent(in: database))
                }
            }
        }
    }

    /// Throws unless the path still names the file opened, whole (see
    /// `SQLiteFileIdentity`); when it does not, the connection will leave
    /// its log alone as it closes, so nothing more is written into it.
    ///
    /// A file shorter than its header says is read through by SQLite's own
    /// quick check: pages another program's checkpoint has not yet copied
    /// are still in the log, and read whole; pages cut off are gone.
    private func requireWholeFile(_ database: SQLiteConnection) throws(PersonStoreError) {
        do throws(PersonStoreError) {
            guard try file.check(database) == .short else { return }
            let answer = try? database.rows("PRAGMA quick_check").first?.text(0)
            guard answer == "ok" else {
                throw .storage(
                    "the database \(database.shownPath) was cut short since it was opened (it is smaller than its header says); nothing was saved"
                )
            }
        } catch {
            database.skipCheckpointOnClose()
            throw error
        }
    }

    /// Moves the page marks after one write that removed the row at
    /// `removed` and added one at `added`.
    private func marks(
        afterRemoving removed: PersonSortKey?, adding added: PersonSortKey?,
        wereCurrent: Bool, in database: SQLiteConnection
    ) throws(PersonStoreError) {
        guard trusted else { return }
        try SQLitePageMarks.update(
            afterRemoving: removed,
            adding: added,
            wereCurrent: wereCurrent, in: database)
    }
}

// MARK: - Rows and values

extension SQLitePersonStore {
    fileprivate static let columns = "id, name, address, email, added, sort_name, card, uid"
    /// The columns a write fills, in the order ``values(of:added:searchText:)`` gives them.
    fileprivate static let writtenColumns =
        "name, sort_name, address, email, added, card, uid, search_fields"
    fileprivate static let insertSQL =
        "INSERT INTO person (\(writtenColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"

    fileprivate static func person(_ row: SQLiteStatement) -> Person {
        // Another program may store any number here, or none, and any
        // text, or bytes, as the card: `StoredCard` reads what it can.
        Person(
            id: row.integer(0), name: row.text(1) ?? "",
            details: StoredCard.details(
                json: row.text(6), street: row.text(2) ?? "", email: row.text(3),
                uid: row.text(7)),
            added: StoredDate.date(fromSeconds: row.real(4)), sortName: row.sortName(5))
    }

    /// What an insert stores for `draft`, in the order of ``writtenColumns``.
    ///
    /// - Parameters:
    ///   - sortName: the draft's sort key, when the caller made it already;
    ///     `nil` makes it.
    ///   - searchFields: its search fields, likewise.
    fileprivate static func values(
        of draft: ValidatedDraft, added: Date, sortName: String? = nil,
        searchFields: String? = nil
    ) -> [SQLiteValue] {
        [
            .text(draft.name), .text(sortName ?? PersonSortKey.fold(draft.name)),
            .text(draft.address),
            draft.email.map(SQLiteValue.text) ?? .null, .real(StoredDate.seconds(of: added)),
        ] + cardValues(of: draft, searchFields: searchFields)
    }

    /// The `card`, `uid` and `search_fields` columns for `draft`: the card
    /// `NULL` when it holds nothing beyond the older columns, as rows of
    /// earlier releases and other programs' inserts leave it; the id `NULL`
    /// when it has none (so the index on it holds only cards that have
    /// one); and what a search reads beyond the name, folded
    /// (``Features/PersonSearchText/foldedFields(of:)``).
    fileprivate static func cardValues(
        of draft: ValidatedDraft, searchFields: String? = nil
    ) -> [SQLiteValue] {
        let card = StoredCard.json(of: draft.details)
        return [
            card == "{}" ? .null : .text(card),
            draft.details.uid.isEmpty ? .null : .text(draft.details.uid),
            .text(searchFields ?? PersonSearchText.foldedFields(of: draft.details)),
        ]
    }

    /// The stored key of the person with `id`, as the name index orders it.
    fileprivate static func storedKey(of id: Person.ID, in database: SQLiteConnection)
        throws(PersonStoreError) -> PersonSortKey?
    {
        try database.rows(
            "SELECT sort_name FROM person WHERE id = ?", [.integer(id)],
            reading: { PersonSortKey(foldedName: $0.sortName(0), id: id) }
        ).first
    }

    /// Inserts `draft` and returns the row as stored.
    ///
    /// The row is read back, not made from the draft, since the date is
    /// kept to ``Features/StoredDate``'s precision and another program's
    /// trigger may have changed the row.
    /// What this returns is what the next update or delete finds.
    static func insert(
        _ draft: ValidatedDraft, id: Person.ID? = nil, added: Date, into database: SQLiteConnection
    ) throws(PersonStoreError) -> Person {
        let stored = try insertRow(draft, id: id, added: added, into: database)
        guard
            let person = try database.rows(
                "SELECT \(columns) FROM person WHERE id = ?", [.integer(stored)], reading: person
            ).first
        else {
            throw .storage(
                "\(InertText.quoted(draft.name)) was moved or removed as it was added, by another program's trigger in \(database.shownPath); nothing was added"
            )
        }
        return person
    }

    /// Inserts `draft`, with `id` (a restore) or the next one, and returns
    /// its id.
    ///
    /// For the writes that return no person — a bulk add without the index,
    /// the samples of a new file — and so need no read back.
    ///
    /// - Throws: ``Features/PersonStoreError/notKept(_:name:)`` when a
    ///   trigger's `RAISE(IGNORE)` skipped the row: the last inserted id
    ///   would then be an earlier row's.
    static func insertRow(
        _ draft: ValidatedDraft, id: Person.ID? = nil, added: Date, into database: SQLiteConnection
    ) throws(PersonStoreError) -> Person.ID {
        if let id {
            try database.run(
                "INSERT INTO person (id, \(writtenColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [.integer(id)] + values(of: draft, added: added))
        } else {
            try database.run(insertSQL, values(of: draft, added: added))
        }
        guard database.changedRows == 1 else {
            throw .notKept(id == nil ? .add : .restore, name: draft.name)
        }
        return id ?? database.lastInsertedID
    }
}

/// Hands a caller's drafts, one at a time, to code that holds the
/// connection's lock.
///
/// `@unchecked Sendable` because the compiler cannot see what is true here:
/// it is made, read and dropped on one thread, inside one call, while the
/// lock is held; and every draft it yields is a `Sendable` value.
private final class DraftFeed<Base: IteratorProtocol<ValidatedDraft>>: @unchecked Sendable {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() -> ValidatedDraft? {
        base.next()
    }
}
