import Features
import Foundation

/// Which file a path named when the database was opened, so that a write
/// can tell when the path now names another.
///
/// A file deleted and made again at the same path while a session is open
/// is a new file; SQLite would keep writing to the old one, which no one
/// can open any more, and the write would report success. Comparing the
/// device and inode numbers before each write costs one `stat`.
struct SQLiteFileIdentity: Sendable {
    private let path: String
    private let identity: [UInt64]?

    /// Records what `path` names now.
    init(path: String) {
        self.path = path
        identity = Self.identity(of: path)
    }

    /// Throws when `path` no longer names the file it named when opened.
    func check(_ shownPath: String) throws(PersonStoreError) {
        guard let identity, Self.identity(of: path) == identity else {
            throw .storage(
                "the database \(shownPath) was removed or replaced since it was opened; nothing was saved"
            )
        }
    }

    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
