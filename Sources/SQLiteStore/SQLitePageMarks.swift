import Features

/// Every 256th place in the name order, with how many persons sort before
/// it, so that a page by number starts near its first row.
///
/// `OFFSET 900000` makes SQLite step over 900,000 index entries, one at a
/// time: tens of milliseconds, where the first page takes microseconds.
/// With marks, page N starts at the last mark at or before row N and steps
/// over fewer than a few hundred entries, so every page costs about what the
/// first one does (the paging benchmark judges it). The position of a key
/// in the whole list is found the same way.
///
/// Each write moves the marks after its row by one. That is done here, by
/// this program, inside the write's transaction — not by triggers, which
/// would make every single-row insert by any program update thousands of
/// marks. So another program's write is not reflected in the marks. To tell,
/// every row change, whoever makes it, counts in `person_state.changes` (by
/// trigger), and the marks are trusted only while `person_state.marked`
/// equals that count; any write to a mark sets `marked` to -1 (by trigger
/// too), and this program's mark code notes them true again when it is
/// done. When they are not trusted, pages by number use `OFFSET` (slower,
/// always right), and the marks are rebuilt by the next open or write that
/// can.
enum SQLitePageMarks {
    /// Rows from one mark to the next, when the marks are built.
    static let spacing = 256

    /// More rows than this between two marks, and a write adds one between.
    private static let widestGap = 2 * spacing

    /// A mark: a key, and how many persons sort before it.
    private struct Mark {
        let key: PersonSortKey
        let before: Int
    }

    /// Whether the marks account for every change made so far.
    static func areCurrent(in database: SQLiteConnection) throws(PersonStoreError) -> Bool {
        try database.integer("SELECT marked = changes FROM person_state") == 1
    }

    /// The query of a page by number that starts at the last mark at or
    /// before row `?1` and reads `?2` rows: one statement, so that a page at
    /// row 1,000,000 costs about what the first page does.
    ///
    /// It finds nothing when the marks cannot be trusted (or the page is past
    /// the end); the caller then asks `OFFSET` alone, which is always right.
    /// How far it steps from the mark is kept within reason, whatever
    /// another program wrote into `before`.
    static func pageQuery(reading columns: String) -> String {
        """
        WITH mark AS (
            SELECT sort_name, id, before FROM person_mark
            WHERE before <= ?1
              AND (SELECT marked = changes FROM person_state)
            ORDER BY before DESC, sort_name DESC, id DESC LIMIT 1
        )
        SELECT \(columns) FROM person
        WHERE (sort_name, id) >= ((SELECT sort_name FROM mark), (SELECT id FROM mark))
        ORDER BY sort_name, id
        LIMIT ?2 OFFSET max(0, min(coalesce(?1 - (SELECT before FROM mark), 0), \(4 * widestGap)))
        """
    }

    /// How many persons sort before `key`, counted from the last mark at or
    /// before it, in one statement; nil when the marks cannot be trusted or
    /// none is at or before the key.
    static func position(of key: PersonSortKey, in database: SQLiteConnection)
        throws(PersonStoreError)
        -> Int?
    {
        let counted = try database.rows(
            """
            WITH mark AS (
                SELECT sort_name, id, before FROM person_mark
                WHERE (sort_name, id) <= (?1, ?2)
                  AND (SELECT marked = changes FROM person_state)
                ORDER BY sort_name DESC, id DESC LIMIT 1
            )
            SELECT (SELECT before FROM mark), (
                SELECT count(*) FROM person
                WHERE (sort_name, id) >= ((SELECT sort_name FROM mark), (SELECT id FROM mark))
                  AND (sort_name, id) < (?1, ?2))
            """, key.sqlValues, reading: { $0.row() }
        ).first
        guard let counted, counted.text(0) != nil else { return nil }
        return clamped(counted.integer(0)) + counted.integer(1)
    }

    /// How many persons there are, counted from the last mark.
    ///
    /// At most a few hundred steps; nil when the marks are not current.
    static func total(in database: SQLiteConnection) throws(PersonStoreError) -> Int? {
        guard try areCurrent(in: database) else { return nil }
        let last = try database.rows(
            "SELECT sort_name, id, before FROM person_mark ORDER BY sort_name DESC, id DESC LIMIT 1",
            [], reading: Self.mark
        ).first
        guard let last else { return try database.integer("SELECT count(*) FROM person") }
        return last.before
            + (try database.integer(
                "SELECT count(*) FROM person WHERE (sort_name, id) >= (?, ?)", last.key.sqlValues))
    }

    /// Whether every mark counts exactly the persons before it: one walk
    /// of the name order, for `people check`.
    static func areExact(in database: SQLiteConnection) throws(PersonStoreError) -> Bool {
        try database.integer(
            """
            SELECT count(*) FROM (
                SELECT kind, before, sum(kind = 0) OVER (
                    ORDER BY sort_name, id, kind DESC ROWS UNBOUNDED PRECEDING) AS counted
                FROM (SELECT sort_name, id, 0 AS kind, 0 AS before FROM person
                      UNION ALL SELECT sort_name, id, 1, before FROM person_mark))
            WHERE kind = 1 AND before IS NOT counted
            """) == 0
    }

    /// Brings the marks up to date after one write that removed the row at
    /// `removed` and added one at `added` (either may be nil), given whether
    /// they were current before it; rebuilds them when they were not.
    static func update(
        afterRemoving removed: PersonSortKey?, adding added: PersonSortKey?, wereCurrent: Bool,
        in database: SQLiteConnection
    ) throws(PersonStoreError) {
        guard wereCurrent else { return try rebuild(in: database) }
        if let removed {
            try database.run(
                "UPDATE person_mark SET before = before - 1 WHERE (sort_name, id) > (?, ?)",
                removed.sqlValues)
        }
        if let added {
            try database.run(
                "UPDATE person_mark SET before = before + 1 WHERE (sort_name, id) > (?, ?)",
                added.sqlValues)
            try splitGap(around: added, in: database)
        }
        try noteCurrent(in: database)
    }

    /// Makes the marks anew from the rows: one read of the name index.
    static func rebuild(in database: SQLiteConnection) throws(PersonStoreError) {
        try database.execute(
            """
            DELETE FROM person_mark;
            INSERT INTO person_mark (sort_name, id, before)
                SELECT sort_name, id, place FROM (
                    SELECT sort_name, id, row_number() OVER (ORDER BY sort_name, id) - 1 AS place
                    FROM person
                ) WHERE place % \(spacing) = 0;
            """)
        try noteCurrent(in: database)
    }

    private static func noteCurrent(in database: SQLiteConnection) throws(PersonStoreError) {
        try database.execute(
            "UPDATE person_state SET marked = changes")
    }

    /// Adds a mark when the row just added left more than `widestGap` rows
    /// between the marks around it.
    private static func splitGap(around key: PersonSortKey, in database: SQLiteConnection)
        throws(PersonStoreError)
    {
        let previous = try markAtOrBefore(key, in: database)
        var nextBefore = clamped(try database.integer("SELECT total FROM person_state"))
        if let next = try database.rows(
            "SELECT before FROM person_mark WHERE (sort_name, id) > (?, ?) ORDER BY sort_name, id LIMIT 1",
            key.sqlValues
        ).first {
            nextBefore = clamped(next.integer(0))
        }
        let fromBefore = previous?.before ?? 0
        guard nextBefore - fromBefore > widestGap else { return }
        let from = previous?.key.sqlValues ?? [.text(""), .integer(Int.min)]
        guard
            let middle = try database.rows(
                "SELECT sort_name, id FROM person WHERE (sort_name, id) >= (?, ?) ORDER BY sort_name, id LIMIT 1 OFFSET ?",
                from + [.integer(spacing)],
                reading: { PersonSortKey(foldedName: $0.sortName(0), id: $0.integer(1)) }
            ).first
        else { return }
        try database.run(
            "INSERT OR REPLACE INTO person_mark (sort_name, id, before) VALUES (?, ?, ?)",
            middle.sqlValues + [.integer(fromBefore + spacing)])
    }

    private static func markAtOrBefore(_ key: PersonSortKey, in database: SQLiteConnection)
        throws(PersonStoreError) -> Mark?
    {
        try database.rows(
            "SELECT sort_name, id, before FROM person_mark WHERE (sort_name, id) <= (?, ?) ORDER BY sort_name DESC, id DESC LIMIT 1",
            key.sqlValues, reading: Self.mark
        ).first
    }

    private static func mark(_ row: SQLiteStatement) -> Mark {
        Mark(
            key: PersonSortKey(foldedName: row.sortName(0), id: row.integer(1)),
            before: clamped(row.integer(2)))
    }

    /// A stored count brought into a range where no arithmetic on it can
    /// overflow: another program may have written any number.
    private static func clamped(_ count: Int) -> Int {
        min(max(count, 0), 1 << 53)
    }
}

extension PersonSortKey {
    /// The key as the two values `(sort_name, id)` compares with: the very
    /// bytes it was read from (see `SQLiteStatement.sortName(_:)`).
    var sqlValues: [SQLiteValue] { [SortNameBytes.value(of: foldedName), .integer(id)] }
}

/// A stored sort key as a Swift string and back, byte for byte, even when
/// another program stored bytes that are not UTF-8.
///
/// A page's cursor is the key of its last row. Read as lossy text (each bad
/// byte a U+FFFD), it would name a place that is not in the file, and the
/// next page would start somewhere else: a walk that repeats for ever, or an
/// export that skips persons. So each byte that is not part of valid UTF-8
/// becomes one private-use character of plane 16, and becomes that byte
/// again when the key is bound.
enum SortNameBytes {
    /// The first of the 256 characters that stand for single bytes.
    private static let base: UInt32 = 0x10_FE00

    /// `bytes` as a string: valid UTF-8 as it is, any other byte escaped.
    static func text(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: isEscape)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var rest = bytes[...]
        while !rest.isEmpty {
            var decoder = UTF8()
            var iterator = rest.makeIterator()
            var consumed = 0
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar) where !isEscape(scalar):
                consumed = String(scalar).utf8.count
                scalars.append(scalar)
            default:
                consumed = 1
                scalars.append(Unicode.Scalar(base + UInt32(rest[rest.startIndex])) ?? "\u{FFFD}")
            }
            rest = rest.dropFirst(consumed)
        }
        return String(scalars)
    }

    /// The value to bind for `text`: its own bytes, with each escaped byte
    /// put back.
    static func value(of text: String) -> SQLiteValue {
        guard text.unicodeScalars.contains(where: isEscape) else { return .text(text) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return .textBytes(bytes)
    }

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        (base...base + 0xFF).contains(scalar.value)
    }
}
