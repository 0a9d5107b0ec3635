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
    /// parsed) keeps memory within reason: some 500,000 persons of an
    /// export's CSV, 270,000 of its vCard, or a phone's export of a few
    /// thousand contacts with their photos (whose bytes count, though they
    /// are skipped).
    public static let importLimit = 64 << 20

    /// The most an `--import` URL may send: a download is read into memory
    /// as it comes, and a server that never stops is cut off here.
    public static let downloadLimit = 16 << 20

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

    /// Reads the configuration file (`--config`, or the default one), or
    /// says why it cannot.
    ///
    /// A configuration chooses the book and what is fetched beside it, so
    /// one that someone else owns or could write is refused, as OpenSSH
    /// refuses such a `~/.ssh/config`: it could point the program at their
    /// file, or fetch through their URL.
    public static func readConfiguration(_ path: String) throws(UsageError) -> Data {
        try read(path, limit: configurationLimit, ownedByMe: true)
    }

    /// Refuses a file someone else owns or could write (its `status`, as
    /// opened), naming it and the fix.
    private static func requireOwnedByMe(_ status: stat, shown: String) throws(UsageError) {
        let me = geteuid()
        guard status.st_uid == me else {
            throw UsageError(
                "\(shown): belongs to user \(status.st_uid), not to you (user \(me)); people reads only a configuration of your own"
            )
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw UsageError(
                "\(shown): can be written by others (mode \(String(mode, radix: 8))); make it yours alone with chmod go-w"
            )
        }
    }

    /// Whether anything is at `path`, a link that leads nowhere too: the
    /// default configuration file is read only when it is there, and then
    /// with every check.
    public static func isPresent(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Reads at most `limit` bytes of the file at `path`, refusing one that
    /// holds more in one line, without ever reading more than one byte past
    /// the limit.
    ///
    /// Only a regular file is read. A FIFO would block the open until some
    /// other program writes to it, and a device may never end or may act
    /// when opened, so anything else is refused, named by what it is: the
    /// name is looked at first, so such a thing is never opened, and the
    /// open is non-blocking and checked again, so one put in its place
    /// meanwhile is refused rather than waited on.
    static func read(_ path: String, limit: Int, ownedByMe: Bool = false) throws(UsageError)
        -> Data
    {
        let shown = FilePath.shown(path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw UsageError(
                errno == ENOENT || errno == ENOTDIR
                    ? "\(shown): no such file" : "\(shown): cannot be read")
        }
        if let kind = kind(of: status) { throw UsageError("\(shown): is \(kind), not a file") }
        let file = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { throw UsageError("\(shown): cannot be read") }
        defer { close(file) }
        guard fstat(file, &status) == 0 else { throw UsageError("\(shown): cannot be read") }
        if let kind = kind(of: status) { throw UsageError("\(shown): is \(kind), not a file") }
        if ownedByMe { try requireOwnedByMe(status, shown: shown) }
        guard let data = bytes(of: file, upTo: limit + 1) else {
            throw UsageError("\(shown): cannot be read")
        }
        guard data.count <= limit else {
            throw UsageError(
                "\(shown): is larger than \(limit >> 20) MiB, the most people reads from such a file"
            )
        }
        return data
    }

    /// What `status` describes, as messages name it, unless it is a regular
    /// file (`nil`).
    private static func kind(of status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe (a FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// At most `count` bytes read from `file` until its end, or `nil` when a
    /// read fails; a read a signal interrupts is tried again.
    private static func bytes(of file: Int32, upTo count: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < count {
            let wanted = min(buffer.count, count - data.count)
            let read = Foundation.read(file, &buffer, wanted)
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            data.append(contentsOf: buffer[..<read])
        }
        return data
    }
}
