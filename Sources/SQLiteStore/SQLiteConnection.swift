import CSQLite
import Features
import Foundation

/// One open connection to an SQLite file, with just what the person store needs.
///
/// Not thread safe by itself: ``SQLitePersonStore`` keeps it behind a lock,
/// and reaches it nowhere else. That is why it is `@unchecked Sendable`: the
/// lock, not the compiler, keeps one thread at a time on it, and a store's
/// write helpers hand it to closures inside the lock.
/// Every value reaches SQL as a bound parameter; nothing typed by a person is
/// ever pasted into SQL text.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The statements `rows`, `run` and `integer` have compiled, by their
    /// SQL, kept for the next call: compiling costs more than running most
    /// of them (20 µs or so for a page query, against a few µs to run it).
    private var compiled: [String: SQLiteStatement] = [:]
    /// The file as the user named it, quoted and inert, for error messages.
    let shownPath: String

    /// Opens (creating if needed) the database at `path`.
    ///
    /// SQLite is handed the absolute path, so that no name is read as one of
    /// its special names (a `file:` URI) rather than as a file.
    ///
    /// - Parameter busyTimeout: how long to wait for another process's lock.
    convenience init(path: String, busyTimeout: Duration) throws(PersonStoreError) {
        try self.init(
            name: URL(fileURLWithPath: path).path, shownPath: InertText.quoted(path, limit: 120),
            busyTimeout: busyTimeout)
    }

    /// A database in memory alone, gone when closed.
    static func inMemory() throws(PersonStoreError) -> SQLiteConnection {
        try SQLiteConnection(name: ":memory:", shownPath: "(memory)", busyTimeout: .zero)
    }

    private init(name: String, shownPath: String, busyTimeout: Duration) throws(PersonStoreError) {
        self.shownPath = shownPath
        self.busyTimeout = busyTimeout
        var opened: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        guard let opened else {
            throw .storage("cannot open the database \(shownPath): out of memory")
        }
        guard code == SQLITE_OK else {
            let message =
                Self.fullDisk.contains(sqlite3_system_errno(opened))
                ? "the disk is full" : String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw .storage("cannot open the database \(shownPath): \(message)")
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        // Deleted means gone: SQLite overwrites what it frees with zeros.
        // Set here, not left to how the system's SQLite was built.
        sqlite3_exec(handle, "PRAGMA secure_delete = ON", nil, nil, nil)
        // Every thousand steps of a statement, SQLite asks whether to stop:
        // it stops when the task running the statement has been cancelled,
        // so a long search ends within moments of its screen closing. The
        // statement fails with SQLITE_INTERRUPT, a write inside a
        // transaction is rolled back whole, and the connection stays usable.
        sqlite3_progress_handler(handle, 1_000, { _ in Task.isCancelled ? 1 : 0 }, nil)
        waitForOtherWriters(busyTimeout)
        addFold()
        addSearchFields()
    }

    /// Lets this connection's own SQL fold a name as every store does:
    /// `people_fold(name)` is ``Features/PersonSortKey/fold(_:)``, or NULL
    /// for a value that is not UTF-8 text.
    ///
    /// The schema step that folds every stored name again needs it (see
    /// `SQLiteSchema.steps`). Only for statements this program runs itself
    /// (`SQLITE_DIRECTONLY`): no trigger or view in a file can call it, so a
    /// file stays readable by any SQLite, and another program's schema
    /// cannot make `people` run it.
    private func addFold() {
        sqlite3_create_function_v2(
            handle, "people_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil,
            { context, _, arguments in
                guard let argument = arguments?[0], sqlite3_value_type(argument) == SQLITE_TEXT,
                    let bytes = sqlite3_value_text(argument),
                    let name = String(
                        validating: UnsafeBufferPointer(
                            start: bytes, count: Int(sqlite3_value_bytes(argument))),
                        as: UTF8.self)
                else { return sqlite3_result_null(context) }
                let folded = PersonSortKey.fold(name)
                sqlite3_result_text(context, folded, Int32(folded.utf8.count), transient)
            }, nil, nil, nil)
    }

    /// Lets this connection's own SQL fold the fields a search reads
    /// beyond the name: `people_search_fields(address, email, card)` is
    /// ``Features/PersonSearchText/foldedFields(of:)`` for the card those
    /// columns hold, read as a page reads them (``Features/StoredCard``).
    ///
    /// The schema step that gives every stored person their search fields
    /// needs it, and so do the check that folds them again and its repair.
    /// Only for statements this program runs itself (`SQLITE_DIRECTONLY`),
    /// as `people_fold` is. A column that is not UTF-8 text reads as empty,
    /// as a page reads it.
    private func addSearchFields() {
        sqlite3_create_function_v2(
            handle, "people_search_fields", 3,
            SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil,
            { context, count, arguments in
                func text(_ index: Int) -> String? {
                    guard let arguments, index < Int(count), let argument = arguments[index],
                        sqlite3_value_type(argument) == SQLITE_TEXT,
                        let bytes = sqlite3_value_text(argument)
                    else { return nil }
                    return String(
                        validating: UnsafeBufferPointer(
                            start: bytes, count: Int(sqlite3_value_bytes(argument))),
                        as: UTF8.self)
                }
                let details = StoredCard.details(
                    json: text(2), street: text(0) ?? "", email: text(1), uid: nil)
                let folded = PersonSearchText.foldedFields(of: details)
                sqlite3_result_text(context, folded, Int32(folded.utf8.count), transient)
            }, nil, nil, nil)
    }

    /// How long a statement waits for another process's lock.
    private let busyTimeout: Duration
    /// How long, in milliseconds, the busy handler waits now: the busy
    /// timeout, or none while ``withoutWaiting(_:)`` runs.
    private var waitLimit = 0

    /// Makes a statement that meets another process's lock wait for it, up
    /// to `timeout`, and stop waiting at once when its task is cancelled.
    ///
    /// SQLite's own busy timeout sleeps through every retry until the time
    /// is up, and the progress handler is not asked while it sleeps: a save
    /// the person stopped went on waiting, and was written when the lock
    /// was released. This handler waits as that one does — a little longer
    /// each time — but asks first whether the task was cancelled; when it
    /// was, the statement fails, and a write's transaction is rolled back.
    private func waitForOtherWriters(_ timeout: Duration) {
        let milliseconds =
            timeout.components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000
        waitLimit = Int(clamping: max(0, milliseconds))
        sqlite3_busy_handler(
            handle,
            { context, tries in
                guard let context else { return 0 }
                let connection = Unmanaged<SQLiteConnection>.fromOpaque(context)
                    .takeUnretainedValue()
                return connection.waitsAgain(after: Int(tries)) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The pauses between tries, in milliseconds, as SQLite's own busy
    /// timeout makes them; the last is repeated.
    private static let pauses = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    /// Pauses before try `tries + 1` and says to try again, unless the
    /// task was cancelled or the wait would pass its limit.
    ///
    /// Called by SQLite on the thread running the statement, in the task
    /// that runs it: the connection outlives its handle, so it is here.
    private func waitsAgain(after tries: Int) -> Bool {
        guard !Task.isCancelled else { return false }
        let known = Self.pauses.prefix(tries).reduce(0, +)
        let waited = known + max(0, tries - Self.pauses.count) * (Self.pauses.last ?? 100)
        guard waited < waitLimit else { return false }
        let pause = min(Self.pauses[min(tries, Self.pauses.count - 1)], waitLimit - waited)
        sqlite3_sleep(Int32(pause))
        return !Task.isCancelled
    }

    /// Runs `body` in a write transaction only if the file can be written
    /// now, without waiting for another process's lock: for a repair that a
    /// read can do without.
    ///
    /// - Returns: `true` when `body` ran and was kept; `false`, running
    ///   nothing, when the file is read-only or another process holds the lock.
    /// - Throws: what `body` threw; nothing it did is kept.
    func writingIfFree(_ body: () throws(PersonStoreError) -> Void) throws(PersonStoreError) -> Bool
    {
        guard sqlite3_db_readonly(handle, "main") != 1,
            withoutWaiting({ (try? execute("BEGIN IMMEDIATE")) != nil })
        else { return false }
        do {
            try body()
            try execute("COMMIT")
            return true
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with every lock request failing at once instead of
    /// waiting for another process.
    func withoutWaiting<T>(_ body: () -> T) -> T {
        waitForOtherWriters(.zero)
        defer { waitForOtherWriters(busyTimeout) }
        return body()
    }

    /// The first `count` bytes of the database file and the file's size,
    /// read through SQLite's own open file; `nil` when it cannot be read.
    ///
    /// Never through a descriptor of this program's own: closing any
    /// descriptor of a file drops every POSIX lock the process holds on it,
    /// SQLite's among them, and another process could then take the file
    /// for unused and reset the log under this connection. A file shorter
    /// than `count` reads as its bytes followed by zeros, and a file of one
    /// byte has size 0, as SQLite's own file layer reports it.
    func mainFileStart(_ count: Int) -> (bytes: [UInt8], size: Int)? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        let found = withUnsafeMutablePointer(to: &file) {
            sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, $0)
        }
        guard found == SQLITE_OK, let file, let methods = file.pointee.pMethods,
            let fileSize = methods.pointee.xFileSize, let read = methods.pointee.xRead
        else { return nil }
        var size: sqlite3_int64 = 0
        guard fileSize(file, &size) == SQLITE_OK else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let code = read(file, &bytes, Int32(count), 0)
        // SQLITE_IOERR_SHORT_READ: a file shorter than `count`.
        guard code == SQLITE_OK || code == SQLITE_IOERR | (2 << 8) else { return nil }
        return (bytes, Int(size))
    }

    /// Leaves the write-ahead log as it is when this connection closes,
    /// instead of copying it into the database file: for a file found cut
    /// short under it, where the copy would write pages into what is left
    /// of someone's file, or into what replaced it.
    func skipCheckpointOnClose() {
        _ = people_sqlite3_skip_checkpoint_on_close(handle)
    }

    deinit {
        compiled.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that takes no parameters and returns no rows, such as a schema step.
    func execute(_ sql: String) throws(PersonStoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Runs one statement with `parameters` and returns every row it yields.
    func rows(_ sql: String, _ parameters: [SQLiteValue] = []) throws(PersonStoreError)
        -> [SQLiteRow]
    {
        try rows(sql, parameters) { $0.row() }
    }

    /// Runs one statement with `parameters` and reads each row it yields
    /// with `read`, straight from the statement: no row is copied first.
    func rows<Row>(
        _ sql: String, _ parameters: [SQLiteValue], reading read: (SQLiteStatement) -> Row
    ) throws(PersonStoreError) -> [Row] {
        let statement = try reusable(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(read(statement))
        }
        return rows
    }

    /// Runs one statement with `parameters`, ignoring any rows.
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws(PersonStoreError) {
        let statement = try reusable(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        while try statement.step() {}
    }

    /// The compiled statement for `sql`, compiled now if it never was.
    ///
    /// Each is used by one call at a time and reset when the call ends, so it
    /// holds no read lock between calls.
    private func reusable(_ sql: String) throws(PersonStoreError) -> SQLiteStatement {
        if let statement = compiled[sql] { return statement }
        let statement = try prepare(sql)
        compiled[sql] = statement
        return statement
    }

    /// The single integer a query like `SELECT count(*) …` returns.
    func integer(_ sql: String, _ parameters: [SQLiteValue] = []) throws(PersonStoreError) -> Int {
        try rows(sql, parameters).first?.integer(0) ?? 0
    }

    /// Compiles one statement for running, possibly many times.
    func prepare(_ sql: String) throws(PersonStoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return SQLiteStatement(statement, connection: self)
    }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    var changedRows: Int { Int(sqlite3_changes(handle)) }

    /// The id SQLite gave the row inserted last on this connection.
    var lastInsertedID: Int { Int(sqlite3_last_insert_rowid(handle)) }

    /// Runs `body` in one write transaction: all of it is stored, or none.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so two processes
    /// writing at once wait for each other (up to the busy timeout) instead
    /// of failing halfway.
    func storeTransaction<T>(_ body: () throws(PersonStoreError) -> T) throws(PersonStoreError) -> T
    {
        try execute("BEGIN IMMEDIATE")
        do throws(PersonStoreError) {
            let result = try body()
            // A write its caller stopped is not kept, however far it got:
            // a short one may never meet the progress handler.
            if Task.isCancelled { throw stoppedWrite }
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in one read transaction, so every statement in it sees
    /// one snapshot of the file; inside a transaction already begun (a
    /// consistent read), in that one.
    func readTransaction<T>(_ body: () throws(PersonStoreError) -> T) throws(PersonStoreError)
        -> T
    {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` counted as an allowed writer of the derived tables (see
    /// `SQLiteSchema.derived`), inside the caller's transaction.
    func asAllowedWriter<T>(_ body: () throws(PersonStoreError) -> T) throws(PersonStoreError) -> T
    {
        try execute("UPDATE person_state SET writing = writing + 1")
        let result = try body()
        try execute("UPDATE person_state SET writing = writing - 1")
        return result
    }

    /// The error of a write stopped because its task was cancelled, while
    /// it waited for another process's lock or before it was committed.
    private var stoppedWrite: PersonStoreError {
        .storage("the write to \(shownPath) was interrupted; nothing was written")
    }

    /// Whether the last failure was another process's lock, after the busy
    /// timeout: asking again at once would only wait as long again.
    var lastFailureWasLock = false

    /// The error for a failed call, worded for a person and naming the file.
    func failure(_ code: Int32) -> PersonStoreError {
        let message = String(cString: sqlite3_errmsg(handle))
        lastFailureWasLock = [SQLITE_BUSY, SQLITE_LOCKED].contains(code & 0xFF)
        switch code & 0xFF {
        case SQLITE_NOTADB:
            return .storage("\(shownPath) is not a people database (\(message))")
        case SQLITE_BUSY where Task.isCancelled:
            return stoppedWrite
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .storage("the database \(shownPath) is locked by another process; try again")
        case SQLITE_READONLY:
            return .storage("the database \(shownPath) cannot be written (\(message))")
        case SQLITE_CORRUPT:
            return .storage("the database \(shownPath) is damaged (\(message))")
        // SQLITE_CONSTRAINT_TRIGGER: a trigger's RAISE(ABORT, …).
        case SQLITE_CONSTRAINT where code == SQLITE_CONSTRAINT | (7 << 8):
            return .storage(
                "a trigger another program put in \(shownPath) refused this: \(InertText.quoted(message)); nothing was changed"
            )
        case SQLITE_FULL where idsAreUsedUp:
            return .storage(
                "the database \(shownPath) has no new ids left (the largest, \(Int64.max), is taken)"
            )
        case SQLITE_FULL:
            return .storage("the disk holding \(shownPath) is full")
        case SQLITE_IOERR where Self.fullDisk.contains(sqlite3_system_errno(handle)):
            // A write the system refused for want of space, as SQLite
            // reports it from below its pager: an I/O error.
            return .storage("the disk holding \(shownPath) is full")
        default:
            return .storage("database \(shownPath): \(message)")
        }
    }

    /// The system's errors for a write that found no space: the disk is
    /// full, or the user's quota on it is used up.
    private static let fullDisk: Set<Int32> = [ENOSPC, EDQUOT]

    /// Whether the largest id there is has been handed out or taken, which
    /// SQLite reports as a full database: by AUTOINCREMENT's record, or by a
    /// row another program stored (its record may be gone).
    private var idsAreUsedUp: Bool {
        var statement: OpaquePointer?
        let highest = """
            SELECT max(coalesce((SELECT max(seq) FROM sqlite_sequence), 0),
                       coalesce((SELECT max(id) FROM person), 0))
            """
        guard
            sqlite3_prepare_v2(handle, highest, -1, &statement, nil) == SQLITE_OK, let statement
        else { return false }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW
            && sqlite3_column_int64(statement, 0) == Int64.max
    }
}

/// A value bound to, or read from, an SQL statement.
enum SQLiteValue {
    case integer(Int)
    case real(Double)
    case text(String)
    /// Text given as its bytes, exactly as another row held them.
    case textBytes([UInt8])
    case null
}

/// One row a query returned, by column index.
struct SQLiteRow {
    fileprivate let values: [SQLiteValue]

    func integer(_ column: Int) -> Int { values[column].integer }
    func real(_ column: Int) -> Double { values[column].real }
    func text(_ column: Int) -> String? { values[column].text }
}

extension SQLiteValue {
    /// As an integer; 0 when it is not one.
    var integer: Int {
        if case .integer(let value) = self { return value }
        return 0
    }

    /// As a real number (an integer converted); 0 when it is neither.
    var real: Double {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }

    /// As text; a number as its digits; `nil` when it is NULL.
    ///
    /// Another program may have stored a number where text belongs.
    var text: String? {
        switch self {
        case .text(let value): value
        case .textBytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .null: nil
        }
    }
}

/// A compiled statement: bind, step, read, and again.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Unowned: the connection keeps compiled statements, and a statement
    /// never outlives its connection.
    private unowned let connection: SQLiteConnection

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Ends the statement's run, releasing what it holds, so it can be run
    /// again.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    func bind(_ values: [SQLiteValue]) throws(PersonStoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let integer): code = sqlite3_bind_int64(handle, index, Int64(integer))
            case .real(let real): code = sqlite3_bind_double(handle, index, real)
            case .null: code = sqlite3_bind_null(handle, index)
            case .text(let text):
                // Bound with its byte length, so text is never cut at a NUL.
                code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), transient)
            case .textBytes(let bytes):
                code = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(
                            handle, index, $0.baseAddress, Int32(buffer.count), transient)
                    }
                }
            }
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
    }

    /// Moves to the next row.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when done.
    func step() throws(PersonStoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(code)
        }
    }

    /// The current row's column, read as ``SQLiteValue`` reads it.
    func integer(_ column: Int32) -> Int { value(at: column).integer }
    func real(_ column: Int32) -> Double { value(at: column).real }
    func text(_ column: Int32) -> String? { value(at: column).text }

    /// The current row's column as a sort key: its text, byte for byte
    /// (see `SortNameBytes`).
    func sortName(_ column: Int32) -> String { SortNameBytes.text(bytes(column)) }

    /// The current row's column as the bytes of its text, exactly as stored.
    func bytes(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_text(handle, column) else { return [] }
        let length = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// The current row's values.
    func row() -> SQLiteRow {
        let count = sqlite3_column_count(handle)
        return SQLiteRow(values: (0..<count).map(value(at:)))
    }

    private func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(handle, column)))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: return .null
        default:
            guard let bytes = sqlite3_column_text(handle, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, column))
            return .text(
                String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        }
    }
}

/// Tells SQLite to copy bound text before the call returns (its
/// `SQLITE_TRANSIENT`, a macro Swift cannot import).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
