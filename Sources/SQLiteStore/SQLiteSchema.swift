import Features

/// The person database's schema: the `person` table, which holds the data,
/// and the derived objects that make it quick to read, which are kept true
/// by the database itself.
///
/// A database records the version of its `person` table in
/// `PRAGMA user_version`, and that it belongs to `people` in
/// `PRAGMA application_id`. Opening one runs the steps it has not had yet,
/// all of them, the derived objects' rebuild and the version's bump in one
/// transaction (`SQLitePersonStore.prepareSchema`): killed at any point, it
/// leaves the old book or the new one. A database at a version this program
/// does not know is refused rather than guessed at, and left as it was.
///
/// To change the table (a column for a person's photo, say):
///
/// 1. Make sure the book the current release leaves is checked in as
///    `Tests/EdgeTests/Fixtures/sqlite-vN.sql`, N its version: the objects
///    of a book it made, as `sqlite_master` holds them, then the fixtures'
///    hostile persons (`sqlite-v5.sql` shows how). It is history: never
///    edit it after.
/// 2. Append a step to ``steps`` that takes version N to N + 1 — never edit
///    one that has shipped. SQLite's `ALTER TABLE … ADD COLUMN` and
///    `CREATE TABLE` suit a step; a change SQLite cannot alter in place is
///    a new table filled from the old in the same step. A step must not end
///    or begin a transaction: it runs inside the opening's.
/// 3. Name a new table or index that holds data in ``dataObjects``: an
///    open takes a book for people's only when those the steps up to its
///    own version made are there exactly as they made them. What the
///    person data alone can rebuild belongs in ``derived`` instead (no
///    step), and a derived object an old version made that yours does not
///    goes in ``formerDerivedNames``.
/// 4. Run `SQLiteUpgradeTests` (every fixture opens with every person kept,
///    at the current version, the check clean) and `InterruptedUpgradeTests`
///    (killed at every write, the upgrade leaves the old book or the new).
///    Compare the new fields in the tests against the fixture, not a copy.
///
/// The derived objects — the search index, the counts and the page marks —
/// are not steps. Every open compares them, object by object, with
/// ``derived`` (see `SQLiteDerivedData`), and builds them anew from `person`
/// when they differ: an upgrade, a file whose triggers another program
/// dropped, and a new file are the same case.
enum SQLiteSchema {
    /// `steps[n]` takes a database from version `n` to version `n + 1`.
    ///
    /// Versions 1 and 3 also made derived objects, which version 4 drops;
    /// only the SQL that makes data is kept here.
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
        """,
        // Version 2: the file says it is a people database, so that a
        // database another program made is never mistaken for one.
        "PRAGMA application_id = \(applicationID);",
        // Version 3 added derived objects only.
        "",
        // Version 4: the derived objects left the steps (see `derived`).
        """
        DROP TRIGGER IF EXISTS person_inserted;
        DROP TRIGGER IF EXISTS person_deleted;
        DROP TRIGGER IF EXISTS person_renamed;
        DROP TRIGGER IF EXISTS person_renumbered;
        DROP TABLE IF EXISTS person_search;
        DROP TABLE IF EXISTS person_total;
        DROP TABLE IF EXISTS person_gram;
        DROP TABLE IF EXISTS person_gram_position;
        DROP TABLE IF EXISTS person_mark;
        DROP TABLE IF EXISTS person_mark_state;
        """,
        // Version 5: sort keys set accents aside, as people read names (Zoë
        // with Zoe, Øystein with Oystein); every stored key is folded again,
        // by this program's own fold (`people_fold`, see SQLiteConnection),
        // keeping the key of a name that is not UTF-8. The triggers that
        // would index each renamed key one by one go first: the derived
        // objects are built anew after the steps, once, for every row.
        """
        DROP TRIGGER IF EXISTS person_updated;
        DROP TRIGGER IF EXISTS person_key_updated;
        UPDATE person SET sort_name = coalesce(people_fold(name), sort_name);
        """,
        // Version 6: a person is a whole card. What it holds beyond the
        // name, the street and the preferred email is one JSON object
        // (`StoredCard`; NULL for nothing more), and its id has a column of
        // its own, indexed where there is one, since an import looks a
        // card up by it. Rows of earlier versions read as cards with
        // nothing more on them, as another program's INSERT leaves them.
        """
        ALTER TABLE person ADD COLUMN card TEXT;
        ALTER TABLE person ADD COLUMN uid TEXT;
        CREATE INDEX person_uid ON person (uid) WHERE uid IS NOT NULL;
        """,
        // Version 7: a search reads every field, not the name alone. What
        // it reads beyond the name (`PersonSearchText.foldedFields`) is kept
        // in a column, filled here by this program's own code
        // (`people_search_fields`, see SQLiteConnection) and by every write
        // since. A search reads the sort key and this column joined, so a
        // person another program inserted or renamed is found by the name
        // its sort key holds; one whose fields it left NULL is found by
        // name alone. The derived objects are built anew after the steps.
        """
        ALTER TABLE person ADD COLUMN search_fields TEXT;
        UPDATE person SET search_fields = people_search_fields(address, email, card);
        """,
    ]

    /// The version a database is at after every step.
    static var currentVersion: Int { steps.count }

    /// `PRAGMA application_id` of a people database: "PEOP" in ASCII.
    static let applicationID = 0x5045_4F50

    /// The objects that hold the data, which no repair may touch.
    static let dataObjects: Set<String> = ["person", "person_order", "person_uid"]

    /// Derived objects that earlier versions of `people` made and this one
    /// does not.
    ///
    /// They are still this program's own, so a rebuild drops them. Every
    /// other object in the file that ``derived`` does not make belongs to
    /// another program and is kept.
    static let formerDerivedNames: Set<String> = [
        "person_renamed", "person_changed", "person_renumbered",
        "person_mark_updateed", "person_mark_deleteed",
    ]

    /// The derived objects, empty, with the triggers that keep them true.
    ///
    /// Each trigger first *forgets* what the index holds for the row's id —
    /// whatever that was — and then *remembers* the row as it is now. That
    /// is what keeps them true for any program's ordinary SQL, including the
    /// writes that fire no delete trigger: `INSERT OR REPLACE` over an
    /// existing id, `UPDATE OR REPLACE`, and renumbering a person.
    /// What `person_search` is made with: its one column and its options,
    /// which `people check` makes its private copy of the index with too.
    static let searchIndexArguments =
        "search_text, tokenize = 'trigram case_sensitive 1', detail = 'full'"

    /// The text a search reads in the person row `row` ("new", "p", or
    /// "" for the table's own columns): its sort key, the fields'
    /// separator, then its other fields folded (``Features/PersonSearchText``).
    ///
    /// The name's part is the sort key itself, so whatever sort key
    /// another program stores is what its name is found by, as it is what
    /// its person is ordered by. Fields it left NULL read as empty.
    static func searched(_ row: String = "") -> String {
        let prefix = row.isEmpty ? "" : row + "."
        return "\(prefix)sort_name || char(31) || coalesce(\(prefix)search_fields, '')"
    }

    static let derived = """
        -- Search is "contains", which no B-tree index can answer. An FTS5
        -- trigram index can, with positions (detail = full): a search of three
        -- characters or more is a phrase of trigrams that matches exactly the
        -- persons whose search text (the sort key, then every other field
        -- folded) contains it. Each text is stored with two U+0001 after
        -- it, so every character and pair of characters in it begins a
        -- trigram: a search of one or two characters finds its persons through
        -- the trigrams that begin with it. The index keeps its own copy of the
        -- text, so what it holds for an id can be forgotten by id alone.
        CREATE VIRTUAL TABLE person_search USING fts5(
            \(searchIndexArguments)
        );

        -- How many persons' search texts contain each text of one to three
        -- characters, so the total of a short search is one lookup however
        -- many match. Longer searches are counted through the index.
        CREATE TABLE person_gram (gram TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;

        -- One row: how many persons there are; how many row changes there
        -- have been, by any program; the change count at which the page marks
        -- were last true (-1 when they are not); how deep the writers allowed
        -- to touch the derived tables are (the triggers below, and this
        -- program's own writes); whether anyone else has touched them; and how
        -- many search texts are odd: they hold a NUL, which the index and
        -- SQLite's length() stop at, or are longer than the counts split (see
        -- SQLiteSchema.gramLimit). Searches walk the persons while any are.
        -- It starts with a writer at work: the rebuild that fills it.
        CREATE TABLE person_state (
            total    INTEGER NOT NULL,
            changes  INTEGER NOT NULL,
            marked   INTEGER NOT NULL,
            writing  INTEGER NOT NULL,
            tampered INTEGER NOT NULL,
            odd_keys INTEGER NOT NULL
        );
        INSERT INTO person_state VALUES (0, 0, -1, 1, 0, 0);

        -- Every 256th place in the name order, with how many persons sort
        -- before it, so that page N starts near its first row. Kept by this
        -- program (see SQLitePageMarks.swift) and trusted only while
        -- person_state.marked equals person_state.changes.
        CREATE TABLE person_mark (
            sort_name TEXT NOT NULL,
            id        INTEGER NOT NULL,
            before    INTEGER NOT NULL,
            PRIMARY KEY (sort_name, id)
        ) WITHOUT ROWID;
        CREATE INDEX person_mark_before ON person_mark (before);

        \(insertTrigger)

        CREATE TRIGGER person_deleted AFTER DELETE ON person BEGIN
            \(body(forgetting: ["old.id"]))
        END;

        -- No column list: renumbering through rowid, _rowid_ or oid names no
        -- column, and must fire it too.
        CREATE TRIGGER person_updated AFTER UPDATE ON person
        WHEN old.id IS NOT new.id OR old.sort_name IS NOT new.sort_name
            OR old.search_fields IS NOT new.search_fields BEGIN
            \(body(forgetting: ["old.id", "new.id"], remembering: "new.id", as: searched("new")))
        END;

        -- A BLOB sorts after every text, so a sort key another program stores
        -- as one would take its person out of the order; it is made text.
        CREATE TRIGGER person_key_inserted AFTER INSERT ON person
        WHEN typeof(new.sort_name) = 'blob' BEGIN
            UPDATE person SET sort_name = CAST(sort_name AS TEXT) WHERE id = new.id;
        END;
        CREATE TRIGGER person_key_updated AFTER UPDATE OF sort_name ON person
        WHEN typeof(new.sort_name) = 'blob' BEGIN
            UPDATE person SET sort_name = CAST(sort_name AS TEXT) WHERE id = new.id;
        END;

        -- A mark written by anyone, this program's mark code included, makes
        -- the marks untrusted; that code notes them true again when it is done.
        -- (An allowed writer while it does so: a mark is not the state.)
        \(["INSERT", "UPDATE", "DELETE"].map(markGuardTrigger).joined())
        -- The counts, the index's text and the state are written only by the
        -- triggers above and by this program, each of which counts itself in
        -- person_state.writing while it does. A write by anyone else is noted,
        -- unless it raises that count too, and the next open rebuilds them all.
        -- (The index's other tables get no such trigger: FTS5 writes them from
        -- inside its own savepoints, where a trigger would call it again.)
        \(["INSERT", "UPDATE", "DELETE"].map { guardTrigger("person_gram", $0) }.joined())
        \(["INSERT", "UPDATE", "DELETE"].map { guardTrigger("person_search_content", $0) }.joined())
        CREATE TRIGGER person_state_guarded AFTER UPDATE ON person_state
        WHEN old.writing = 0 AND new.writing = 0 AND new.tampered = 0 BEGIN
            UPDATE person_state SET tampered = 1;
        END;
        """

    /// A trigger that makes the page marks untrusted after a write of `event`
    /// into them.
    private static func markGuardTrigger(_ event: String) -> String {
        let done = ["INSERT": "inserted", "UPDATE": "updated", "DELETE": "deleted"][event] ?? event
        return """
            CREATE TRIGGER person_mark_\(done) AFTER \(event) ON person_mark BEGIN
                    UPDATE person_state SET writing = writing + 1, marked = -1;
                    UPDATE person_state SET writing = writing - 1;
                END;

            """
    }

    /// A trigger that notes a write of `event` into `table` made while no
    /// allowed writer is at work.
    private static func guardTrigger(_ table: String, _ event: String) -> String {
        """
        CREATE TRIGGER \(table)_\(event.lowercased())_guarded AFTER \(event) ON \(table)
            WHEN (SELECT writing FROM person_state) = 0 BEGIN
                UPDATE person_state SET tampered = 1;
            END;

        """
    }

    /// The statements of a trigger on `person`, run as an allowed writer of
    /// the derived tables: take out whatever the index, the counts and the
    /// total hold for the rows `forgotten` (if anything), then index, count
    /// and total row `id`, whose search text is `searchText`.
    ///
    /// The old text is read from the index's own copy
    /// (`person_search_content`), never through a search of the index.
    private static func body(
        forgetting forgotten: [String], remembering id: String? = nil, as searchText: String = ""
    ) -> String {
        let ids = forgotten.joined(separator: ", ")
        var statements = [
            """
            UPDATE person_state SET writing = writing + 1, changes = changes + 1,
                        total = total - (SELECT count(*) FROM person_search_content WHERE id IN (\(ids))),
                        odd_keys = odd_keys - (SELECT count(*) FROM person_search_content
                            WHERE id IN (\(ids)) AND \(isOdd("c0")));
            """
        ]
        for old in forgotten {
            statements.append(
                "UPDATE person_gram SET n = n - 1 WHERE gram IN (\(storedGrams(of: old)));")
            statements.append("DELETE FROM person_search WHERE rowid = \(old);")
        }
        if let id {
            statements.append(
                "INSERT INTO person_search (rowid, search_text) VALUES (\(id), \(indexed(searchText)));"
            )
            statements.append(countGrams(ofRow: id))
        }
        statements.append(
            id == nil
                ? "UPDATE person_state SET writing = writing - 1;"
                : "UPDATE person_state SET writing = writing - 1, total = total + 1, odd_keys = odd_keys + (\(isOdd(indexed(searchText))));"
        )
        return statements.joined(separator: "\n        ")
    }

    /// Counts once more each gram of the name the index holds for row `id`:
    /// the statement the insert trigger runs, and a bulk add runs for a
    /// name Swift cannot split as SQLite does.
    static func countGrams(ofRow id: String) -> String {
        """
        INSERT INTO person_gram (gram, n) SELECT DISTINCT gram, 1 FROM (\(storedGrams(of: id)))
                    WHERE true ON CONFLICT (gram) DO UPDATE SET n = n + 1;
        """
    }

    /// The grams — texts of one to three characters — of the name the index
    /// holds for row `id`, as SQLite's `substr` counts characters.
    private static func storedGrams(of id: String) -> String {
        grams(of: "c0", from: "person_search_content", where: "id = \(id)")
    }

    /// The grams of the indexed text `column` (a text and its two
    /// sentinels) of the one row of `table` that `condition` picks; none
    /// for a text longer than ``gramLimit``.
    ///
    /// Triggers may not use `WITH RECURSIVE`, so positions come from
    /// `json_each` over an array of zeros. SQL's `substr` counts a text's
    /// characters from its start each time, so taking every gram of the
    /// whole text costs the square of its length: a second at 12,000
    /// characters, twice in every edit. The text is cut first into pieces
    /// of ``gramPiece`` characters and the two after them (so a gram that
    /// crosses into the next piece is taken whole), and the grams are
    /// taken from each piece: 0.01 s. (`LIMIT -1` keeps SQLite from
    /// merging the pieces' query into the outer one, which would cut the
    /// piece anew for every gram.) Near the end a gram is cut short, and
    /// is then the shorter gram at its place: every caller takes the
    /// grams as a set, so it adds nothing.
    static func grams(of column: String, from table: String, where condition: String) -> String {
        let positions = (0..<gramPiece).map(String.init).joined(separator: ",")
        return """
            SELECT substr(piece.t, start.key + 1, width.value) AS gram FROM
                        (SELECT substr(name.t, place.key * \(gramPiece) + 1, \(gramPiece + 2)) AS t FROM
                            (SELECT substr(\(column), 1, length(\(column)) - 2) AS t
                                FROM \(table) WHERE \(condition)) AS name,
                            json_each('[' || substr(replace(hex(zeroblob(
                                CASE WHEN length(name.t) <= \(gramLimit)
                                THEN (length(name.t) + \(gramPiece - 1)) / \(gramPiece) ELSE 0 END
                            )), '00', ',0'), 2) || ']') AS place
                            LIMIT -1) AS piece,
                        json_each('[\(positions)]') AS start,
                        json_each('[1,2,3]') AS width
                    WHERE start.key < length(piece.t)
            """
    }

    /// How many characters' grams ``grams(of:from:where:)`` takes from
    /// each piece of a text: enough that the pieces are few, few enough
    /// that reaching into one is cheap.
    static let gramPiece = 100

    /// Whether the indexed text in `column` (a name and its two sentinels)
    /// is odd: it holds a NUL (looked for as bytes, since SQLite's text
    /// functions stop at one), or its name is longer than ``gramLimit``.
    static func isOdd(_ column: String) -> String {
        "(instr(CAST(\(column) AS BLOB), x'00') > 0 OR length(\(column)) > \(gramLimit + 2))"
    }

    /// The longest search text, in characters, whose grams are counted.
    ///
    /// SQL can reach the k-th character of a text only by reading the k
    /// before it, so splitting a text in a trigger costs the square of its
    /// length, a hundredth of it once cut in pieces
    /// (``grams(of:from:where:)``): this many take about 0.01 s.
    /// It holds every field of a person `people` accepts at its longest
    /// (``Features/PersonField/maximumLength``, twenty emails and phones,
    /// four thousand characters of notes). A longer text, which only another
    /// program or a fold that lengthens a great many letters (ß to ss) can
    /// make, is not counted, and makes searches walk the persons, exact but
    /// slower, while it is there (see `odd_keys`).
    static let gramLimit = 12_000

    /// The character the search index puts after each search text, twice;
    /// no valid field holds it.
    static let sentinel: Unicode.Scalar = "\u{1}"

    /// The text the search index holds for the search text `column`
    /// (``searched(_:)``): as text, whatever another program stored there.
    static func indexed(_ column: String) -> String { "CAST(\(column) AS TEXT) || char(1, 1)" }

    /// The trigger that indexes and counts each person added one at a time.
    ///
    /// A bulk add drops it for its transaction, fills the index and the
    /// counts once for all its rows, and puts it back (see
    /// `SQLitePersonStore.add(contentsOf:addedAt:)`), so it is spelled once, here.
    static let insertTrigger = """
        CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
                \(body(forgetting: ["new.id"], remembering: "new.id", as: searched("new")))
            END;
        """
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
    /// their version and tables together. The `person` table and its index
    /// must be exactly the ones `people` made at the file's version: a
    /// look-alike would be read wrongly.
    ///
    /// - Parameter steps: the schema's steps; a test passes a later
    ///   release's, to show a book of every version is still recognised.
    static func identify(_ database: SQLiteConnection, steps: [String] = SQLiteSchema.steps)
        throws(PersonStoreError) -> SQLiteContents
    {
        let applicationID = try database.integer("PRAGMA application_id")
        let version = try database.integer("PRAGMA user_version")
        let objects = try SQLiteObject.all(in: database)
        if objects.isEmpty && version == 0 && applicationID == 0 { return .empty }
        let names = Set(objects.map(\.name))
        var claimsPeople = applicationID == SQLiteSchema.applicationID
        if !claimsPeople, applicationID == 0, version == 1 {
            // Version 1's tables: those its step made, whatever later ones add.
            let made = try SQLiteObject.made(by: steps.prefix(1))
            claimsPeople = Set(made.map(\.name)).isSubset(of: names)
        }
        guard claimsPeople else { return .foreign }
        if version > steps.count { return .newer(version: version) }
        guard version >= 1 else { return .damaged("schema version \(version)") }
        // A book at version N is compared with what the first N steps
        // make, not with today's table: a later step may alter it.
        for expected in try SQLiteObject.made(by: steps.prefix(version))
        where SQLiteSchema.dataObjects.contains(expected.name) {
            guard let found = objects.first(where: { $0.name == expected.name }) else {
                return .damaged("missing \(expected.name)")
            }
            guard found == expected else {
                return .damaged("\(expected.type) \(expected.name) is not the one people made")
            }
        }
        return .people(version: version)
    }
}
