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
    struct Opening {
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
    static func prepare(_ database: SQLiteConnection) throws(PersonStoreError) -> Opening {
        if try schemaProblem(in: database) == nil, try !SQLitePageMarks.areCurrent(in: database) {
            _ = try? database.writingIfFree { () throws(PersonStoreError) in
                try database.asAllowedWriter { () throws(PersonStoreError) in
                    try SQLitePageMarks.rebuild(in: database)
                }
            }
        }
        guard let problem = try cheapProblem(in: database) else {
            return Opening(trusted: true, repaired: nil)
        }
        let rebuilt =
            (try? database.writingIfFree { () throws(PersonStoreError) in
                try rebuild(in: database)
            }) == true
        return Opening(trusted: rebuilt, repaired: rebuilt ? problem : nil)
    }

    /// The first problem found by the checks that cost no more than a few
    /// index lookups, or nil.
    private static func cheapProblem(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        if let problem = try schemaProblem(in: database) { return problem }
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
        guard row.integer(3) == 0 else {
            return "another program wrote into the search index, its counts or the total"
        }
        guard let counted = try SQLitePageMarks.total(in: database) else {
            return "the page marks are out of date"
        }
        guard counted == row.integer(1) else {
            return "the total (\(row.integer(1))) disagrees with the page marks (\(counted))"
        }
        return nil
    }

    /// What differs between the file's derived objects and ``SQLiteSchema/derived``.
    private static func schemaProblem(in database: SQLiteConnection) throws(PersonStoreError)
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
        let names = Set(SQLiteObject.expected.map(\.name))
        if let stranger = found.first(where: { $0.type == "trigger" && !names.contains($0.name) }) {
            return "trigger \(InertText.quoted(stranger.name, limit: 40)) is not one people made"
        }
        return nil
    }

    /// Builds every derived object again from `person`.
    ///
    /// Drops them first, with any trigger people did not make. Runs inside a
    /// write transaction.
    static func rebuild(in database: SQLiteConnection) throws(PersonStoreError) {
        let names = Set(SQLiteObject.expected.map(\.name))
        let found = try SQLiteObject.all(in: database)
        let doomed = found.filter {
            !SQLiteSchema.dataObjects.contains($0.name)
                && (names.contains($0.name) || $0.type == "trigger")
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
            "INSERT INTO person_search (rowid, sort_name) SELECT id, \(SQLiteSchema.indexed("sort_name")) FROM person"
        )
        try GramTally.counting(database, table: "person_search_content", id: "id", indexed: "c0")
            .write(to: database)
        try database.execute(
            """
            UPDATE person_state SET total = (SELECT count(*) FROM person), changes = 0,
                odd_keys = (SELECT count(*) FROM person WHERE \(SQLiteSchema.isOdd(SQLiteSchema.indexed("sort_name"))))
            """)
        try SQLitePageMarks.rebuild(in: database)
        try database.execute("UPDATE person_state SET writing = writing - 1")
    }

    /// The version of its own format an FTS5 index of this SQLite records.
    private static let searchIndexVersion: Int? = {
        guard let memory = try? SQLiteConnection.inMemory(),
            (try? memory.execute("CREATE VIRTUAL TABLE t USING fts5(x)")) != nil
        else { return nil }
        return try? memory.integer("SELECT v FROM t_config WHERE k = 'version'")
    }()

    /// Compares every derived object with `person`, reading everything.
    ///
    /// - Returns: one line per disagreement; empty when all agree.
    static func problems(in database: SQLiteConnection) throws(PersonStoreError) -> [String] {
        var problems: [String] = []
        let integrity = try database.rows("PRAGMA integrity_check").compactMap { $0.text(0) }
        if integrity != ["ok"] {
            problems.append(
                "SQLite: " + InertText.clipped(integrity.joined(separator: "; "), limit: 200))
        }
        if let problem = try schemaProblem(in: database) { return problems + [problem] }
        // The index's own check is an INSERT, so it runs only when the file
        // can be written now; a read-only file is checked without it.
        do {
            _ = try database.writingIfFree { () throws(PersonStoreError) in
                try database.execute(
                    "INSERT INTO person_search (person_search) VALUES ('integrity-check')")
            }
        } catch {
            problems.append("the search index fails its own check (\(error))")
        }
        let total = try database.integer("SELECT count(*) FROM person")
        let nulKeys = try database.integer(
            "SELECT count(*) FROM person WHERE \(SQLiteSchema.isOdd(SQLiteSchema.indexed("sort_name")))"
        )
        let stored = try database.rows("SELECT total, odd_keys FROM person_state")
        if stored.count != 1 || stored.first?.integer(0) != total
            || stored.first?.integer(1) != nulKeys
        {
            problems.append("the stored counts disagree with the \(total) persons")
        }
        let unindexed = try database.integer(
            """
            SELECT count(*) FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM person_search_content AS s
                WHERE s.id = p.id AND s.c0 IS \(SQLiteSchema.indexed("p.sort_name")))
            """)
        let indexed = try database.integer("SELECT count(*) FROM person_search_content")
        if unindexed > 0 || indexed != total {
            problems.append(
                "the search index holds \(indexed) names; \(unindexed) of \(total) persons are missing or wrong there"
            )
        }
        let counted = try GramTally.counting(
            database, table: "person", id: "id", indexed: SQLiteSchema.indexed("sort_name"))
        let wrongGrams = try counted.differences(from: database)
        if wrongGrams > 0 { problems.append("\(wrongGrams) search counts disagree with the names") }
        if try SQLitePageMarks.areCurrent(in: database), try !SQLitePageMarks.areExact(in: database)
        {
            problems.append("the page marks are marked current but disagree with the name order")
        }
        return problems
    }
}

/// One object in a database's schema, as `sqlite_master` lists it.
struct SQLiteObject: Hashable {
    let type: String
    let name: String
    let table: String
    let sql: String?

    /// The name as an SQL identifier, whatever it holds.
    var quotedName: String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

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
