import Features
import Foundation

/// Opening a database file: every check that happens before the schema is
/// brought up to date. The derived data is checked after (see
/// `SQLiteDerivedData`).
extension SQLitePersonStore {
    /// The first 16 bytes of every SQLite 3 database file.
    static let header = Array("SQLite format 3\0".utf8)

    /// Creates the database's folder if needed, and checks that it can be
    /// written (SQLite keeps its write-ahead log beside the file) and that
    /// the path is a file, not a folder, a device or a symbolic link.
    ///
    /// The address book is personal: folders made here are `0700` and a new
    /// database `0600` from its first byte (SQLite gives its `-wal` and `-shm`
    /// the database's mode). An existing file's mode is left as it is.
    static func prepareFolder(for path: String) throws(PersonStoreError) {
        let files = FileManager.default
        let shown = InertText.quoted(path, limit: 120)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // A link — even one to nowhere — would put the database wherever it
        // points; the open itself refuses one too (SQLITE_OPEN_NOFOLLOW).
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
            var status = stat()
            if lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw .storage(
                    "\(InertText.quoted(file, limit: 120)) is a symbolic link; people does not follow links to its database"
                )
            }
        }
        try refuseLinkedFolders(above: URL(fileURLWithPath: path))
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
            try checkRootMakesNoFolderForAnother(folder)
            do {
                try files.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
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
        for file in [folder, path, path + "-wal", path + "-shm", path + "-journal"] {
            try checkOwnership(of: file)
        }
        // Made here, 0600, before SQLite opens it: never wider for a moment.
        let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
    }

    /// Refuses a path with a symbolic link among its folders, before any
    /// folder or file is made: SQLite opens a database only by a path
    /// without links (`SQLITE_OPEN_NOFOLLOW`), and would refuse it after,
    /// with words that do not say why.
    private static func refuseLinkedFolders(above file: URL) throws(PersonStoreError) {
        var folder = URL(fileURLWithPath: "/")
        for component in file.deletingLastPathComponent().pathComponents.dropFirst() {
            folder.appendPathComponent(component)
            var status = stat()
            guard lstat(folder.path, &status) == 0 else { return }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            let target = folder.resolvingSymlinksInPath()
            let real = file.pathComponents.dropFirst(folder.pathComponents.count).reduce(target) {
                $0.appendingPathComponent($1)
            }.path
            throw .storage(
                "the folder \(InertText.quoted(folder.path, limit: 120)) is a symbolic link (to \(InertText.quoted(target.path, limit: 120))); a database is opened only by a path without links: give --db \(InertText.quoted(real, limit: 120))"
            )
        }
    }

    /// Refuses a path that names nothing, or an empty file: for `people
    /// check` and the commands that only read, which look at a book and
    /// must not make one where a path was mistyped. (A link to nowhere
    /// counts as something, and is refused later for being a link.)
    static func requireExisting(_ path: String) throws(PersonStoreError) {
        var status = stat()
        let shown = InertText.quoted(path, limit: 120)
        guard lstat(path, &status) == 0 else {
            throw .storage("there is no database at \(shown); nothing was made there")
        }
        guard status.st_size > 0 || status.st_mode & S_IFMT != S_IFREG else {
            throw .storage("\(shown) is an empty file, not a database yet; nothing was made there")
        }
    }

    /// Refuses, for root, to make folders inside another user's: they would
    /// be root's, and that user's next run would be refused.
    private static func checkRootMakesNoFolderForAnother(_ folder: String) throws(PersonStoreError)
    {
        guard geteuid() == 0 else { return }
        var existing = URL(fileURLWithPath: folder)
        var status = stat()
        while stat(existing.path, &status) != 0, existing.path != "/" {
            existing.deleteLastPathComponent()
        }
        guard status.st_uid == 0 else {
            throw .storage(
                "\(InertText.quoted(existing.path, limit: 120)) belongs to user \(status.st_uid); as root, people makes no folder of its own there (run it as that user)"
            )
        }
    }

    /// Refuses a file or folder, if it exists, that someone else owns or
    /// could write, as OpenSSH and GnuPG do: another user could read the
    /// address book through it, or plant a log that changes it.
    private static func checkOwnership(of file: String) throws(PersonStoreError) {
        var status = stat()
        guard lstat(file, &status) == 0 else { return }
        let shown = InertText.quoted(file, limit: 120)
        let me = geteuid()
        guard status.st_uid == me else {
            throw .storage(
                "\(shown) belongs to user \(status.st_uid), not to you (user \(me)); people opens only an address book of your own"
            )
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw .storage(
                "\(shown) can be written by others (mode \(String(mode, radix: 8))); make it yours alone with chmod go-w"
            )
        }
    }

    /// Refuses a file that has bytes but does not start like an SQLite
    /// database, before SQLite reads or writes any of it.
    ///
    /// SQLite itself would take a file shorter than its header for an empty
    /// database and write over it; a one-byte file of someone's is not empty.
    /// Read through the connection's own file (see
    /// `SQLiteConnection.mainFileStart(_:)`), which opening has not read yet.
    ///
    /// The size is the path's, by `stat`: SQLite's file layer gives a file
    /// of one byte as empty.
    static func checkHeader(of database: SQLiteConnection, at path: String)
        throws(PersonStoreError)
    {
        guard let (start, _) = database.mainFileStart(header.count) else { return }
        var status = stat()
        let isEmpty = stat(path, &status) == 0 && status.st_size == 0
        guard isEmpty || start == header else {
            throw .storage(
                "\(database.shownPath) is not a people database (not an SQLite file); it was left as it was"
            )
        }
    }

    /// Identifies what the file holds, then — only for a new file or a
    /// people database — switches to WAL and runs the missing schema steps,
    /// filling a new database with `samples`.
    ///
    /// A file already at the current version is only read: switching a WAL
    /// file to WAL writes nothing.
    static func prepareSchema(of database: SQLiteConnection, samples: [Person])
        throws(PersonStoreError)
    {
        let version = try adoptableVersion(of: database)
        try checkStepsCanRun(from: version, in: database)
        guard version < SQLiteSchema.currentVersion else {
            // Another program may have taken the file out of WAL, where a
            // reader blocks writers; switching back takes the lock, so it is
            // tried without waiting.
            if try database.rows("PRAGMA journal_mode").first?.text(0) != "wal" {
                database.withoutWaiting { _ = try? database.execute("PRAGMA journal_mode = WAL") }
            }
            return
        }
        try database.execute("PRAGMA journal_mode = WAL")
        try database.storeTransaction { () throws(PersonStoreError) in
            // Another process may have changed the file while this one waited.
            let version = try adoptableVersion(of: database)
            try checkStepsCanRun(from: version, in: database)
            for step in SQLiteSchema.steps.dropFirst(version) {
                try database.execute(step)
            }
            for sample in version == 0 ? samples : [] {
                _ = try insertRow(
                    ValidatedDraft(storing: sample), id: sample.id, added: sample.added,
                    into: database)
            }
            try SQLiteDerivedData.rebuild(in: database)
            try database.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
        }
    }

    /// Refuses a file in which a step still to run would drop another
    /// program's object: a view named like a table an earlier people made.
    ///
    /// The steps drop what earlier versions made with `DROP TABLE IF
    /// EXISTS`, which SQLite refuses for a view of that name, in its own
    /// words ("use DROP VIEW to delete view person_search"). The view is
    /// another program's: the file is left as it was (checked before it is
    /// switched to WAL), and the refusal names the view and the file.
    private static func checkStepsCanRun(from version: Int, in database: SQLiteConnection)
        throws(PersonStoreError)
    {
        let dropped = SQLiteSchema.steps.dropFirst(version).flatMap { step in
            step.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count == 5, words[0] == "DROP", words[1] == "TABLE" else { return nil }
                return words[4].trimmingCharacters(in: [";"]).lowercased()
            }
        }
        guard !dropped.isEmpty else { return }
        for object in try SQLiteObject.all(in: database)
        where object.type == "view" && dropped.contains(object.name.lowercased()) {
            throw .storage(
                "the database \(database.shownPath) has a view \(InertText.quoted(object.name, limit: 40)) "
                    + "of another program's, named like a table an earlier people made; "
                    + "it was left as it was")
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
}
