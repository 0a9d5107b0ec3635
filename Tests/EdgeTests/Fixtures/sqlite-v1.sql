-- A people book at schema version 1, exactly as the first SQLite release
-- left it (commit ed1c019, "Add the SQLite store behind the same protocol"):
-- the person table and its order, and the derived objects version 1 made
-- in the same step: the kept total, an external-content FTS5 trigram index
-- without positions, and the triggers that kept both. No application id:
-- version 1 predates it. Built by SQLiteUpgradeTests and InterruptedUpgradeTests
-- through the system SQLite library; never edit it (it is history).
PRAGMA journal_mode = WAL;
BEGIN;
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
PRAGMA user_version = 1;
COMMIT;

-- The persons, as `people add` and other programs' plain SQL left them:
-- hostile but valid. Ids have gaps and one is past 2^53, where a double
-- loses count; names hold combining marks (spelled with char() so that no
-- editor can compose them), emoji, quotes and SQL; an address holds a
-- newline; one email is NULL; a date is before 1970, one has a fraction.
-- sort_name is each name as PersonSortKey.fold made it then: composed,
-- lower-cased.
BEGIN;
INSERT INTO person (id, name, sort_name, address, email, added) VALUES
    (1, 'Ada Lovelace', 'ada lovelace',
        '12 St James''s Square' || char(10) || 'London', 'ada@example.org', 1763726400.5),
    (2, 'Zoe' || char(776) || ' Ćwik', 'zo' || char(235) || ' ' || char(263) || 'wik',
        'ul. Długa 5', 'zoe@example.pl', 1763726401.125),
    (5, '👩🏽‍💻 Grace "Amazing" Hopper', '👩🏽‍💻 grace "amazing" hopper',
        'Arlington, "VA"', NULL, -86400.25),
    (6, 'Miles O''Brien', 'miles o''brien', 'Deep Space 9' || char(10) || 'Ops', 'miles@ds9.example', 0),
    (42, 'Ñuño Øystein', 'ñuño øystein', '', 'nuno+tag@example.com', 1700000000.75),
    (43, 'Robert''); DROP TABLE person;--', 'robert''); drop table person;--',
        'Little Bobby Tables Lane', 'bobby@example.com', 1700000001),
    (1000, 'مريم الأسطرلابي', 'مريم الأسطرلابي', 'Aleppo', 'maryam@example.sy', 1700000002.5),
    (1001, 'Łukasz Żółć', 'łukasz żółć', 'Kraków' || char(10) || 'Rynek Główny 1', 'lz@example.pl', 1700000003),
    (9007199254740993, 'Large Id', 'large id', 'Far away', 'big@example.net', 1763726402);
COMMIT;
