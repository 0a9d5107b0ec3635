-- A people book at schema version 6, exactly as the releases from commit
-- 95a243e on leave it: the person table with its card and card-id columns
-- and their index (steps 1 to 6), and the derived objects the open builds
-- beside them (SQLiteSchema.derived), the same objects, byte for byte, as
-- version 5's: the positional trigram index over sort_name, the gram
-- counts, the state row, the page marks and the triggers that keep them
-- true. Each object is printed here as SQLite holds it in sqlite_master of
-- a book this release made (the columns step 6 added are appended to the
-- table's text, as ALTER TABLE leaves it); the state row is a rebuild's of
-- an empty book, and the persons below are counted and indexed by the
-- triggers as they are added (the page marks left untrusted, at -1, for
-- the next open to make). Made from a book the `people` binary of that
-- release created, read with the sqlite3 shell; never edit it (it is
-- history).
PRAGMA journal_mode = WAL;
BEGIN;
CREATE TABLE person (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
    name      TEXT NOT NULL,
    sort_name TEXT NOT NULL,                      -- PersonSortKey.fold(name)
    address   TEXT NOT NULL,
    email     TEXT,
    added     REAL NOT NULL                       -- seconds since 1970
, card TEXT, uid TEXT);

CREATE INDEX person_order ON person (sort_name, id);

CREATE INDEX person_uid ON person (uid) WHERE uid IS NOT NULL;

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
PRAGMA user_version = 6;
COMMIT;
-- The persons, as `people add`, `people import` and other programs' plain
-- SQL left them: hostile but valid. Ids have gaps and one is past 2^53,
-- where a double loses count; names hold combining marks (spelled with
-- char() so that no editor can compose them), emoji, quotes and SQL; an
-- address holds a newline; one email is NULL; a date is before 1970, one
-- has a fraction. The card (StoredCard's JSON) holds what a person has
-- beyond the name, street and preferred email: labelled emails and
-- phones, the address's other parts, organisation, title, nickname,
-- birthday and notes, with escapes, accents and a line feed; it is NULL
-- for nothing more, as a plain INSERT leaves it, and one card is the `{}`
-- another program may write for the same. uid is the card's id from
-- outside, NULL for none. sort_name is each name as PersonSortKey.fold
-- makes it at version 6: composed, lower-cased, accents set aside.
BEGIN;
INSERT INTO person (id, name, sort_name, address, email, added, card, uid) VALUES
    (1, 'Ada Lovelace', 'ada lovelace',
        '12 St James''s Square' || char(10) || 'London', 'ada@example.org', 1763726400.5,
        '{"emailLabel":"work","moreEmails":[{"label":"home","value":"ada.king@home.example"}],'
        || '"phones":[{"label":"mobile","value":"+44 20 7946 0958"},{"value":"020 7946 0001"}],'
        || '"city":"London","postcode":"SW1Y 4LE","country":"United Kingdom",'
        || '"organization":"Analytical Engines","title":"Countess","nickname":"Enchantress",'
        || '"birthday":"1815-12-10","notes":"Wrote the first program\nfor the \"Engine\""}',
        'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'),
    (2, 'Zoe' || char(776) || ' Ćwik', 'zoe cwik',
        'ul. Długa 5', 'zoe@example.pl', 1763726401.125,
        '{"phones":[{"label":"domowy","value":"+48 12 345 67 89"}],"city":"Kraków",'
        || '"region":"Małopolska","organization":"Żółta Łódź","birthday":"--02-29"}', NULL),
    (5, '👩🏽‍💻 Grace "Amazing" Hopper', '👩🏽‍💻 grace "amazing" hopper',
        'Arlington, "VA"', NULL, -86400.25,
        '{"title":"Rear Admiral","nickname":"Amazing Grace","notes":"COBOL \\ back\\slash"}',
        NULL),
    (6, 'Miles O''Brien', 'miles o''brien', 'Deep Space 9' || char(10) || 'Ops',
        'miles@ds9.example', 0, NULL, NULL),
    (42, 'Ñuño Øystein', 'nuno oystein', '', 'nuno+tag@example.com', 1700000000.75, '{}',
        'people:42:1700000000.75'),
    (43, 'Robert''); DROP TABLE person;--', 'robert''); drop table person;--',
        'Little Bobby Tables Lane', 'bobby@example.com', 1700000001,
        '{"organization":"Robert''); DROP TABLE person;--","notes":"{\"card\": [\\u0000]}"}',
        NULL),
    (1000, 'مريم الأسطرلابي', 'مريم الأسطرلابي', 'Aleppo', 'maryam@example.sy', 1700000002.5,
        '{"country":"سوريا","organization":"بيت الحكمة"}', NULL),
    (1001, 'Łukasz Żółć', 'lukasz zolc', 'Kraków' || char(10) || 'Rynek Główny 1',
        'lz@example.pl', 1700000003, NULL, NULL),
    (9007199254740993, 'Large Id', 'large id', 'Far away', 'big@example.net', 1763726402,
        '{"moreEmails":[{"value":"second@example.net"},{"label":"old","value":"third@example.net"}]}',
        'Large-Id@example.net');
COMMIT;
