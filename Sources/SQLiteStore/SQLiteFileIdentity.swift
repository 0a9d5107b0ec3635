import Features
import Foundation

/// Which file a path named when the database was opened, and whether it
/// still starts like a whole database, so that a write can tell when the file
/// under it changed.
///
/// A file deleted and made again at the same path while a session is open
/// is a new file; SQLite would keep writing to the old one, which no one
/// can open any more, and the write would report success. A file emptied
/// or cut short in place (`: > book`) is the same file, but SQLite would
/// write the pages it changes into a file that has lost the rest. Before
/// each write, one `stat` compares the device and inode numbers, and one
/// read of the file's first 100 bytes checks that it still starts like a
/// database and is as long as its header says.
struct SQLiteFileIdentity: Sendable {
    private let path: String
    private let identity: [UInt64]?

    /// Records what `path` names now.
    init(path: String) {
        self.path = path
        identity = Self.identity(of: path)
    }

    /// What the file at the path looks like from outside SQLite.
    enum Looks: Equatable {
        /// It starts like a database and is as long as its header says.
        case whole
        /// It is shorter than the pages its header counts. Cut short, or
        /// caught in the moment when another program's checkpoint has
        /// written the header and not yet the pages after it: only SQLite,
        /// reading the pages, can tell which.
        case short
    }

    /// Throws when `path` no longer names the file it named when opened, or
    /// that file no longer starts like a database; otherwise says whether
    /// it is as long as its header says.
    ///
    /// - Parameter database: the connection to the file, through whose own
    ///   handle the file is read (see `SQLiteConnection.mainFileStart(_:)`).
    func check(_ database: SQLiteConnection) throws(PersonStoreError) -> Looks {
        guard let identity, Self.identity(of: path) == identity else {
            throw .storage(
                "the database \(database.shownPath) was removed or replaced since it was opened; nothing was saved"
            )
        }
        guard let (header, size) = database.mainFileStart(100) else { return .whole }
        guard size >= 100, header.starts(with: SQLitePersonStore.header) else {
            throw .storage(
                "the database \(database.shownPath) was emptied or overwritten since it was opened (it no longer starts like a database); nothing was saved"
            )
        }
        func number(at offset: Int, bytes: Int) -> Int {
            header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = number(at: 16, bytes: 2) == 1 ? 65_536 : number(at: 16, bytes: 2)
        let pages = number(at: 28, bytes: 4)
        // SQLite trusts the header's page count only when the change counter
        // matches the one it was written with; so does this check.
        let countIsValid = pages > 0 && number(at: 24, bytes: 4) == number(at: 92, bytes: 4)
        return countIsValid && size < pages * pageSize ? .short : .whole
    }

    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
