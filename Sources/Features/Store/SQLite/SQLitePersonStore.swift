import Foundation
import Synchronization

/// A store that keeps persons in an SQLite file, so they are still there
/// tomorrow.
///
/// The real half of the fake-and-real pair: it keeps the same ``PersonStore``
/// contract as ``MemoryPersonStore`` — the same order, pages and search —
/// and the same contract tests run against both. Like every store it takes
/// only a ``ValidatedDraft``: checking is done before a store is reached.
///
/// Several processes may use one file at once: the file is in WAL mode, so
/// readers never block the writer, and each write takes the write lock
/// first, waiting up to the busy timeout for another process to finish.
/// Every write is one transaction, so a crash leaves all of it or none.
public final class SQLitePersonStore: PersonStore {
    private let connection: Mutex<SQLiteConnection>

    /// Opens the database at `path`, creating the file and its folder when
    /// missing and bringing its schema up to date.
    ///
    /// The file is treated as possibly hostile: another program may have
    /// written it. What it holds is decided before anything is written (see
    /// ``SQLiteContents``); only a new or empty file is adopted, and anything
    /// else that is not a people database is refused and left byte for byte
    /// as it was. The stored row count is checked against the rows, and
    /// repaired, because a list trusts it.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - samples: the persons a new database starts with.
    ///   - busyTimeout: how long a write waits for another process's lock.
    /// - Throws: ``PersonStoreError/storage(_:)`` naming the path, when the
    ///   folder cannot be written, the path is not a regular file, the file
    ///   is not a people database or is damaged, or it was written by a
    ///   newer schema.
    public init(
        path: String,
        startingWith samples: [Person] = [],
        busyTimeout: Duration = .seconds(5)
    ) throws(PersonStoreError) {
        try Self.prepareFolder(for: path)
        try Self.checkHeader(of: path)
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try Self.prepareSchema(of: opened, samples: samples)
        try Self.repairTotal(of: opened)
        connection = Mutex(opened)
    }

    public func count(matching search: String) throws -> Int {
        try connection.withLock { (database) throws(PersonStoreError) in
            let filter = SearchFilter(search)
            if filter.isEverything {
                // Checked against the rows on open; another program may
                // still write nonsense meanwhile, so never less than none.
                return max(0, try database.integer("SELECT n FROM person_total"))
            }
            return try database.integer(
                "SELECT count(*) FROM person WHERE \(filter.sql)", filter.parameters)
        }
    }

    public func position(of key: PersonSortKey, matching search: String) throws -> Int {
        try connection.withLock { (database) throws(PersonStoreError) in
            let filter = SearchFilter(search)
            return try database.integer(
                "SELECT count(*) FROM person WHERE (sort_name, id) < \(Self.anchor) AND \(filter.sql)",
                Self.anchorValues(key) + filter.parameters)
        }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) throws -> [Person]
    {
        let filter = SearchFilter(search)
        let limit = SQLiteValue.integer(max(0, limit))
        let select = "SELECT \(Self.columns) FROM person WHERE \(filter.sql)"
        return try connection.withLock { (database) throws(PersonStoreError) in
            switch start {
            case .offset(let offset):
                return try database.rows(
                    "\(select) ORDER BY sort_name, id LIMIT ? OFFSET ?",
                    filter.parameters + [limit, .integer(max(0, offset))], reading: Self.person)
            case .after(let key):
                return try database.rows(
                    "\(select) AND (sort_name, id) > \(Self.anchor) ORDER BY sort_name, id LIMIT ?",
                    filter.parameters + Self.anchorValues(key) + [limit], reading: Self.person)
            case .before(let key):
                return try database.rows(
                    "\(select) AND (sort_name, id) < \(Self.anchor) ORDER BY sort_name DESC, id DESC LIMIT ?",
                    filter.parameters + Self.anchorValues(key) + [limit], reading: Self.person
                ).reversed()
            }
        }
    }

    public func person(withID id: Person.ID) throws -> Person? {
        try connection.withLock { (database) throws(PersonStoreError) in
            try database.rows(
                "SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)],
                reading: Self.person
            ).first
        }
    }

    public func add(_ draft: ValidatedDraft, addedAt added: Date) throws -> Person {
        try connection.withLock { database in
            try database.writeTransaction {
                try Self.insert(draft, added: added, into: database)
            }
        }
    }

    /// Adds every draft in one transaction, reading them one at a time so
    /// that a million stream through in constant memory.
    ///
    /// Per row, the insert trigger would update the search index and the
    /// count, which costs more than the row itself; so within the same
    /// transaction the trigger is dropped, the rows inserted, the index and
    /// the count brought up to date once, and the trigger put back. The
    /// transaction covers the schema change too: a crash leaves all of it or
    /// none, and other connections never see the database without its trigger.
    public func add(contentsOf drafts: some Sequence<ValidatedDraft>, addedAt added: Date) throws
        -> Int
    {
        let remaining = DraftFeed(drafts.makeIterator())
        return try connection.withLock { database in
            try database.writeTransaction {
                let highest = try database.integer("SELECT coalesce(max(id), 0) FROM person")
                try database.execute("DROP TRIGGER person_inserted")
                let insert = try database.prepare(Self.insertSQL)
                var count = 0
                while let draft = remaining.next() {
                    try insert.bind(Self.values(of: draft, added: added))
                    while try insert.step() {}
                    count += 1
                }
                // AUTOINCREMENT hands out ids above every id ever used.
                try database.run(
                    "INSERT INTO person_search (rowid, sort_name) SELECT id, sort_name FROM person WHERE id > ?",
                    [.integer(highest)])
                try database.run("UPDATE person_total SET n = n + ?", [.integer(count)])
                try database.execute(SQLiteSchema.insertTrigger)
                return count
            }
        }
    }

    public func update(_ id: Person.ID, with checked: ValidatedDraft) throws -> Person {
        try connection.withLock { database in
            try database.writeTransaction {
                try database.run(
                    "UPDATE person SET name = ?, sort_name = ?, address = ?, email = ? WHERE id = ?",
                    [
                        .text(checked.name), .text(PersonSortKey.fold(checked.name)),
                        .text(checked.address), checked.email.map(SQLiteValue.text) ?? .null,
                        .integer(id),
                    ])
                guard database.changedRows == 1,
                    let person = try database.rows(
                        "SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)],
                        reading: Self.person
                    ).first
                else { throw PersonStoreError.notFound(id) }
                return person
            }
        }
    }

    public func delete(_ id: Person.ID) throws {
        try connection.withLock { database in
            try database.writeTransaction {
                try database.run("DELETE FROM person WHERE id = ?", [.integer(id)])
                guard database.changedRows == 1 else { throw PersonStoreError.notFound(id) }
            }
        }
    }

    public func restore(_ person: Person) throws {
        try connection.withLock { database in
            try database.writeTransaction {
                let taken = try database.integer(
                    "SELECT count(*) FROM person WHERE id = ?", [.integer(person.id)])
                guard taken == 0 else {
                    throw PersonStoreError.storage(
                        "cannot restore \(person.name): id \(person.id) is taken")
                }
                _ = try Self.insert(
                    ValidatedDraft(storing: person), id: person.id, added: person.added,
                    into: database)
            }
        }
    }

    /// Runs SQLite's own consistency check.
    ///
    /// - Returns: `"ok"` for a sound file, otherwise SQLite's first complaint.
    public func integrityCheck() throws -> String {
        try connection.withLock { (database) throws(PersonStoreError) in
            try database.rows("PRAGMA integrity_check").first?.text(0) ?? "no answer"
        }
    }
}

// MARK: - Rows and values

extension SQLitePersonStore {
    fileprivate static let columns = "id, name, address, email, added"
    fileprivate static let insertSQL =
        "INSERT INTO person (name, sort_name, address, email, added) VALUES (?, ?, ?, ?, ?)"

    /// Where a page starts: the stored sort key of the row with the key's
    /// id, or the key's own folded name when that row is gone.
    ///
    /// The stored `sort_name` is what the index orders by. Another program
    /// can write one that disagrees with the name; a page that started from
    /// the name's fold would then skip or repeat rows. Starting from the
    /// stored value keeps pages joined up whatever the file holds.
    fileprivate static let anchor = "(coalesce((SELECT sort_name FROM person WHERE id = ?), ?), ?)"

    fileprivate static func anchorValues(_ key: PersonSortKey) -> [SQLiteValue] {
        [.integer(key.id), .text(key.foldedName), .integer(key.id)]
    }

    /// The earliest and latest dates shown: years 1 to 9999.
    private static let addedRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    fileprivate static func person(_ row: SQLiteStatement) -> Person {
        // Another program may store any number here, or none.
        let seconds = row.real(4)
        let added =
            seconds.isNaN ? 0 : min(max(seconds, addedRange.lowerBound), addedRange.upperBound)
        return Person(
            id: row.integer(0), name: row.text(1) ?? "", address: row.text(2) ?? "",
            email: row.text(3), added: Date(timeIntervalSince1970: added))
    }

    fileprivate static func values(of draft: ValidatedDraft, added: Date) -> [SQLiteValue] {
        [
            .text(draft.name), .text(PersonSortKey.fold(draft.name)), .text(draft.address),
            draft.email.map(SQLiteValue.text) ?? .null, .real(added.timeIntervalSince1970),
        ]
    }

    static func insert(
        _ draft: ValidatedDraft, id: Person.ID? = nil, added: Date, into database: SQLiteConnection
    ) throws(PersonStoreError) -> Person {
        if let id {
            try database.run(
                "INSERT INTO person (id, name, sort_name, address, email, added) VALUES (?, ?, ?, ?, ?, ?)",
                [.integer(id)] + values(of: draft, added: added))
        } else {
            try database.run(insertSQL, values(of: draft, added: added))
        }
        return Person(
            id: id ?? database.lastInsertedID, name: draft.name, address: draft.address,
            email: draft.email, added: added)
    }
}

/// Hands a caller's drafts, one at a time, to code that holds the
/// connection's lock.
///
/// `@unchecked Sendable` because the compiler cannot see what is true here:
/// it is made, read and dropped on one thread, inside one call, while the
/// lock is held; and every draft it yields is a `Sendable` value.
private final class DraftFeed<Base: IteratorProtocol<ValidatedDraft>>: @unchecked Sendable {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() -> ValidatedDraft? {
        base.next()
    }
}

/// The SQL that keeps only persons whose folded name contains the search.
///
/// Searches of three characters or more go through the trigram index, then
/// `instr` confirms each match byte for byte; shorter ones are too short for
/// trigrams and use `instr` alone.
private struct SearchFilter {
    let sql: String
    let parameters: [SQLiteValue]
    let isEverything: Bool

    init(_ search: String) {
        let folded = PersonSortKey.fold(search)
        if folded.isEmpty {
            (sql, parameters, isEverything) = ("1", [], true)
        } else if folded.unicodeScalars.count >= 3 {
            sql =
                "id IN (SELECT rowid FROM person_search WHERE sort_name GLOB ?) AND instr(sort_name, ?) > 0"
            parameters = [.text("*\(Self.globLiteral(folded))*"), .text(folded)]
            isEverything = false
        } else {
            (sql, parameters, isEverything) = ("instr(sort_name, ?) > 0", [.text(folded)], false)
        }
    }

    /// `text` as a GLOB pattern matching itself: `*`, `?` and `[` in brackets.
    private static func globLiteral(_ text: String) -> String {
        var pattern = ""
        for character in text {
            switch character {
            case "*", "?", "[": pattern += "[\(character)]"
            default: pattern.append(character)
            }
        }
        return pattern
    }
}
