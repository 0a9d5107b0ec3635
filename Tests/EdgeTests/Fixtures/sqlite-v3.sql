-- A people book at schema version 3, exactly as the last release at that
-- version left it (commit 143c185; version 3 first shipped in a1fed42,
-- without the page marks, which 0719e02 added to the same step): steps
-- 1, 2 and 3 as they then read. Step 3 replaced version 1's index with a
-- contentless one with positions, and added the gram counts, the position
-- table the triggers split names with, the page marks (left untrusted, at
-- -1, as a book nobody paged by number has them) and the change count.
-- Built by SQLiteUpgradeTests through the system SQLite library; never
-- edit it (it is history).
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
-- Version 2.
PRAGMA application_id = 1346719568;
-- Version 3: every search, and every page by number, answers in
-- milliseconds at a million.
DROP TRIGGER person_inserted;
DROP TRIGGER person_deleted;
DROP TRIGGER person_renamed;
DROP TABLE person_search;

-- The trigram index again, now with positions (detail = full), so a
-- search of three characters or more is a phrase of trigrams that
-- matches exactly the names containing it, without reading them.
-- It holds each folded name followed by two U+0001s, so that
-- every character and pair of characters in a name begins a trigram:
-- a search of one or two characters finds its names through the
-- trigrams that begin with it. Contentless: the text it holds is in
-- no column, and the triggers hand it the old text to delete.
CREATE VIRTUAL TABLE person_search USING fts5(
    text, content = '',
    tokenize = 'trigram case_sensitive 1', detail = 'full'
);
INSERT INTO person_search (rowid, text) SELECT id, sort_name || char(1, 1) FROM person;

-- How many persons' folded names contain each text of one to three
-- characters, so the total of a short search is one lookup, however
-- many match. Longer searches are counted through the index.
CREATE TABLE person_gram (
    gram TEXT PRIMARY KEY,
    n    INTEGER NOT NULL
) WITHOUT ROWID;

-- The character positions 1…400, for the triggers to split
-- a name into its grams in SQL.
CREATE TABLE person_gram_position (k INTEGER PRIMARY KEY);
WITH RECURSIVE p(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM p WHERE k < 400)
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

CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
            INSERT INTO person_search (rowid, text) VALUES (new.id, new.sort_name || char(1, 1));
            UPDATE person_total SET n = n + 1, changes = changes + 1;
            INSERT INTO person_gram (gram, n)
                SELECT DISTINCT substr(new.sort_name, start.k, width.k), 1 FROM person_gram_position AS start, person_gram_position AS width
        WHERE width.k <= 3 AND start.k + width.k - 1 <= length(new.sort_name)
                ON CONFLICT (gram) DO UPDATE SET n = n + 1;
        END;

CREATE TRIGGER person_deleted AFTER DELETE ON person BEGIN
    INSERT INTO person_search (person_search, rowid, text)
        VALUES ('delete', old.id, old.sort_name || char(1, 1));
    UPDATE person_total SET n = n - 1, changes = changes + 1;
    UPDATE person_gram SET n = n - 1 WHERE gram IN (
        SELECT substr(old.sort_name, start.k, width.k) FROM person_gram_position AS start, person_gram_position AS width
        WHERE width.k <= 3 AND start.k + width.k - 1 <= length(old.sort_name));
END;

CREATE TRIGGER person_renamed AFTER UPDATE OF sort_name ON person BEGIN
    INSERT INTO person_search (person_search, rowid, text)
        VALUES ('delete', old.id, old.sort_name || char(1, 1));
    INSERT INTO person_search (rowid, text) VALUES (new.id, new.sort_name || char(1, 1));
    UPDATE person_total SET changes = changes + 1;
    UPDATE person_gram SET n = n - 1 WHERE gram IN (
        SELECT substr(old.sort_name, start.k, width.k) FROM person_gram_position AS start, person_gram_position AS width
        WHERE width.k <= 3 AND start.k + width.k - 1 <= length(old.sort_name));
    INSERT INTO person_gram (gram, n)
                SELECT DISTINCT substr(new.sort_name, start.k, width.k), 1 FROM person_gram_position AS start, person_gram_position AS width
        WHERE width.k <= 3 AND start.k + width.k - 1 <= length(new.sort_name)
                ON CONFLICT (gram) DO UPDATE SET n = n + 1;
END;

-- Another program may renumber a person, which moves them in the
-- order too.
CREATE TRIGGER person_renumbered AFTER UPDATE OF id ON person BEGIN
    UPDATE person_total SET changes = changes + 1;
END;
PRAGMA user_version = 3;
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
