/// The person database's schema, as a list of steps from one version to the
/// next.
///
/// A database records the version it is at in `PRAGMA user_version`, and
/// that it belongs to `people` in `PRAGMA application_id`. Opening one runs
/// the steps it has not had yet, all in one transaction; a database at a
/// version this program does not know is refused rather than guessed at.
/// To change the schema, append a step — never edit one that has shipped.
enum SQLiteSchema {
    /// `steps[n]` takes a database from version `n` to version `n + 1`.
    static let steps: [String] = [
        // Version 1.
        """
        CREATE TABLE person (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
            name      TEXT NOT NULL,
            sort_name TEXT NOT NULL,                      -- PersonSortKey.fold(name)
            address   TEXT NOT NULL,
            email     TEXT,
            added     REAL NOT NULL                       -- seconds since 1970
        );

        -- Every list is ordered by (sort_name, id), and every page starts at a
        -- key: this index serves both, so a page costs the same at row 10 as at
        -- row 1,000,000.
        CREATE INDEX person_order ON person (sort_name, id);

        -- The total, kept by triggers, so "1–10 of 1000000" does not count a
        -- million rows each time the list is drawn.
        CREATE TABLE person_total (n INTEGER NOT NULL);
        INSERT INTO person_total (n) VALUES (0);

        -- Name search is "contains", which no B-tree index can answer. An FTS5
        -- trigram index can: it finds names containing any text of three or
        -- more characters without reading every row. It indexes the folded
        -- name, case-sensitively, so it agrees byte for byte with the search
        -- every store promises. detail=none keeps it small; the queries need
        -- only which rows match, not where.
        CREATE VIRTUAL TABLE person_search USING fts5(
            sort_name, content = 'person', content_rowid = 'id',
            tokenize = 'trigram case_sensitive 1', detail = 'none'
        );

        \(insertTrigger)

        CREATE TRIGGER person_deleted AFTER DELETE ON person BEGIN
            INSERT INTO person_search (person_search, rowid, sort_name)
                VALUES ('delete', old.id, old.sort_name);
            UPDATE person_total SET n = n - 1;
        END;

        CREATE TRIGGER person_renamed AFTER UPDATE OF sort_name ON person BEGIN
            INSERT INTO person_search (person_search, rowid, sort_name)
                VALUES ('delete', old.id, old.sort_name);
            INSERT INTO person_search (rowid, sort_name) VALUES (new.id, new.sort_name);
        END;
        """,
        // Version 2: the file says it is a people database, so that a
        // database another program made is never mistaken for one.
        "PRAGMA application_id = \(applicationID);",
    ]

    /// The trigger that indexes and counts each person added one at a time.
    ///
    /// A bulk add drops it for its transaction, fills the search index and
    /// the count once for all its rows, and puts it back (see
    /// `SQLitePersonStore.add(contentsOf:addedAt:)`), so it is spelled once, here.
    static let insertTrigger = """
        CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
                    INSERT INTO person_search (rowid, sort_name) VALUES (new.id, new.sort_name);
                    UPDATE person_total SET n = n + 1;
                END;
        """

    /// `PRAGMA application_id` of a people database: "PEOP" in ASCII.
    static let applicationID = 0x5045_4F50

    /// The objects every version of the schema has; a file claiming to be a
    /// people database without them is damaged.
    static let requiredObjects: Set<String> = [
        "person", "person_order", "person_total", "person_search",
    ]

    /// The version a database is at after every step.
    static var currentVersion: Int { steps.count }
}

/// What an opened file turned out to hold, decided before anything is
/// written to it.
enum SQLiteContents: Equatable {
    /// No schema at all: a new file, or an empty one. Safe to adopt.
    case empty
    /// A people database at this schema version, which this program reads.
    case people(version: Int)
    /// A people database written by a newer program.
    case newer(version: Int)
    /// A people database with parts missing or a version that cannot be.
    case damaged(String)
    /// Some other program's database.
    case foreign

    /// Reads what `database` holds, using reads only.
    ///
    /// Version 1 files predate the application id; they are recognised by
    /// their version and tables together.
    static func identify(_ database: SQLiteConnection) throws(PersonStoreError) -> SQLiteContents {
        let applicationID = try database.integer("PRAGMA application_id")
        let version = try database.integer("PRAGMA user_version")
        let names = Set(
            try database.rows("SELECT name FROM sqlite_master").compactMap { $0.text(0) })
        if names.isEmpty && version == 0 && applicationID == 0 { return .empty }
        let hasTables = SQLiteSchema.requiredObjects.isSubset(of: names)
        let claimsPeople =
            applicationID == SQLiteSchema.applicationID
            || (applicationID == 0 && version == 1 && hasTables)
        guard claimsPeople else { return .foreign }
        if version > SQLiteSchema.currentVersion { return .newer(version: version) }
        guard version >= 1 else { return .damaged("schema version \(version)") }
        guard hasTables else {
            let missing = SQLiteSchema.requiredObjects.subtracting(names).sorted()
            return .damaged("missing \(missing.joined(separator: ", "))")
        }
        return .people(version: version)
    }
}
