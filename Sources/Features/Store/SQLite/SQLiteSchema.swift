/// The person database's schema, as a list of steps from one version to the
/// next.
///
/// A database records the version it is at in `PRAGMA user_version`. Opening
/// one runs the steps it has not had yet, all in one transaction; a database
/// at a version this program does not know is refused rather than guessed at.
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
        """
    ]

    /// The version a database is at after every step.
    static var currentVersion: Int { steps.count }
}
