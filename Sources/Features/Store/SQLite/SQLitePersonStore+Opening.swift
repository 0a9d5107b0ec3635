import Foundation

/// Opening a database file: every check that happens before, and the one
/// repair that happens after, the schema is brought up to date.
extension SQLitePersonStore {
    /// The first 16 bytes of every SQLite 3 database file.
    private static let header = Array("SQLite format 3\0".utf8)

    /// Creates the database's folder if needed, and checks that it can be
    /// written (SQLite keeps its write-ahead log beside the file) and that
    /// the path is a file, not a folder or a device.
    static func prepareFolder(for path: String) throws(PersonStoreError) {
        let files = FileManager.default
        let shown = InertText.quoted(path, limit: 120)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .storage("\(shown) is a folder, not a database file") }
            let type = (try? files.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            guard type == .typeRegular else {
                throw .storage("\(shown) is not a regular file, so it cannot hold a database")
            }
        }
        let shownFolder = InertText.quoted(folder, limit: 120)
        if !files.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .storage("cannot create the folder \(shownFolder) for the database")
            }
        } else if !isFolder.boolValue {
            throw .storage("\(shownFolder) is not a folder, so the database cannot be kept in it")
        }
        guard files.isWritableFile(atPath: folder) else {
            throw .storage(
                "the folder \(shownFolder) cannot be written, so the database cannot be kept in it")
        }
    }

    /// Refuses a file that has bytes but does not start like an SQLite
    /// database.
    ///
    /// SQLite itself would take a file shorter than its header for an empty
    /// database and write over it; a one-byte file of someone's is not empty.
    static func checkHeader(of path: String) throws(PersonStoreError) {
        guard let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        let start = (try? file.read(upToCount: header.count)) ?? Data()
        guard start.isEmpty || Array(start) == header else {
            throw .storage(
                "\(InertText.quoted(path, limit: 120)) is not a people database (not an SQLite file); it was left as it was"
            )
        }
    }

    /// Identifies what the file holds, then — only for a new file or a
    /// people database — switches to WAL and runs the missing schema steps,
    /// filling a new database with `samples`.
    static func prepareSchema(of database: SQLiteConnection, samples: [Person])
        throws(PersonStoreError)
    {
        let version = try adoptableVersion(of: database)
        try database.execute("PRAGMA journal_mode = WAL")
        guard version < SQLiteSchema.currentVersion else { return }
        try writing(database, failure: "prepare") {
            // Another process may have changed the file while this one waited.
            let version = try adoptableVersion(of: database)
            for step in SQLiteSchema.steps.dropFirst(version) {
                try database.execute(step)
            }
            if (1..<3).contains(version) {
                try SQLiteSchema.countGrams(in: database)
            }
            if version == 0 {
                for sample in samples {
                    _ = try insert(
                        ValidatedDraft(storing: sample), id: sample.id, added: sample.added,
                        into: database)
                }
            }
            try SQLitePageMarks.rebuild(in: database)
            try database.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
        }
    }

    /// The schema version to build on: 0 for a file to adopt, the stored
    /// version for a people database; anything else is refused.
    private static func adoptableVersion(of database: SQLiteConnection) throws(PersonStoreError)
        -> Int
    {
        switch try SQLiteContents.identify(database) {
        case .empty:
            return 0
        case .people(let version):
            return version
        case .newer(let version):
            throw .storage(
                "the database \(database.shownPath) was written by a newer people "
                    + "(schema \(version); this one reads up to \(SQLiteSchema.currentVersion))")
        case .damaged(let detail):
            throw .storage("the database \(database.shownPath) is damaged (\(detail))")
        case .foreign:
            throw .storage(
                "\(database.shownPath) is not a people database; it was left as it was")
        }
    }

    /// Makes the stored total agree with the rows, when it does not.
    ///
    /// The total is kept by triggers so a page need not count a million
    /// rows, but another program can write it directly; a wrong total would
    /// hide persons or page past the end. Checking costs one count per open.
    static func repairTotal(of database: SQLiteConnection) throws(PersonStoreError) {
        let agreement = """
            SELECT (SELECT count(*) FROM person_total) = 1
               AND (SELECT n FROM person_total) IS (SELECT count(*) FROM person)
            """
        guard try database.integer(agreement) != 1 else { return }
        // The page marks counted changes against the old row: they are
        // rebuilt next, by repairMarks(of:).
        try writing(database, failure: "repair") {
            try database.execute(
                """
                DELETE FROM person_total;
                INSERT INTO person_total (n) SELECT count(*) FROM person;
                UPDATE person_mark_state SET changes = -1;
                """)
        }
    }

    /// Rebuilds the page marks when rows changed without them — another
    /// program wrote — so pages by number start near their row again.
    ///
    /// Costs nothing when the marks are current: one comparison.
    static func repairMarks(of database: SQLiteConnection) throws(PersonStoreError) {
        guard try !SQLitePageMarks.areCurrent(in: database) else { return }
        try writing(database, failure: "repair") {
            if try !SQLitePageMarks.areCurrent(in: database) {
                try SQLitePageMarks.rebuild(in: database)
            }
        }
    }

    /// Runs `body` in one write transaction; a failure that is not already
    /// a store error is reported as "cannot \(failure) the database …".
    private static func writing(
        _ database: SQLiteConnection, failure: String, _ body: () throws -> Void
    ) throws(PersonStoreError) {
        do {
            try database.writeTransaction(body)
        } catch let error as PersonStoreError {
            throw error
        } catch {
            throw .storage("cannot \(failure) the database \(database.shownPath): \(error)")
        }
    }
}
