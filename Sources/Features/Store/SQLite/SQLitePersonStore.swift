import Foundation
import Synchronization

/// A store that keeps persons in an SQLite file, so they are still there
/// tomorrow.
///
/// The real half of the fake-and-real pair: it keeps the same ``PersonStore``
/// contract as ``MemoryPersonStore`` — the same order, pages, search and
/// checks — and the same contract tests run against both.
///
/// Several processes may use one file at once: the file is in WAL mode, so
/// readers never block the writer, and each write takes the write lock
/// first, waiting up to the busy timeout for another process to finish.
/// Every write is one transaction, so a crash leaves all of it or none.
public final class SQLitePersonStore: PersonStore {
    private let connection: Mutex<SQLiteConnection>
    private let clock: @Sendable () -> Date

    /// Opens the database at `path`, creating the file and its folder when
    /// missing and bringing its schema up to date.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - samples: the persons a new database starts with.
    ///   - busyTimeout: how long a write waits for another process's lock.
    ///   - clock: the time a new person was added.
    /// - Throws: ``PersonStoreError/storage(_:)`` naming the path, when the
    ///   folder cannot be written, the file is not a people database, or it
    ///   was written by a newer schema.
    public init(
        path: String,
        startingWith samples: [Person] = [],
        busyTimeout: Duration = .seconds(5),
        clock: @escaping @Sendable () -> Date = Date.init
    ) throws(PersonStoreError) {
        try Self.prepareFolder(for: path)
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try Self.migrate(opened, samples: samples)
        connection = Mutex(opened)
        self.clock = clock
    }

    public func count(matching search: String) throws -> Int {
        try connection.withLock { (database) throws(PersonStoreError) in
            let filter = SearchFilter(search)
            if filter.isEverything {
                return try database.integer("SELECT n FROM person_total")
            }
            return try database.integer(
                "SELECT count(*) FROM person WHERE \(filter.sql)", filter.parameters)
        }
    }

    public func position(of key: PersonSortKey, matching search: String) throws -> Int {
        try connection.withLock { (database) throws(PersonStoreError) in
            let filter = SearchFilter(search)
            return try database.integer(
                "SELECT count(*) FROM person WHERE (sort_name, id) < (?, ?) AND \(filter.sql)",
                [.text(key.foldedName), .integer(key.id)] + filter.parameters)
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
                    filter.parameters + [limit, .integer(max(0, offset))]
                ).map(Self.person)
            case .after(let key):
                return try database.rows(
                    "\(select) AND (sort_name, id) > (?, ?) ORDER BY sort_name, id LIMIT ?",
                    filter.parameters + [.text(key.foldedName), .integer(key.id), limit]
                ).map(Self.person)
            case .before(let key):
                return try database.rows(
                    "\(select) AND (sort_name, id) < (?, ?) ORDER BY sort_name DESC, id DESC LIMIT ?",
                    filter.parameters + [.text(key.foldedName), .integer(key.id), limit]
                ).map(Self.person).reversed()
            }
        }
    }

    public func person(withID id: Person.ID) throws -> Person? {
        try connection.withLock { (database) throws(PersonStoreError) in
            try database.rows("SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)])
                .first.map(Self.person)
        }
    }

    public func add(_ draft: PersonDraft) throws -> Person {
        let checked = try draft.validated()
        let added = clock()
        return try connection.withLock { database in
            try database.writeTransaction {
                try Self.insert(checked, added: added, into: database)
            }
        }
    }

    public func add(contentsOf drafts: some Sequence<PersonDraft>) throws -> Int {
        // Checked before the transaction starts: a bad draft writes nothing.
        let checked = try drafts.map { (draft) throws(PersonValidationError) in
            try draft.validated()
        }
        let added = clock()
        return try connection.withLock { database in
            try database.writeTransaction {
                let insert = try database.prepare(Self.insertSQL)
                for draft in checked {
                    try insert.bind(Self.values(of: draft, added: added))
                    while try insert.step() {}
                }
                return checked.count
            }
        }
    }

    public func update(_ id: Person.ID, with draft: PersonDraft) throws -> Person {
        let checked = try draft.validated()
        return try connection.withLock { database in
            try database.writeTransaction {
                try database.run(
                    "UPDATE person SET name = ?, sort_name = ?, address = ?, email = ? WHERE id = ?",
                    [
                        .text(checked.name), .text(PersonSortKey.fold(checked.name)),
                        .text(checked.address), checked.storedEmail.map(SQLiteValue.text) ?? .null,
                        .integer(id),
                    ])
                guard database.changedRows == 1,
                    let row = try database.rows(
                        "SELECT \(Self.columns) FROM person WHERE id = ?", [.integer(id)]
                    ).first
                else { throw PersonStoreError.notFound(id) }
                return Self.person(row)
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

    fileprivate static func person(_ row: SQLiteRow) -> Person {
        Person(
            id: row.integer(0), name: row.text(1) ?? "", address: row.text(2) ?? "",
            email: row.text(3), added: Date(timeIntervalSince1970: row.real(4)))
    }

    fileprivate static func values(of draft: PersonDraft, added: Date) -> [SQLiteValue] {
        [
            .text(draft.name), .text(PersonSortKey.fold(draft.name)), .text(draft.address),
            draft.storedEmail.map(SQLiteValue.text) ?? .null, .real(added.timeIntervalSince1970),
        ]
    }

    fileprivate static func insert(
        _ draft: PersonDraft, id: Person.ID? = nil, added: Date, into database: SQLiteConnection
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
            email: draft.storedEmail, added: added)
    }
}

// MARK: - Opening

extension SQLitePersonStore {
    /// Creates the database's folder if needed, and checks it can be written:
    /// SQLite keeps its write-ahead log beside the file.
    fileprivate static func prepareFolder(for path: String) throws(PersonStoreError) {
        let files = FileManager.default
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .storage("'\(path)' is a folder, not a database file")
        }
        if !files.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .storage("cannot create the folder '\(folder)' for the database")
            }
        } else if !isFolder.boolValue {
            throw .storage("'\(folder)' is not a folder, so the database cannot be kept in it")
        }
        guard files.isWritableFile(atPath: folder) else {
            throw .storage(
                "the folder '\(folder)' cannot be written, so the database cannot be kept in it")
        }
    }

    /// Brings the schema to ``SQLiteSchema/currentVersion``, filling a new
    /// database with `samples`.
    fileprivate static func migrate(_ database: SQLiteConnection, samples: [Person])
        throws(PersonStoreError)
    {
        // Reading the version first also proves the file is a database,
        // before anything is written to it.
        let found = try database.integer("PRAGMA user_version")
        try refuseNewer(found, in: database)
        try database.execute("PRAGMA journal_mode = WAL")
        guard found < SQLiteSchema.currentVersion else { return }
        do {
            try database.writeTransaction {
                // Another process may have migrated while this one waited.
                let version = try database.integer("PRAGMA user_version")
                try refuseNewer(version, in: database)
                for step in SQLiteSchema.steps.dropFirst(version) {
                    try database.execute(step)
                }
                if version == 0 {
                    for sample in samples {
                        _ = try insert(
                            PersonDraft(sample), id: sample.id, added: sample.added, into: database)
                    }
                }
                try database.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
            }
        } catch let error as PersonStoreError {
            throw error
        } catch {
            throw .storage("cannot prepare the database '\(database.path)': \(error)")
        }
    }

    fileprivate static func refuseNewer(_ version: Int, in database: SQLiteConnection)
        throws(PersonStoreError)
    {
        guard version <= SQLiteSchema.currentVersion else {
            throw .storage(
                "the database '\(database.path)' was written by a newer people "
                    + "(schema \(version); this one reads up to \(SQLiteSchema.currentVersion))")
        }
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
