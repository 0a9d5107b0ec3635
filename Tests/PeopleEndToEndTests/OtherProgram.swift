import CSQLite
import Foundation
import Testing

/// Another program writing to a people database with the system SQLite
/// library: no code of this package touches what it writes.
enum OtherProgram {
    /// Runs `sql` on the file at `path`, binding `texts` to its `?` in order;
    /// any rows it yields are passed over.
    static func run(_ path: String, _ sql: String, _ texts: [String] = []) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
            throw Failure(message: "cannot open \(path)")
        }
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
        else { throw Failure(message: String(cString: sqlite3_errmsg(handle))) }
        defer { sqlite3_finalize(statement) }
        for (index, text) in texts.enumerated() {
            // Copied by SQLite before the call returns (SQLITE_TRANSIENT).
            sqlite3_bind_text(
                statement, Int32(index + 1), text, Int32(text.utf8.count),
                unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        guard code == SQLITE_DONE else {
            throw Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Another program's write transaction on the file at `path`, begun
    /// with `BEGIN IMMEDIATE` and held until ``release()``: every write
    /// `people` tries meanwhile waits for it.
    final class WriteLock {
        private var handle: OpaquePointer?

        init(_ path: String) throws {
            guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
                throw Failure(message: "cannot open \(path)")
            }
            guard sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK else {
                defer { release() }
                throw Failure(message: String(cString: sqlite3_errmsg(handle)))
            }
        }

        /// Ends the transaction, having written nothing, and the connection.
        func release() {
            guard let handle else { return }
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            sqlite3_close(handle)
            self.handle = nil
        }

        deinit { release() }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// The characters in `text` a terminal would act on, other than line breaks:
/// C0 controls, DEL, C1 controls (CSI U+009B among them) and direction controls.
func obeyedCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
