import Features
import Foundation

/// The one reader of every file `people` reads itself: the `--config` file
/// and each `--import` file (a URL it hands to the fetch it is given).
///
/// (The SQLite database is the one file it does not read here: the store
/// opens it through SQLite, after its own ownership and link checks.) One
/// reader, so every file from outside is read the same guarded way: a name
/// that is not a file, or a file larger than its kind may be, is refused
/// with one line naming it, and no more than one byte past the limit is
/// ever read. `AppInjector` hands the app scope
/// ``importReader(fetchingURLsWith:)``, which reads files with
/// ``readImport(_:)``; the launch parser reads the configuration file with
/// ``readConfiguration(_:)``.
public enum FileReader {
    /// The most a configuration file may hold: settings are a few lines.
    public static let configurationLimit = 1 << 20

    /// The most an import file may hold, so that reading one (whole, then
    /// parsed) keeps memory within reason: some 200,000 persons.
    public static let importLimit = 16 << 20

    /// Reads an import file named on the command line, or says why it cannot.
    public static func readImport(_ path: String) throws(UsageError) -> Data {
        try read(path, limit: importLimit)
    }

    /// Reads an `--import` source: an `http://` or `https://` URL through
    /// `fetch`, anything else as a file, with ``readImport(_:)``.
    ///
    /// The fetch is handed in — the remote-files edge's, in the app — so
    /// this edge tells a URL from a file without knowing how URLs are read.
    public static func importReader(
        fetchingURLsWith fetch: @escaping @Sendable (URL) async throws -> Data
    ) -> @Sendable (String) async throws -> Data {
        { source in
            if ImportSource.isURL(source), let url = URL(string: source) {
                return try await fetch(url)
            }
            return try readImport(source)
        }
    }

    /// Reads the `--config` file, or says why it cannot.
    public static func readConfiguration(_ path: String) throws(UsageError) -> Data {
        try read(path, limit: configurationLimit)
    }

    /// Reads at most `limit` bytes of the file at `path`, refusing one that
    /// holds more in one line, without ever reading more than one byte past
    /// the limit.
    static func read(_ path: String, limit: Int) throws(UsageError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw UsageError("\(FilePath.shown(path)): no such file")
        }
        guard !isFolder.boolValue else {
            throw UsageError("\(FilePath.shown(path)): is a folder, not a file")
        }
        guard let file = FileHandle(forReadingAtPath: path),
            let data = try? file.read(upToCount: limit + 1) ?? Data()
        else { throw UsageError("\(FilePath.shown(path)): cannot be read") }
        try? file.close()
        guard data.count <= limit else {
            throw UsageError(
                "\(FilePath.shown(path)): is larger than \(limit >> 20) MiB, the most people reads from such a file"
            )
        }
        return data
    }
}
