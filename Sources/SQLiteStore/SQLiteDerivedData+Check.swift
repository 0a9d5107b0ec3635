import Features

/// `people check`: every derived object compared with `person`, in one
/// snapshot of the file, and a repair that builds again only what is wrong.
extension SQLiteDerivedData {
    /// One disagreement between the derived data and `person`.
    struct Damage: Equatable {
        /// What a repair builds again for it.
        enum Part: Comparable {
            /// The counts of one row in `person_state`.
            case counts
            /// The counts of every short text, in `person_gram`.
            case grams
            /// The page marks.
            case marks
            /// Everything derived: the search index, or the schema itself.
            case everything
        }

        let part: Part
        /// The line `people check` prints.
        let text: String
    }

    /// Compares every derived object with `person`, reading everything.
    ///
    /// Every comparison reads one snapshot of the file, so another program
    /// writing meanwhile — through the triggers, which keep the derived data
    /// true at each commit — is never taken for damage, and is never kept
    /// waiting: in WAL mode a reader blocks no writer. The search index's
    /// own check is the one SQLite runs as a write (an `INSERT` of
    /// `'integrity-check'`), and held the write lock for 4.7 s at a million
    /// persons, nearly the 5 s a writer beside it waits; so it runs on a
    /// private copy of the index, made from the same snapshot in the
    /// connection's own temporary database, which nobody else can lock.
    /// Only a repair, which holds the write lock anyway, checks the index
    /// itself.
    ///
    /// - Parameters:
    ///   - holdingWriteLock: whether the caller's transaction holds the
    ///     write lock, so that nobody else can write while this reads.
    ///   - whileIndexIsChecked: called once the index's own check has run,
    ///     while whatever it holds is still held: for a test to park there.
    /// - Returns: one line per disagreement; empty when all agree.
    static func problems(
        in database: SQLiteConnection, holdingWriteLock: Bool = false,
        whileIndexIsChecked: () -> Void = {}
    ) throws(PersonStoreError) -> [Damage] {
        if holdingWriteLock {
            let problems = indexCheckProblems {
                () throws(PersonStoreError) in
                try database.execute(
                    "INSERT INTO person_search (person_search) VALUES ('integrity-check')")
            }
            whileIndexIsChecked()
            return problems
                + (try snapshotProblems(in: database, indexFailed: !problems.isEmpty))
        }
        try database.execute("SAVEPOINT people_check")
        defer { try? database.execute("RELEASE people_check") }
        let problems = indexCheckProblems { () throws(PersonStoreError) in
            try checkCopyOfIndex(in: database)
        }
        whileIndexIsChecked()
        return problems + (try snapshotProblems(in: database, indexFailed: !problems.isEmpty))
    }

    /// The index's own check, run by `check`, as a damage when it fails.
    private static func indexCheckProblems(_ check: () throws(PersonStoreError) -> Void)
        -> [Damage]
    {
        do {
            try check()
            return []
        } catch {
            return [
                Damage(part: .everything, text: "the search index fails its own check (\(error))")
            ]
        }
    }

    /// Copies the search index's tables, byte for byte, from the caller's
    /// snapshot into a new index in the temporary database, runs the
    /// index's own check there, and drops the copy.
    ///
    /// The copy holds the same segments and the same text, so it fails the
    /// check exactly where the index would. Its name is its own: a
    /// temporary `person_search` would hide the real one from every
    /// statement after it.
    private static func checkCopyOfIndex(in database: SQLiteConnection)
        throws(PersonStoreError)
    {
        let copy = "temp.people_check_search"
        try database.execute("DROP TABLE IF EXISTS \(copy)")
        defer { try? database.execute("DROP TABLE IF EXISTS \(copy)") }
        try database.execute(
            "CREATE VIRTUAL TABLE \(copy) USING fts5(\(SQLiteSchema.searchIndexArguments))")
        for part in ["config", "data", "idx", "content", "docsize"] {
            try database.execute(
                """
                DELETE FROM \(copy)_\(part);
                INSERT INTO \(copy)_\(part) SELECT * FROM main.person_search_\(part);
                """)
        }
        try database.execute(
            "INSERT INTO \(copy) (people_check_search) VALUES ('integrity-check')")
    }

    /// The comparisons of ``problems(in:holdingWriteLock:whileIndexIsChecked:)``, all made in
    /// the caller's transaction.
    ///
    /// The search index is asked what it finds only when nothing has found
    /// it wrong yet (`indexFailed`, its own check, or its copy of the
    /// names): one damage, one line, and a broken index may fail any search.
    private static func snapshotProblems(in database: SQLiteConnection, indexFailed: Bool)
        throws(PersonStoreError) -> [Damage]
    {
        var problems: [Damage] = []
        let integrity = try database.rows("PRAGMA integrity_check").compactMap { $0.text(0) }
        if integrity != ["ok"] {
            problems.append(
                Damage(
                    part: .everything,
                    text: "SQLite: "
                        + InertText.clipped(integrity.joined(separator: "; "), limit: 200)))
        }
        if let problem = try schemaProblem(in: database) {
            return problems + [Damage(part: .everything, text: problem)]
        }
        let total = try database.integer("SELECT count(*) FROM person")
        let oddKeys = try database.integer(
            "SELECT count(*) FROM person WHERE \(SQLiteSchema.isOdd(SQLiteSchema.indexed(SQLiteSchema.searched())))"
        )
        let stored = try database.rows("SELECT total, odd_keys FROM person_state")
        if stored.count != 1 {
            // Updating the counts would set every row there is, and leave
            // none or two: the table is made again, with everything.
            problems.append(
                Damage(
                    part: .everything,
                    text: "person_state holds \(stored.count) rows of counts, not one"))
        } else if stored.first?.integer(0) != total || stored.first?.integer(1) != oddKeys {
            problems.append(
                Damage(part: .counts, text: "the stored counts disagree with the \(total) persons"))
        }
        // What an open checks of the state row, which the values compared
        // above do not show (a count stored as text, a tampered note): each
        // open that can write builds everything again for it. Only a note
        // with nothing else wrong is mended by clearing it.
        if stored.count == 1, let problem = try stateProblem(in: database) {
            problems.append(
                Damage(
                    part: problem == tamperedProblem ? .counts : .everything,
                    text: "\(problem); every open builds everything again for it"))
        }
        let unindexed = try database.integer(
            """
            SELECT count(*) FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM person_search_content AS s
                WHERE s.id = p.id AND s.c0 IS \(SQLiteSchema.indexed(SQLiteSchema.searched("p"))))
            """)
        let indexed = try database.integer("SELECT count(*) FROM person_search_content")
        if unindexed > 0 || indexed != total {
            problems.append(
                Damage(
                    part: .everything,
                    text:
                        "the search index holds \(indexed) names; \(unindexed) of \(total) persons are missing or wrong there"
                ))
        }
        let counted = try GramTally.counting(
            database, table: "person", id: "id",
            indexed: SQLiteSchema.indexed(SQLiteSchema.searched()))
        let comparison = try counted.compare(
            with: database,
            askingTheIndex: !indexFailed && problems.allSatisfy { $0.part != .everything },
            oddNames: oddKeys)
        if comparison.wrongCounts > 0 {
            problems.append(
                Damage(
                    part: .grams,
                    text: "\(comparison.wrongCounts) search counts disagree with the names"))
        }
        if let failure = comparison.failure {
            problems.append(
                Damage(part: .everything, text: "a search of the search index fails (\(failure))"))
        } else if comparison.wrongAnswers > 0 {
            problems.append(
                Damage(
                    part: .everything,
                    text:
                        "the search index finds the wrong persons for \(comparison.wrongAnswers) of the \(comparison.asked) texts of three characters the names hold"
                ))
        }
        if try SQLitePageMarks.areCurrent(in: database), try !SQLitePageMarks.areExact(in: database)
        {
            problems.append(
                Damage(
                    part: .marks,
                    text: "the page marks are marked current but disagree with the name order"))
        }
        return problems
    }

    /// Builds again what `damage` names, inside the caller's write
    /// transaction: everything when the index or the schema is wrong, else
    /// only the counts, the short texts' counts or the page marks.
    static func repair(_ damage: [Damage], in database: SQLiteConnection) throws(PersonStoreError) {
        let parts = Set(damage.map(\.part))
        if parts.contains(.everything) { return try rebuild(in: database) }
        try database.asAllowedWriter { () throws(PersonStoreError) in
            if parts.contains(.counts) {
                try database.execute(
                    """
                    UPDATE person_state SET total = (SELECT count(*) FROM person),
                        odd_keys = (SELECT count(*) FROM person WHERE \(SQLiteSchema.isOdd(SQLiteSchema.indexed(SQLiteSchema.searched()))))
                    """)
            }
            if parts.contains(.grams) {
                try database.execute("DELETE FROM person_gram")
                try GramTally.counting(
                    database, table: "person", id: "id",
                    indexed: SQLiteSchema.indexed(SQLiteSchema.searched())
                ).write(to: database)
            }
            if parts.contains(.marks) { try SQLitePageMarks.rebuild(in: database) }
            // Whatever another program wrote into them outside the triggers
            // has now been compared with the persons, and put right: the
            // next open need not rebuild everything for it.
            try database.execute("UPDATE person_state SET tampered = 0")
        }
    }

    /// A note when some persons have ids of 0 or below, or `nil`
    /// (``Features/StoreCheck/nonPositiveIDsNote(count:)``).
    static func nonPositiveIDsNote(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        StoreCheck.nonPositiveIDsNote(
            count: try database.integer("SELECT count(*) FROM person WHERE id <= 0"))
    }

    /// A note when some persons' stored sort keys are not their folded
    /// names, or `nil`.
    ///
    /// Not a problem: the key is data, and every list and search follows
    /// the key stored, as SQLite's own answer over `person` does. But a
    /// person another program gave a key of its own sorts and is found by
    /// that key rather than by the name shown, which is worth knowing; an
    /// edit in `people` makes the key again. A name that is not UTF-8 is
    /// passed over: it has no folded form to compare.
    static func unfoldedKeysNote(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        let rows = try database.prepare("SELECT name, sort_name FROM person")
        var unfolded = 0
        while try rows.step() {
            guard let name = String(validating: rows.bytes(0), as: UTF8.self) else { continue }
            if !PersonSortKey.fold(name).utf8.elementsEqual(rows.bytes(1)) { unfolded += 1 }
        }
        guard unfolded > 0 else { return nil }
        return "\(unfolded) \(unfolded == 1 ? "person's sort key is" : "persons' sort keys are") "
            + "not the folded name (another program wrote it): listed and found by the key "
            + "stored; an edit in people makes it again"
    }

    /// A note when some persons' stored search fields are missing or are
    /// not their fields folded (``Features/PersonSearchText``), or `nil`.
    ///
    /// Not a problem, as a sort key of another program's is not: the
    /// fields are data, and a search follows what is stored. A person whose
    /// fields another program left out is still found by the sort key, so
    /// by name; but not by an email or a phone, which is worth knowing. An
    /// edit in `people` folds them again.
    static func unfoldedSearchFieldsNote(in database: SQLiteConnection) throws(PersonStoreError)
        -> String?
    {
        let rows = try database.prepare(
            """
            SELECT search_fields IS NULL, search_fields IS people_search_fields(address, email, card)
                FROM person
            """)
        var (missing, unfolded) = (0, 0)
        while try rows.step() {
            if rows.integer(0) != 0 {
                missing += 1
            } else if rows.integer(1) == 0 {
                unfolded += 1
            }
        }
        let parts =
            (missing > 0
                ? ["\(missing) \(missing == 1 ? "person has" : "persons have") no search fields"]
                : [])
            + (unfolded > 0
                ? [
                    "\(unfolded) \(unfolded == 1 ? "person's search fields are" : "persons' search fields are") not their fields folded"
                ]
                : [])
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: " and ")
            + " (another program wrote them): found by name and by the fields stored; "
            + "an edit in people folds them again"
    }

    /// A note for each person whose card another program left unreadable
    /// (``Features/StoredCard/problem(in:)``), naming them: the first
    /// ``namedCardsLimit``, then how many more.
    ///
    /// Not a problem, and not repaired: the card is the person's data, and
    /// reads as a card with nothing more than the name, street and email
    /// on it, which is worth knowing before an edit saves it so. A card of
    /// bytes that are not UTF-8 is read as the text SQLite reads it as.
    static func unreadableCardsNotes(in database: SQLiteConnection) throws(PersonStoreError)
        -> [String]
    {
        let rows = try database.prepare(
            "SELECT id, name, card FROM person WHERE card IS NOT NULL ORDER BY id")
        var notes: [String] = []
        var unnamed = 0
        while try rows.step() {
            guard let problem = StoredCard.problem(in: rows.text(2)) else { continue }
            guard notes.count < namedCardsLimit else {
                unnamed += 1
                continue
            }
            let name = InertText.quoted(rows.text(1) ?? "", limit: 40)
            notes.append("person \(rows.integer(0)) \(name): \(problem)")
        }
        guard unnamed > 0 else { return notes }
        return notes + [
            "\(unnamed) more \(unnamed == 1 ? "person's card does" : "persons' cards do") "
                + "not read whole either"
        ]
    }

    /// How many persons with an unreadable card the check names, one line
    /// each, before it counts the rest.
    static let namedCardsLimit = 10
}
