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

        CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
            INSERT INTO person_search (rowid, sort_name) VALUES (new.id, new.sort_name);
            UPDATE person_total SET n = n + 1;
        END;

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
        // Version 3: every search, and every page by number, answers in
        // milliseconds at a million.
        """
        DROP TRIGGER person_inserted;
        DROP TRIGGER person_deleted;
        DROP TRIGGER person_renamed;
        DROP TABLE person_search;

        -- The trigram index again, now with positions (detail = full), so a
        -- search of three characters or more is a phrase of trigrams that
        -- matches exactly the names containing it, without reading them.
        -- It holds each folded name followed by two \(sentinelName)s, so that
        -- every character and pair of characters in a name begins a trigram:
        -- a search of one or two characters finds its names through the
        -- trigrams that begin with it. Contentless: the text it holds is in
        -- no column, and the triggers hand it the old text to delete.
        CREATE VIRTUAL TABLE person_search USING fts5(
            text, content = '',
            tokenize = 'trigram case_sensitive 1', detail = 'full'
        );
        INSERT INTO person_search (rowid, text) SELECT id, \(indexed("sort_name")) FROM person;

        -- How many persons' folded names contain each text of one to three
        -- characters, so the total of a short search is one lookup, however
        -- many match. Longer searches are counted through the index.
        CREATE TABLE person_gram (
            gram TEXT PRIMARY KEY,
            n    INTEGER NOT NULL
        ) WITHOUT ROWID;

        -- The character positions 1…\(gramPositions), for the triggers to split
        -- a name into its grams in SQL.
        CREATE TABLE person_gram_position (k INTEGER PRIMARY KEY);
        WITH RECURSIVE p(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM p WHERE k < \(gramPositions))
        INSERT INTO person_gram_position (k) SELECT k FROM p;

        -- The persons already stored have their grams counted in Swift after
        -- this step (see countGrams(in:)): in SQL it took minutes at a million.

        -- Every 256th place in the name order, with how many persons sort
        -- before it, so that page N starts near its first row instead of
        -- counting every row above it. Kept by the program, not by triggers
        -- (see SQLitePageMarks.swift), and trusted only while
        -- person_mark_state.changes equals person_total.changes: every row
        -- change counts one there, whoever makes it.
        CREATE TABLE person_mark (
            sort_name TEXT NOT NULL,
            id        INTEGER NOT NULL,
            before    INTEGER NOT NULL,
            PRIMARY KEY (sort_name, id)
        ) WITHOUT ROWID;
        CREATE INDEX person_mark_before ON person_mark (before);
        CREATE TABLE person_mark_state (changes INTEGER NOT NULL);
        INSERT INTO person_mark_state (changes) VALUES (-1);
        ALTER TABLE person_total ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;

        \(insertTrigger)

        CREATE TRIGGER person_deleted AFTER DELETE ON person BEGIN
            INSERT INTO person_search (person_search, rowid, text)
                VALUES ('delete', old.id, \(indexed("old.sort_name")));
            UPDATE person_total SET n = n - 1, changes = changes + 1;
            UPDATE person_gram SET n = n - 1 WHERE gram IN (
                SELECT \(grams(of: "old.sort_name")) FROM \(gramRange(of: "old.sort_name")));
        END;

        CREATE TRIGGER person_renamed AFTER UPDATE OF sort_name ON person BEGIN
            INSERT INTO person_search (person_search, rowid, text)
                VALUES ('delete', old.id, \(indexed("old.sort_name")));
            INSERT INTO person_search (rowid, text) VALUES (new.id, \(indexed("new.sort_name")));
            UPDATE person_total SET changes = changes + 1;
            UPDATE person_gram SET n = n - 1 WHERE gram IN (
                SELECT \(grams(of: "old.sort_name")) FROM \(gramRange(of: "old.sort_name")));
            \(countGrams(of: "new.sort_name"))
        END;

        -- Another program may renumber a person, which moves them in the
        -- order too.
        CREATE TRIGGER person_renumbered AFTER UPDATE OF id ON person BEGIN
            UPDATE person_total SET changes = changes + 1;
        END;
        """,
    ]

    /// The trigger that indexes and counts each person added one at a time.
    ///
    /// A bulk add drops it for its transaction, fills the search index and
    /// the count once for all its rows, and puts it back (see
    /// `SQLitePersonStore.add(contentsOf:addedAt:)`), so it is spelled once, here.
    static let insertTrigger = """
        CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
                    INSERT INTO person_search (rowid, text) VALUES (new.id, \(indexed("new.sort_name")));
                    UPDATE person_total SET n = n + 1, changes = changes + 1;
                    \(countGrams(of: "new.sort_name"))
                END;
        """

    /// The character the search index puts after each name, twice; no
    /// valid name holds it.
    static let sentinel: Unicode.Scalar = "\u{1}"
    private static let sentinelName = "U+0001"

    /// The text the search index holds for the folded name in `column`.
    static func indexed(_ column: String) -> String { "\(column) || char(1, 1)" }

    /// The longest name, in characters, whose grams the triggers count:
    /// four times the longest valid name, since folding can lengthen one.
    static let gramPositions = PersonField.name.maximumLength * 4

    /// The rows of start and width that split `column` into its grams.
    private static func gramRange(of column: String) -> String {
        """
        person_gram_position AS start, person_gram_position AS width
                WHERE width.k <= 3 AND start.k + width.k - 1 <= length(\(column))
        """
    }

    /// One gram of `column`, for a row of `gramRange(of:)`.
    private static func grams(of column: String) -> String {
        "substr(\(column), start.k, width.k)"
    }

    /// Counts each distinct gram of `column` once more.
    private static func countGrams(of column: String) -> String {
        """
        INSERT INTO person_gram (gram, n)
                        SELECT DISTINCT \(grams(of: column)), 1 FROM \(gramRange(of: column))
                        ON CONFLICT (gram) DO UPDATE SET n = n + 1;
        """
    }

    /// Counts the grams of every stored name into `person_gram`: the half of
    /// step 3 that runs in Swift, after its SQL, for a database upgraded from
    /// version 1 or 2.
    ///
    /// SQL would split each name into its grams row by row and sort tens of
    /// millions of them; at a million persons that took two and a half
    /// minutes. Reading the names once through ``GramTally`` takes seconds.
    static func countGrams(in database: SQLiteConnection) throws(PersonStoreError) {
        var tally = GramTally()
        let names = try database.prepare("SELECT sort_name FROM person")
        while try names.step() {
            tally.add(names.text(0) ?? "")
        }
        try tally.write(to: database)
    }

    /// `PRAGMA application_id` of a people database: "PEOP" in ASCII.
    static let applicationID = 0x5045_4F50

    /// The objects every version of the schema has; a file claiming to be a
    /// people database without them is damaged.
    static let requiredObjects: Set<String> = [
        "person", "person_order", "person_total", "person_search",
    ]

    /// The objects version 3 added.
    static let searchObjects: Set<String> = [
        "person_gram", "person_gram_position", "person_mark", "person_mark_state",
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
        let required =
            version >= 3
            ? SQLiteSchema.requiredObjects.union(SQLiteSchema.searchObjects)
            : SQLiteSchema.requiredObjects
        guard required.isSubset(of: names) else {
            let missing = required.subtracting(names).sorted()
            return .damaged("missing \(missing.joined(separator: ", "))")
        }
        return .people(version: version)
    }
}
