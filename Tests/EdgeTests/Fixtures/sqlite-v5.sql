-- A people book at schema version 5, exactly as the releases from commit
-- facb955 on leave it: the person table and its order (steps 1 to 5), and
-- the derived objects the open builds beside them (SQLiteSchema.derived),
-- the same objects, byte for byte, as version 4's: the positional trigram
-- index, the gram counts, the state row, the page marks and the triggers
-- that keep them true. Each object is printed here as SQLite holds it in
-- sqlite_master of a book this release made; the state row is a
-- rebuild's of an empty book, and the persons below are counted and
-- indexed by the triggers as they are added (the page marks left
-- untrusted, at -1, for the next open to make). Built by
-- SQLiteUpgradeTests through the system SQLite library; never edit it (it
-- is history).
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

CREATE INDEX person_order ON person (sort_name, id);

CREATE VIRTUAL TABLE person_search USING fts5(
    sort_name, tokenize = 'trigram case_sensitive 1', detail = 'full'
);

CREATE TABLE person_gram (gram TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;

CREATE TABLE person_state (
    total    INTEGER NOT NULL,
    changes  INTEGER NOT NULL,
    marked   INTEGER NOT NULL,
    writing  INTEGER NOT NULL,
    tampered INTEGER NOT NULL,
    odd_keys INTEGER NOT NULL
);

CREATE TABLE person_mark (
    sort_name TEXT NOT NULL,
    id        INTEGER NOT NULL,
    before    INTEGER NOT NULL,
    PRIMARY KEY (sort_name, id)
) WITHOUT ROWID;

CREATE INDEX person_mark_before ON person_mark (before);

CREATE TRIGGER person_inserted AFTER INSERT ON person BEGIN
        UPDATE person_state SET writing = writing + 1, changes = changes + 1,
            total = total - (SELECT count(*) FROM person_search_content WHERE id IN (new.id)),
            odd_keys = odd_keys - (SELECT count(*) FROM person_search_content
                WHERE id IN (new.id) AND (instr(CAST(c0 AS BLOB), x'00') > 0 OR length(c0) > 1002));
        UPDATE person_gram SET n = n - 1 WHERE gram IN (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = new.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000);
        DELETE FROM person_search WHERE rowid = new.id;
        INSERT INTO person_search (rowid, sort_name) VALUES (new.id, CAST(new.sort_name AS TEXT) || char(1, 1));
        INSERT INTO person_gram (gram, n) SELECT DISTINCT gram, 1 FROM (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = new.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000)
            WHERE true ON CONFLICT (gram) DO UPDATE SET n = n + 1;
        UPDATE person_state SET writing = writing - 1, total = total + 1, odd_keys = odd_keys + ((instr(CAST(CAST(new.sort_name AS TEXT) || char(1, 1) AS BLOB), x'00') > 0 OR length(CAST(new.sort_name AS TEXT) || char(1, 1)) > 1002));
    END;

CREATE TRIGGER person_deleted AFTER DELETE ON person BEGIN
    UPDATE person_state SET writing = writing + 1, changes = changes + 1,
            total = total - (SELECT count(*) FROM person_search_content WHERE id IN (old.id)),
            odd_keys = odd_keys - (SELECT count(*) FROM person_search_content
                WHERE id IN (old.id) AND (instr(CAST(c0 AS BLOB), x'00') > 0 OR length(c0) > 1002));
        UPDATE person_gram SET n = n - 1 WHERE gram IN (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = old.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000);
        DELETE FROM person_search WHERE rowid = old.id;
        UPDATE person_state SET writing = writing - 1;
END;

CREATE TRIGGER person_updated AFTER UPDATE ON person
WHEN old.id IS NOT new.id OR old.sort_name IS NOT new.sort_name BEGIN
    UPDATE person_state SET writing = writing + 1, changes = changes + 1,
            total = total - (SELECT count(*) FROM person_search_content WHERE id IN (old.id, new.id)),
            odd_keys = odd_keys - (SELECT count(*) FROM person_search_content
                WHERE id IN (old.id, new.id) AND (instr(CAST(c0 AS BLOB), x'00') > 0 OR length(c0) > 1002));
        UPDATE person_gram SET n = n - 1 WHERE gram IN (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = old.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000);
        DELETE FROM person_search WHERE rowid = old.id;
        UPDATE person_gram SET n = n - 1 WHERE gram IN (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = new.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000);
        DELETE FROM person_search WHERE rowid = new.id;
        INSERT INTO person_search (rowid, sort_name) VALUES (new.id, CAST(new.sort_name AS TEXT) || char(1, 1));
        INSERT INTO person_gram (gram, n) SELECT DISTINCT gram, 1 FROM (SELECT substr(name.t, start.key + 1, width.value) AS gram FROM
            (SELECT substr(c0, 1, length(c0) - 2) AS t
                FROM person_search_content WHERE id = new.id) AS name,
            json_each('[' || substr(replace(hex(zeroblob(length(name.t))), '00', ',0'), 2) || ']') AS start,
            json_each('[1,2,3]') AS width
            WHERE start.key + width.value <= length(name.t) AND length(name.t) <= 1000)
            WHERE true ON CONFLICT (gram) DO UPDATE SET n = n + 1;
        UPDATE person_state SET writing = writing - 1, total = total + 1, odd_keys = odd_keys + ((instr(CAST(CAST(new.sort_name AS TEXT) || char(1, 1) AS BLOB), x'00') > 0 OR length(CAST(new.sort_name AS TEXT) || char(1, 1)) > 1002));
END;

CREATE TRIGGER person_key_inserted AFTER INSERT ON person
WHEN typeof(new.sort_name) = 'blob' BEGIN
    UPDATE person SET sort_name = CAST(sort_name AS TEXT) WHERE id = new.id;
END;

CREATE TRIGGER person_key_updated AFTER UPDATE OF sort_name ON person
WHEN typeof(new.sort_name) = 'blob' BEGIN
    UPDATE person SET sort_name = CAST(sort_name AS TEXT) WHERE id = new.id;
END;

CREATE TRIGGER person_mark_inserted AFTER INSERT ON person_mark BEGIN
        UPDATE person_state SET writing = writing + 1, marked = -1;
        UPDATE person_state SET writing = writing - 1;
    END;

CREATE TRIGGER person_mark_updated AFTER UPDATE ON person_mark BEGIN
        UPDATE person_state SET writing = writing + 1, marked = -1;
        UPDATE person_state SET writing = writing - 1;
    END;

CREATE TRIGGER person_mark_deleted AFTER DELETE ON person_mark BEGIN
        UPDATE person_state SET writing = writing + 1, marked = -1;
        UPDATE person_state SET writing = writing - 1;
    END;

CREATE TRIGGER person_gram_insert_guarded AFTER INSERT ON person_gram
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_gram_update_guarded AFTER UPDATE ON person_gram
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_gram_delete_guarded AFTER DELETE ON person_gram
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_search_content_insert_guarded AFTER INSERT ON person_search_content
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_search_content_update_guarded AFTER UPDATE ON person_search_content
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_search_content_delete_guarded AFTER DELETE ON person_search_content
    WHEN (SELECT writing FROM person_state) = 0 BEGIN
        UPDATE person_state SET tampered = 1;
    END;

CREATE TRIGGER person_state_guarded AFTER UPDATE ON person_state
WHEN old.writing = 0 AND new.writing = 0 AND new.tampered = 0 BEGIN
    UPDATE person_state SET tampered = 1;
END;

INSERT INTO person_state VALUES (0, 0, -1, 0, 0, 0);
PRAGMA application_id = 1346719568;
PRAGMA user_version = 5;
COMMIT;
-- The persons, as `people add` and other programs' plain SQL left them:
-- hostile but valid. Ids have gaps and one is past 2^53, where a double
-- loses count; names hold combining marks (spelled with char() so that no
-- editor can compose them), emoji, quotes and SQL; an address holds a
-- newline; one email is NULL; a date is before 1970, one has a fraction.
-- sort_name is each name as PersonSortKey.fold makes it at version 5:
-- composed, lower-cased, accents set aside (Zoë with Zoe, Ø with O).
BEGIN;
INSERT INTO person (id, name, sort_name, address, email, added) VALUES
    (1, 'Ada Lovelace', 'ada lovelace',
        '12 St James''s Square' || char(10) || 'London', 'ada@example.org', 1763726400.5),
    (2, 'Zoe' || char(776) || ' Ćwik', 'zoe cwik',
        'ul. Długa 5', 'zoe@example.pl', 1763726401.125),
    (5, '👩🏽‍💻 Grace "Amazing" Hopper', '👩🏽‍💻 grace "amazing" hopper',
        'Arlington, "VA"', NULL, -86400.25),
    (6, 'Miles O''Brien', 'miles o''brien', 'Deep Space 9' || char(10) || 'Ops', 'miles@ds9.example', 0),
    (42, 'Ñuño Øystein', 'nuno oystein', '', 'nuno+tag@example.com', 1700000000.75),
    (43, 'Robert''); DROP TABLE person;--', 'robert''); drop table person;--',
        'Little Bobby Tables Lane', 'bobby@example.com', 1700000001),
    (1000, 'مريم الأسطرلابي', 'مريم الأسطرلابي', 'Aleppo', 'maryam@example.sy', 1700000002.5),
    (1001, 'Łukasz Żółć', 'lukasz zolc', 'Kraków' || char(10) || 'Rynek Główny 1', 'lz@example.pl', 1700000003),
    (9007199254740993, 'Large Id', 'large id', 'Far away', 'big@example.net', 1763726402);
COMMIT;
