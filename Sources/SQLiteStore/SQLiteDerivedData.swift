import Features

/// The search index, the counts and the page marks: checked before they are
/// trusted, and built anew from `person` when they cannot be.
///
/// They are derived data. Triggers keep them true for any program's ordinary
/// SQL on `person`, but another program can also drop a trigger, replace a
/// table with a look-alike or write into them directly. So each open checks
/// what is cheap to check — the exact schema of every derived object, the
/// state row, the total against the page marks — and `people check` checks
/// everything against `person`. What fails a check is rebuilt in one
/// transaction when the file can be written without waiting; otherwise the
/// store reads `person` alone, slower and just as right.
enum SQLiteDerivedData {
    /// What opening found of the derived data.
    struct Prepared {
        /// Whether the derived data can be used; when not, the store reads
        /// `person` alone.
        let trusted: Bool
        /// What a cheap check found wrong and a rebuild put right, if anything.
        let repaired: String?
    }

    /// Checks the derived data on open and repairs it when it can without
    /// waiting for another writer.
    ///
    /// The marks are rebuilt first when another program wrote since they
    /// were made: without them the total cannot be checked. That reads the
    /// name order once; a rebuild of everything reads every row. A file only
    /// `people` wrote needs neither.
    ///
    /// - Parameter repairing: whether to build anything again; not for a
    ///   store opened only to be checked, which reads `person` alone when
    ///   anything is found wrong, and leaves it for the check to report.
    static func prepare(_ database: SQLiteConnection, repairing: Bool) throws(PersonStoreError)
        -> Prepared
    {
        if repairing, try schemaProblem(in: database) == nil,
            try !SQLitePageMarks.areCurrent(in: database)
        {
            _ = try? database.writingIfFree { () throws(PersonStoreError) in
                try database.asAllowedWriter { () throws(PersonStoreError) in
                    try SQLitePageMarks.rebuild(in: database)
                }
            }
        }
        let noForeignWriter = try foreignWriter(in: database) == nil
        guard let problem = try cheapProblem(in: database) else {
            return Prepared(trusted: noForeignWriter, repaired: nil)
        }
        guard repairing else { return Prepared(trusted: false, repaired: nil) }
        let rebuilt =
            (try? database.writingIfFree { () throws(PersonStoreError) in
                try rebuild(in: database)
            }) == true
        return Prepared(trusted: rebuilt && noForeignWriter, repaired: rebuilt ? problem : nil)
    }

    /// A trigger another program made that stands in the way of the
    /// derived data, with the line that says how, or `nil`.
    ///
    /// One whose statements name a derived table may write into the index
    /// or the counts while this program's own writes are under way, where no
    /// guard can tell it from them. One on `person` that writes `person`
    /// changes a row between its write and the triggers that index it, which
    /// then index what was written, not what is stored. While either is
    /// there, the derived data is not used at all: the answers come from
    /// `person` alone.
    static func foreignWriter(in database: SQLiteConnection) throws(PersonStoreError)
        -> (trigger: SQLiteObject, reason: String)?
    {
        for object in try SQLiteObject.all(in: database)
        where object.type == "trigger" && !object.isPeoples {
            // Its statements, after BEGIN, read as SQLite reads them (see
            // SQLiteToken): its own name and table are no concern.
            let body = SQLiteToken.tokens(in: object.sql ?? "")
                .drop { !$0.isWord("begin") }.dropFirst()
            if body.contains(where: { token in
                token.canBeName && derivedTables.contains { token.text.hasPrefix($0) }
            }) {
                return (object, "writes into people's search index or counts")
            }
            if object.table.lowercased() == "person", writesPerson(Array(body)) {
                return (object, "changes persons as they are written")
            }
        }
        return nil
    }

    /// How the names of the tables that hold derived data begin.
    ///
    /// The search index and its own tables, the counts, the state row and
    /// the marks. A trigger that names one only to read it is distrusted
    /// too: the safe side, which costs speed, never a right answer.
    private static let derivedTables = [
        "person_search", "person_gram", "person_state", "person_mark",
    ]

    /// Whether `statements` hold an UPDATE, INSERT, REPLACE or DELETE of the
    /// `person` table itself (not of `person_state` or another table),
    /// however it is spelled: `UPDATE OR IGNORE person`, `INSERT INTO
    /// "Person"`, `DELETE FROM [person]`.
    private static func writesPerson(_ statements: [SQLiteToken]) -> Bool {
        for start in statements.indices where statements[start].kind == .word {
            var next = start + 1
            func skip(_ word: String) -> Bool {
                guard next < statements.count, statements[next].isWord(word) else { return false }
                next += 1
                return true
            }
            switch statements[start].text {
            case "update":
                if skip("or") { next += 1 }
            case "insert":
                if skip("or") { next += 1 }
                guard skip("into") else { continue }
            case "replace":
                guard skip("into") else { continue }
            case "delete":
                guard skip("from") else { continue }
            default:
                continue
            }
            if next < statements.count, statements[next].canBeName,
                statements[next].text == "person"
            {
                return true
            }
        }
        return false
    }

    /// The first problem found by the checks that cost no more than a few
    /// index lookups, or nil.
    private static func cheapProblem(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        if let problem = try schemaProblem(in: database) { return problem }
        if let problem = try stateProblem(in: database) { return problem }
        let total = try database.integer("SELECT total FROM person_state")
        guard let counted = try SQLitePageMarks.total(in: database) else {
            return "the page marks are out of date"
        }
        guard counted == total else {
            return "the total (\(total)) disagrees with the page marks (\(counted))"
        }
        return nil
    }

    /// What is wrong with the state row itself, as each open finds it, or
    /// nil: not one row of whole numbers in range, or a note that another
    /// program wrote into the derived data (``tamperedProblem``).
    ///
    /// `people check` asks it too: an open that finds any of these builds
    /// everything again, however right the values compare.
    static func stateProblem(in database: SQLiteConnection) throws(PersonStoreError) -> String? {
        let state = try database.rows(
            """
            SELECT typeof(total) || typeof(changes) || typeof(marked) || typeof(writing)
                   || typeof(tampered) || typeof(odd_keys), total, writing, tampered, odd_keys
            FROM person_state
            """)
        guard state.count == 1, let row = state.first,
            row.text(0) == String(repeating: "integer", count: 6), row.integer(1) >= 0,
            row.integer(2) == 0, row.integer(4) >= 0
        else { return "person_state does not hold one row of counts" }
        guard row.integer(3) == 0 else { return tamperedProblem }
        return nil
    }

    /// The state's note that another program wrote into the derived data.
    static let tamperedProblem =
        "another program wrote into the search index, its counts or the total"

    /// What differs between the file's derived objects and ``SQLiteSchema/derived``.
    static func schemaProblem(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        let found = try SQLiteObject.all(in: database)
        for expected in SQLiteObject.expected
        where !SQLiteSchema.dataObjects.contains(expected.name) {
            guard let object = found.first(where: { $0.name == expected.name }) else {
                return "\(expected.name) is missing"
            }
            guard object == expected else {
                return "\(object.type) \(expected.name) is not the one people made"
            }
        }
        return nil
    }

    /// One line for each trigger on `person` that another program made —
    /// kept, but it may refuse or change what `people` writes — and for the
    /// one that keeps the derived data from being used (see
    /// ``foreignWriter(in:)``).
    static func foreignTriggerNotes(in database: SQLiteConnection) throws(PersonStoreError)
        -> [String]
    {
        let writer = try foreignWriter(in: database)
        return try SQLiteObject.all(in: database)
            .filter {
                $0.type == "trigger" && !$0.isPeoples
                    && ($0.table == "person" || $0 == writer?.trigger)
            }
            .map {
                let name = "trigger \(InertText.quoted($0.name, limit: 40))"
                guard let writer, $0 == writer.trigger else {
                    return "\(name) on person is another program's: kept; "
                        + "it may refuse or change what people writes, and people shows what is stored"
                }
                return "\(name), another program's, \(writer.reason), so people does not use "
                    + "its search index and counts while it is there: it reads every person"
            }
    }

    /// Builds every derived object again from `person`.
    ///
    /// Drops them first, with any that an earlier `people` made. What
    /// another program made is kept: its own tables, views and triggers stay
    /// as they are, and a trigger or index it put on a derived table, which
    /// goes with the table, is made again after. Runs inside a write
    /// transaction.
    static func rebuild(in database: SQLiteConnection) throws(PersonStoreError) {
        let found = try SQLiteObject.all(in: database)
        let doomed = found.filter { $0.isPeoples && !SQLiteSchema.dataObjects.contains($0.name) }
        let doomedTables = Set(doomed.map(\.name))
        let carried = found.filter {
            !$0.isPeoples && $0.name != $0.table && doomedTables.contains($0.table)
        }
        // Triggers and views first; dropping the search index drops its
        // own tables, so each later drop may find its table gone.
        // An index whose own version another program changed cannot even be
        // dropped: its version is put back first.
        if let version = searchIndexVersion {
            try? database.execute(
                "UPDATE person_search_config SET v = \(version) WHERE k = 'version'")
        }
        for object in doomed.sorted(by: { $0.dropOrder < $1.dropOrder }) {
            try database.execute("DROP \(object.type.uppercased()) IF EXISTS \(object.quotedName)")
        }
        // A BLOB sorts after all text, so a key another program stored as one
        // (before the triggers that make it text) would be out of order.
        try database.execute(
            "UPDATE person SET sort_name = CAST(sort_name AS TEXT) WHERE sort_name >= x''")
        try database.execute(SQLiteSchema.derived)
        try database.execute(
            "INSERT INTO person_search (rowid, search_text) SELECT id, \(SQLiteSchema.indexed(SQLiteSchema.searched())) FROM person"
        )
        try GramTally.counting(database, table: "person_search_content", id: "id", indexed: "c0")
            .write(to: database)
        try database.execute(
            """
            UPDATE person_state SET total = (SELECT count(*) FROM person), changes = 0,
                odd_keys = (SELECT count(*) FROM person WHERE \(SQLiteSchema.isOdd(SQLiteSchema.indexed(SQLiteSchema.searched()))))
            """)
        try SQLitePageMarks.rebuild(in: database)
        try database.execute("UPDATE person_state SET writing = writing - 1")
        for object in carried {
            guard let sql = object.sql else { continue }
            do throws(PersonStoreError) {
                try database.execute(sql)
            } catch {
                throw .storage(
                    "\(object.type) \(InertText.quoted(object.name, limit: 40)) of another program's, on \(object.table), cannot be made again after a rebuild (\(error)); nothing was changed"
                )
            }
        }
    }

    /// The version of its own format an FTS5 index of this SQLite records.
    private static let searchIndexVersion: Int? = {
        guard let memory = try? SQLiteConnection.inMemory(),
            (try? memory.execute("CREATE VIRTUAL TABLE t USING fts5(x)")) != nil
        else { return nil }
        return try? memory.integer("SELECT v FROM t_config WHERE k = 'version'")
    }()
}

/// One object in a database's schema, as `sqlite_master` lists it.
struct SQLiteObject: Hashable {
    let type: String
    let name: String
    let table: String
    let sql: String?

    /// The name as an SQL identifier, whatever it holds.
    var quotedName: String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Whether `people` made this object, now or in an earlier version.
    var isPeoples: Bool {
        Self.expectedNames.contains(name) || SQLiteSchema.formerDerivedNames.contains(name)
    }

    private static let expectedNames = Set(expected.map(\.name))

    /// Triggers, then views, then the search index, then the rest.
    fileprivate var dropOrder: Int {
        switch type {
        case "trigger": 0
        case "view": 1
        default: name == "person_search" ? 2 : 3
        }
    }

    /// Every object in `database` but SQLite's own (`sqlite_…`).
    static func all(in database: SQLiteConnection) throws(PersonStoreError) -> [SQLiteObject] {
        try database.rows(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
            [],
            reading: {
                SQLiteObject(
                    type: $0.text(0) ?? "", name: $0.text(1) ?? "", table: $0.text(2) ?? "",
                    sql: $0.text(3))
            })
    }

    /// The objects `steps` make in a new database, in memory: those of a
    /// book at version N are made by the first N steps.
    ///
    /// - Throws: ``Features/PersonStoreError/storage(_:)`` when SQLite
    ///   cannot make them, so that no file is compared with nothing.
    static func made(by steps: some Sequence<String>) throws(PersonStoreError) -> [SQLiteObject] {
        let memory = try SQLiteConnection.inMemory()
        try memory.execute(steps.joined())
        return try all(in: memory)
    }

    /// The objects a new people database has: made once per process, in
    /// memory, from the same SQL a file gets, so a file matches exactly
    /// when it was made by this schema.
    static let expected: [SQLiteObject] = {
        guard let memory = try? SQLiteConnection.inMemory(),
            (try? memory.execute(SQLiteSchema.steps.joined() + SQLiteSchema.derived)) != nil
        else { return [] }
        return (try? all(in: memory)) ?? []
    }()
}
