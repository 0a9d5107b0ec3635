#if PostgreSQL
    import CLibPQ
    import Dispatch
    import Features
    import Foundation
    import Synchronization

    /// One connection to a PostgreSQL server through libpq, used by one call
    /// at a time.
    ///
    /// libpq's calls block, so each call runs on this connection's own queue
    /// and the caller awaits it: a screen on the main actor never waits on
    /// the network. A call may run several statements (a transaction) with
    /// the connection to itself. A task cancelled while its call runs sends
    /// the server libpq's cancel request, so the statement stops there, not
    /// just here, and the connection stays usable. A dropped connection is
    /// reopened by the next call.
    ///
    /// Every error names the server as `host:port` and the reason, never the
    /// connection string: that may hold a password.
    final class PostgreSQLConnection: @unchecked Sendable {
        /// libpq's connection; touched only on `queue`, but for `deinit`.
        fileprivate let connection: OpaquePointer
        /// Asks the server to stop the statement running now.
        ///
        /// libpq allows it from any thread. Read and replaced only while
        /// `calls` is locked: it names the server process, so a reopened
        /// connection needs a new one.
        private var cancelRequest: OpaquePointer?
        private let queue = DispatchQueue(label: "people.postgresql.connection")
        /// Which call is running, and which call last asked to be cancelled:
        /// a cancel request is sent only while the call that asks is
        /// running, and one the server applies late, to the next call's
        /// statement, is told apart and that call run again.
        private let calls = Locked<(running: UInt64?, cancelled: UInt64?)>((nil, nil))
        private let numbers = Atomic<UInt64>(0)

        /// The server, as `host:port`: what every error line names.
        let place: String
        /// The database's name on the server, inert and clipped, as shown.
        let database: String
        /// The password the address gives, if any: never in a message.
        private let secrets: [String]
        /// The `search_path` the store pinned, with the book's schema
        /// first, set again on every reconnection (a new server process
        /// starts with the default); `nil` until it is pinned.
        private let searchPath = Locked<String?>(nil)

        /// Connects with libpq's conventions: `conninfo` is a URL or
        /// `key=value` pairs, and what it leaves out comes from `PGHOST`,
        /// `PGPORT`, `PGUSER`, `PGDATABASE`, `~/.pgpass` and their kin, as
        /// for `psql`.
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming the
        ///   server and why it could not be reached.
        init(conninfo: String) throws(PersonStoreError) {
            secrets = try Self.secrets(in: conninfo)
            guard let connection = Self.connect(conninfo) else {
                throw .storage("cannot connect to PostgreSQL: out of memory")
            }
            place = Self.place(of: connection)
            database = InertText.clipped(
                PQdb(connection).map { String(cString: $0) } ?? "", limit: 120)
            guard PQstatus(connection) == CONNECTION_OK else {
                let reason = Self.reason(PQerrorMessage(connection), hiding: secrets)
                PQfinish(connection)
                throw .storage("cannot connect to \(place): \(reason)")
            }
            // Warnings and notices go nowhere: a server's text never reaches
            // the terminal.
            PQsetNoticeProcessor(connection, { _, _ in }, nil)
            self.connection = connection
            cancelRequest = PQgetCancel(connection)
        }

        /// Makes Ctrl-C stop every statement a connection runs, then end
        /// the program (``Interruption``).
        static func stopStatementsOnInterrupt() {
            Interruption.watch()
        }

        /// Stops every statement a connection runs now, and returns once
        /// each cancel request is sent (``Interruption``).
        static func stopRunningStatements() {
            Interruption.stopEveryRunningCall()
        }

        /// Connects as ``init(conninfo:)`` does, on a thread of its own:
        /// connecting blocks, and the concurrency pool's few threads must
        /// never wait on the network; then pins `searchPath` (see
        /// ``pin(searchPath:in:)``), so this connection finds the same book
        /// as the store's.
        static func opening(conninfo: String, searchPath: String?) async throws
            -> PostgreSQLConnection
        {
            let connection = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result { try PostgreSQLConnection(conninfo: conninfo) })
                }
            }
            if let searchPath {
                try await connection.exclusively {
                    try $0.connection.pin(searchPath: searchPath, in: $0)
                }
            }
            return connection
        }

        /// Sets the session's `search_path` to `path` now, and again after
        /// every reconnection, so that every unqualified name the store
        /// uses (`person`, `people_schema`, the sequence) is the book's.
        fileprivate func pin(searchPath path: String, in session: PostgreSQLSession) throws {
            _ = try session.rows("SELECT set_config('search_path', $1, false)", [path]) { _ in () }
            searchPath.withLock { $0 = path }
        }

        deinit {
            if let cancelRequest { PQfreeCancel(cancelRequest) }
            PQfinish(connection)
        }

        /// Runs `sql` with `parameters` bound to `$1`, `$2`, … as text (`nil`
        /// is SQL `NULL`), and returns its rows as text.
        ///
        /// - Throws: `CancellationError` when the task was cancelled, before
        ///   or during the statement; ``Features/PersonStoreError/storage(_:)``
        ///   naming the server and the reason otherwise.
        func run(_ sql: String, _ parameters: [String?] = []) async throws -> [[String?]] {
            do {
                return try await exclusively { session in
                    try session.rows(sql, parameters) { row in
                        (0..<row.count).map { row.isNull($0) ? nil : row.text($0) }
                    }
                }
            } catch let failure as PostgreSQLFailure {
                throw failure.storeError
            }
        }

        /// Runs `body` on the connection's queue with the connection to
        /// itself: the statements it runs through `session` follow one
        /// another with no other call's in between.
        ///
        /// When the server stops one of them for a cancel request another
        /// call sent late, `body` is run once more from the start (after a
        /// `ROLLBACK`), so it must not have done anything outside the
        /// server that cannot be done twice.
        ///
        /// - Parameter mayRunAgain: `false` for a `body` that cannot be run
        ///   twice (a stream of rows read once): then that stop is its
        ///   failure, a ``PostgreSQLFailure`` in the server's words.
        /// - Throws: `CancellationError` when the task was cancelled; what
        ///   `body` throws.
        func exclusively<T: Sendable>(
            mayRunAgain: Bool = true, _ body: @escaping @Sendable (PostgreSQLSession) throws -> T
        ) async throws -> T {
            try Task.checkCancellation()
            return try await queued(mayRunAgain: mayRunAgain, body).answer()
        }

        /// Puts `body` on the connection's queue now, behind every call
        /// queued before it, and returns at once; its answer is awaited
        /// later.
        ///
        /// Calls queued one after another run back to back, with no wait
        /// between them for a task to wake up: how an export keeps the
        /// server at work on the next page while it writes this one.
        ///
        /// - Parameter mayRunAgain: whether `body` may be run once more
        ///   after a `ROLLBACK` when a cancel request meant for an earlier
        ///   call stops its statement (see ``exclusively(_:)``); when not,
        ///   that stop is its failure, in the server's words.
        func queued<T: Sendable>(
            mayRunAgain: Bool, _ body: @escaping @Sendable (PostgreSQLSession) throws -> T
        ) -> QueuedCall<T> {
            let call = numbers.add(1, ordering: .relaxed).newValue
            let answer = Answer<T>()
            queue.async {
                answer.give(Result { try self.perform(body, as: call, mayRunAgain: mayRunAgain) })
            }
            return QueuedCall(connection: self, call: call, given: answer)
        }

        /// Runs `body` now, on the calling thread's behalf, with the
        /// connection to itself: for opening a store, which its caller
        /// awaits no matter what.
        func synchronously<T>(_ body: (PostgreSQLSession) throws -> T) throws -> T {
            let call = numbers.add(1, ordering: .relaxed).newValue
            return try queue.sync { try perform(body, as: call, mayRunAgain: true) }
        }

        /// Sends the cancel request when `call` is the one running, and
        /// remembers that `call` asked.
        ///
        /// Sent from a thread of its own: the request is one more
        /// connection to the server, and the task that cancels may be the
        /// main actor's.
        fileprivate func cancel(_ call: UInt64) {
            calls.withLock { $0.cancelled = call }
            DispatchQueue.global().async { [self] in
                calls.withLock { calls in
                    guard calls.running == call, let cancelRequest else { return }
                    var ignored = [CChar](repeating: 0, count: 256)
                    _ = PQcancel(cancelRequest, &ignored, Int32(ignored.count))
                }
            }
        }

        /// Sends the cancel request for the call running now, and waits
        /// until it is sent: for a program about to end.
        ///
        /// The call is marked as cancelled first, so its stop is never
        /// taken for a late cancel meant for another call, and its
        /// statement never run again.
        fileprivate func cancelNow() {
            calls.withLock { calls in
                calls.cancelled = calls.running
                guard let cancelRequest else { return }
                var ignored = [CChar](repeating: 0, count: 256)
                _ = PQcancel(cancelRequest, &ignored, Int32(ignored.count))
            }
        }

        /// Runs `body` as call `call`, on the queue, reopening a dropped
        /// connection first.
        private func perform<T>(
            _ body: (PostgreSQLSession) throws -> T, as call: UInt64, mayRunAgain: Bool
        ) throws -> T {
            let wasCancelled = calls.withLock { calls in
                calls.running = call
                return calls.cancelled == call
            }
            Interruption.running(self)
            defer {
                Interruption.finished(self)
                calls.withLock { $0.running = nil }
            }
            if wasCancelled { throw CancellationError() }
            if PQstatus(connection) != CONNECTION_OK {
                PQreset(connection)
                guard PQstatus(connection) == CONNECTION_OK else {
                    throw PersonStoreError.storage(
                        "cannot reach \(place): \(Self.reason(PQerrorMessage(connection), hiding: secrets))"
                    )
                }
                // Another server process now: a cancel request made for the
                // last one would stop nothing.
                let fresh = PQgetCancel(connection)
                let stale = calls.withLock { _ in
                    defer { cancelRequest = fresh }
                    return cancelRequest
                }
                if let stale { PQfreeCancel(stale) }
                if let path = searchPath.withLock({ $0 }) {
                    try pin(searchPath: path, in: PostgreSQLSession(connection: self, call: call))
                }
            }
            let session = PostgreSQLSession(connection: self, call: call)
            do {
                return try body(session)
            } catch let stray as StrayCancel {
                guard mayRunAgain else { throw stray.failure }
                _ = try? session.rows("ROLLBACK", []) { _ in () }
                do {
                    return try body(session)
                } catch let again as StrayCancel {
                    throw again.failure
                }
            }
        }

        /// Whether `call` asked to be cancelled.
        fileprivate func wasCancelled(_ call: UInt64) -> Bool {
            calls.withLock { $0.cancelled == call }
        }

        /// SQLSTATE 57014, the server's answer to a cancel request.
        fileprivate static let queryCanceled = "57014"

        /// Connects with `conninfo`, read as `psql` reads it, with three
        /// settings of people's own: the connection is named `people` in
        /// `pg_stat_activity` unless the address or `PGAPPNAME` names it
        /// (libpq's `fallback_application_name`, as `psql` names its own);
        /// connecting gives up after 10 seconds unless the address or
        /// `PGCONNECT_TIMEOUT` says otherwise; and text always travels as
        /// UTF-8, whatever `PGCLIENTENCODING` or the address says, since
        /// that is what people stores and reads.
        ///
        /// Every connection the store makes comes through here: the shared
        /// one, a consistent read's, an export's and a listener's.
        ///
        /// A connection `keepingAlive` asks the kernel to probe the server
        /// when it has been silent (after 30 s, every 10 s, given up after
        /// 3 unanswered), so one that only waits to read, as a listener
        /// does, notices a server or network gone without a word; the
        /// address may still set its own.
        static func connect(_ conninfo: String, keepingAlive: Bool = false) -> OpaquePointer? {
            var settings = [("fallback_application_name", "people")]
            if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
                settings.append(("connect_timeout", "10"))
            }
            if keepingAlive {
                settings += [
                    ("keepalives", "1"), ("keepalives_idle", "30"),
                    ("keepalives_interval", "10"), ("keepalives_count", "3"),
                ]
            }
            // Later settings win: the address over the timeout, and UTF-8
            // over the address.
            settings += [("dbname", conninfo), ("client_encoding", "UTF8")]
            let keywords = settings.map { strdup($0.0) } + [nil]
            let values = settings.map { strdup($0.1) } + [nil]
            defer { for pointer in keywords + values { free(pointer) } }
            return keywords.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { keys in
                values.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { values in
                    PQconnectdbParams(keys.baseAddress, values.baseAddress, 1)
                }
            }
        }

        /// The passwords `conninfo` holds, as libpq reads it, so that no
        /// message ever shows one.
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` when libpq
        ///   cannot read the address; its reason is shown without the text
        ///   it quotes, which may be part of a password.
        static func secrets(in conninfo: String) throws(PersonStoreError) -> [String] {
            var problem: UnsafeMutablePointer<CChar>?
            guard let options = PQconninfoParse(conninfo, &problem) else {
                let reason = reason(problem.map { UnsafePointer($0) }, hiding: [])
                if let problem { PQfreemem(problem) }
                let unquoted = reason.split(separator: "\"", omittingEmptySubsequences: false)
                    .enumerated().map { $0.offset.isMultiple(of: 2) ? String($0.element) : "…" }
                    .joined(separator: "\"")
                throw .storage("not a PostgreSQL address libpq can read: \(unquoted)")
            }
            defer { PQconninfoFree(options) }
            var secrets: [String] = []
            var option = options
            while let keyword = option.pointee.keyword {
                if String(cString: keyword) == "password", let value = option.pointee.val {
                    let secret = String(cString: value)
                    if !secret.isEmpty { secrets.append(secret) }
                }
                option += 1
            }
            return secrets
        }

        /// `host:port` of `connection`: a socket folder for a local server
        /// reached without TCP.
        private static func place(of connection: OpaquePointer) -> String {
            var host = PQhost(connection).map { String(cString: $0) } ?? ""
            let port = PQport(connection).map { String(cString: $0) } ?? ""
            if host.isEmpty { host = "localhost" }
            // An IPv6 address, bracketed so its port stands apart.
            if host.contains(":") { host = "[\(host)]" }
            return InertText.clipped("\(host):\(port.isEmpty ? "5432" : port)", limit: 120)
        }

        /// libpq's message, as one line: its first, without the `FATAL:` or
        /// `ERROR:` label, and with nothing a terminal would act on.
        static func reason(
            _ message: UnsafePointer<CChar>?, hiding secrets: [String] = []
        ) -> String {
            var text = message.map { String(cString: $0) } ?? ""
            for secret in secrets { text = text.replacingOccurrences(of: secret, with: "***") }
            var line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            for label in ["FATAL:  ", "ERROR:  "] where line.hasPrefix(label) {
                line.removeFirst(label.count)
            }
            line = String(
                String.UnicodeScalarView(
                    line.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            return line.isEmpty ? "the server gave no reason" : InertText.clipped(line, limit: 200)
        }
    }

    /// Stops every statement people is running on a server when the
    /// program is interrupted (Ctrl-C, `SIGINT`), asked to end (`SIGTERM`)
    /// or loses its terminal (`SIGHUP`), then ends the program.
    ///
    /// Without it the program would end and its statements would not: the
    /// server notices a client has gone only when it next writes to it, so
    /// a statement waiting on another client's lock, or writing rows, goes
    /// on (and may commit) after `people` has gone. `psql` sends libpq's
    /// cancel request on Ctrl-C for the same reason.
    ///
    /// A signal belongs to the whole process, so this is the one place
    /// the server store keeps state for it: the connections running a call
    /// now. It watches only once the composition root asks
    /// (``PostgreSQLPersonStore/stopStatementsOnInterrupt()``), for a run
    /// that reaches a server and has no one else to answer the signal: a
    /// full-screen session answers it itself, and must give the terminal
    /// back before the program ends.
    private enum Interruption {
        /// The connections running a call now, by identity, and whether
        /// the signal has come, so the program is ending.
        private static let state = Locked(
            (running: [ObjectIdentifier: PostgreSQLConnection](), ending: false))

        /// The signals' sources, made and started once; kept so they stay.
        ///
        /// On one queue, so a second signal waits for the first's handler,
        /// which ends the program.
        private static let sources: Watch = {
            let queue = DispatchQueue(label: "people.postgresql.interruption")
            return Watch(sources: [SIGINT, SIGTERM, SIGHUP].map { watched(signal: $0, on: queue) })
        }()

        /// A started source for `number`, whose handler stops every
        /// statement and ends the program.
        private static func watched(
            signal number: Int32, on queue: DispatchQueue
        ) -> any DispatchSourceSignal {
            // The signal then reaches the source instead of ending the
            // program at once.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                state.withLock { $0.ending = true }
                stopEveryRunningCall()
                // 128 + the signal, as a shell reports a program it ended:
                // 130 for Ctrl-C.
                exit(128 + number)
            }
            source.resume()
            return source
        }

        /// Sends the cancel request of every call running now, and waits
        /// until each is sent: for a program about to end.
        ///
        /// Each request is a connection to the server, which may take it
        /// and never answer (stopped, or beyond a network gone dead): it
        /// returns after a few seconds regardless.
        static func stopEveryRunningCall() {
            let running = state.withLock { Array($0.running.values) }
            let sent = DispatchGroup()
            for connection in running {
                DispatchQueue.global().async(group: sent) { connection.cancelNow() }
            }
            _ = sent.wait(timeout: .now() + .seconds(5))
        }

        /// Starts watching for the signals, the first time it is called.
        static func watch() {
            _ = sources
        }

        /// Notes that `connection` runs a call.
        static func running(_ connection: PostgreSQLConnection) {
            let ending = state.withLock { state in
                state.running[ObjectIdentifier(connection)] = connection
                return state.ending
            }
            if ending { waitForTheEnd() }
        }

        /// Notes that `connection`'s call is over.
        static func finished(_ connection: PostgreSQLConnection) {
            let ending = state.withLock { state in
                state.running[ObjectIdentifier(connection)] = nil
                return state.ending
            }
            if ending { waitForTheEnd() }
        }

        /// Holds this thread once the signal has come, until the handler
        /// ends the program.
        ///
        /// A call the cancel stopped would otherwise fail, and its error
        /// could reach `main`, which would end the program first, by the
        /// failure's status (1, not 130), before the handler's `exit`. One
        /// Ctrl-C test in sixty-odd ran that race and lost.
        private static func waitForTheEnd() -> Never {
            while true { pause() }
        }

        /// The signal sources, held for the program's life.
        ///
        /// `@unchecked Sendable` because the compiler cannot see what is
        /// true here: the sources are set up once, before they are shared,
        /// and never touched again.
        private final class Watch: @unchecked Sendable {
            let sources: [any DispatchSourceSignal]

            init(sources: [any DispatchSourceSignal]) {
                self.sources = sources
            }
        }
    }

    /// A statement the server stopped for a cancel request that another
    /// call sent: run again once; the second time, the server's own reason
    /// (a `statement_timeout`, say) is the error.
    private struct StrayCancel: Error {
        let failure: PostgreSQLFailure
    }

    /// The one answer to a call: its result from the queue, or its
    /// cancellation, whichever comes first; the continuation is resumed
    /// once, with that.
    private final class Answer<T: Sendable>: Sendable {
        private let state = Locked<
            (waiting: CheckedContinuation<T, any Error>?, given: Result<T, any Error>?, done: Bool)
        >((nil, nil, false))

        /// Waits with `continuation`, resumed at once if the answer came first.
        func await(_ continuation: CheckedContinuation<T, any Error>) {
            let given = state.withLock { state -> Result<T, any Error>? in
                guard let given = state.given, !state.done else {
                    state.waiting = continuation
                    return nil
                }
                state.done = true
                return given
            }
            if let given { continuation.resume(with: given) }
        }

        /// Gives the answer, unless one was given already.
        func give(_ result: Result<T, any Error>) {
            let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
                guard state.given == nil else { return nil }
                state.given = result
                guard let waiting = state.waiting else { return nil }
                state.done = true
                state.waiting = nil
                return waiting
            }
            waiting?.resume(with: result)
        }
    }

    /// A call put on a connection's queue by
    /// ``PostgreSQLConnection/queued(mayRunAgain:_:)``, whose answer is
    /// awaited apart from its queueing.
    struct QueuedCall<T: Sendable>: Sendable {
        fileprivate let connection: PostgreSQLConnection
        fileprivate let call: UInt64
        fileprivate let given: Answer<T>

        /// Waits for the call's answer.
        ///
        /// - Throws: `CancellationError` at once when the waiting task is
        ///   cancelled, having sent the server the cancel request if the
        ///   call is running (a server that has stopped answering never
        ///   answers the cancel either, so the call ends on the queue
        ///   whenever the server lets it); what the call threw.
        func answer() async throws -> T {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { given.await($0) }
            } onCancel: {
                connection.cancel(call)
                given.give(.failure(CancellationError()))
            }
        }
    }

    /// The connection as one call of ``PostgreSQLConnection/exclusively(_:)``
    /// has it: statements run here, in order, on the connection's queue.
    struct PostgreSQLSession {
        fileprivate let connection: PostgreSQLConnection
        fileprivate let call: UInt64

        /// The server, as `host:port`.
        var place: String { connection.place }
        /// The database's name on the server, inert and clipped, as shown.
        var database: String { connection.database }

        /// Runs `sql` with `parameters` bound as text, and reads each row
        /// it returns with `read`.
        ///
        /// - Throws: `CancellationError` when the call was cancelled;
        ///   ``Features/PersonStoreError/storage(_:)`` naming the server and
        ///   the reason, or ``PostgreSQLFailure`` for an error the caller
        ///   may want to tell apart by its SQLSTATE.
        func rows<T>(_ sql: String, _ parameters: [String?], reading read: (PostgreSQLRow) -> T)
            throws -> [T]
        {
            guard !parameters.contains(where: { $0?.utf8.contains(0) ?? false }) else {
                throw PersonStoreError.storage(
                    "\(place): text holding a NUL character cannot be stored")
            }
            let result = Self.exec(connection.connection, sql, parameters)
            return try reading(result) { result in
                let count = PQntuples(result)
                var rows: [T] = []
                rows.reserveCapacity(Int(count))
                for index in 0..<count {
                    rows.append(read(PostgreSQLRow(result: result, row: index)))
                }
                return rows
            }
        }

        /// Runs an `INSERT`, `UPDATE` or `DELETE` with `parameters` and
        /// returns how many rows the server says it changed.
        ///
        /// The count, not `RETURNING`, tells whether a write was kept: a
        /// trigger that returns `NULL` or a `DO INSTEAD NOTHING` rule makes
        /// it 0 with no error, and a table with rules refuses `RETURNING`.
        func changed(_ sql: String, _ parameters: [String?]) throws -> Int {
            guard !parameters.contains(where: { $0?.utf8.contains(0) ?? false }) else {
                throw PersonStoreError.storage(
                    "\(place): text holding a NUL character cannot be stored")
            }
            return try reading(Self.exec(connection.connection, sql, parameters)) {
                Int(String(cString: PQcmdTuples($0))) ?? 0
            }
        }

        /// Pins the connection's `search_path` to `path`, now and after
        /// every reconnection (outside a transaction, which would undo it
        /// on a rollback).
        func pin(searchPath path: String) throws {
            try connection.pin(searchPath: path, in: self)
        }

        /// Runs a script of several statements with no parameters, such as
        /// a schema.
        func script(_ sql: String) throws {
            try reading(PQexec(connection.connection, sql)) { _ in () }
        }

        /// Runs `body` between `BEGIN` and `COMMIT`, rolled back when it
        /// throws, or when the call was cancelled before the `COMMIT`.
        ///
        /// A cancel request reaches the server only while a statement
        /// runs: one sent between `body`'s last statement and the `COMMIT`
        /// stops nothing, and the write the person stopped would be kept.
        func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
            try script(begin)
            do {
                let result = try body()
                if connection.wasCancelled(call) { throw CancellationError() }
                try script("COMMIT")
                return result
            } catch {
                try? script("ROLLBACK")
                throw error
            }
        }

        /// Runs a `COPY … FROM STDIN` statement and sends it `lines`, each
        /// already in COPY's text format and ending in a newline.
        ///
        /// - Returns: how many rows the server copied.
        func copy(_ sql: String, lines: some Sequence<String>) throws -> Int {
            let handle = connection.connection
            let started = PQexec(handle, sql)
            guard PQresultStatus(started) == PGRES_COPY_IN else {
                return try reading(started) { _ in 0 }
            }
            PQclear(started)
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 16)
            var sent = true
            func send() {
                guard sent, !buffer.isEmpty else { return }
                // The server says nothing during a COPY unless it stopped
                // it (statement_timeout, a cancel): then sending stops too,
                // instead of making and sending every row to be thrown
                // away, and the server's reason is read below.
                var said = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
                guard poll(&said, 1, 0) <= 0 else {
                    sent = false
                    return
                }
                sent = buffer.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        PQputCopyData(handle, $0.baseAddress, Int32($0.count)) == 1
                    }
                }
                buffer.removeAll(keepingCapacity: true)
            }
            // Stops at the first row that could not be sent: the rest are
            // not even made.
            for line in lines {
                guard sent else { break }
                buffer.append(contentsOf: line.utf8)
                if buffer.count >= 1 << 16 { send() }
            }
            send()
            _ = PQputCopyEnd(handle, sent ? nil : "the rows could not be sent")
            var copied = 0
            var failure: (any Error)?
            while let result = PQgetResult(handle) {
                do {
                    copied += try reading(result) { result in
                        Int(String(cString: PQcmdTuples(result))) ?? 0
                    }
                } catch {
                    failure = failure ?? error
                }
            }
            if let failure { throw failure }
            return copied
        }

        /// Runs `sql`, which takes no parameters, and keeps its rows to be
        /// read later, on any thread: so a caller can read one page while
        /// the next is fetched.
        func kept(_ sql: String) throws -> PostgreSQLResult {
            PostgreSQLResult(try succeeded(PQexec(connection.connection, sql)))
        }

        /// Reads a statement's `result` with `read` when it succeeded, and
        /// frees it; turns a failure into the error a caller sees.
        private func reading<T>(_ result: OpaquePointer?, _ read: (OpaquePointer) -> T) throws -> T
        {
            let result = try succeeded(result)
            defer { PQclear(result) }
            return read(result)
        }

        /// `result` when its statement succeeded; otherwise frees it and
        /// throws the error a caller sees.
        private func succeeded(_ result: OpaquePointer?) throws -> OpaquePointer {
            guard let result else {
                throw PersonStoreError.storage(
                    "\(place): \(PostgreSQLConnection.reason(PQerrorMessage(connection.connection)))"
                )
            }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                return result
            default:
                defer { PQclear(result) }
                let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map {
                    String(cString: $0)
                }
                let reason = PostgreSQLConnection.reason(PQresultErrorMessage(result))
                let failure = PostgreSQLFailure(state: state ?? "", message: "\(place): \(reason)")
                if state == PostgreSQLConnection.queryCanceled {
                    if connection.wasCancelled(call) { throw CancellationError() }
                    throw StrayCancel(failure: failure)
                }
                throw failure
            }
        }

        /// `PQexecParams` with every parameter as text.
        private static func exec(
            _ connection: OpaquePointer, _ sql: String, _ parameters: [String?]
        ) -> OpaquePointer? {
            // Each parameter as a C string that lives through the call.
            var storage = parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for pointer in storage { free(pointer) } }
            return storage.withUnsafeMutableBufferPointer { values in
                values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                    PQexecParams(
                        connection, sql, Int32(parameters.count), nil, values.baseAddress, nil,
                        nil, 0)
                }
            }
        }
    }

    /// An error the server gave for a statement, with its SQLSTATE, so a
    /// caller can tell a taken id (`23505`) from a lost connection.
    ///
    /// It reads as ``Features/PersonStoreError/storage(_:)`` does: one line
    /// naming the server.
    struct PostgreSQLFailure: Error, CustomStringConvertible {
        /// The five-character SQLSTATE.
        let state: String
        /// `host:port: reason`.
        let message: String

        var description: String { message }

        /// The same error as the store's callers see it.
        var storeError: PersonStoreError { .storage(message) }
    }

    /// A statement's rows, kept after the connection has gone on to the
    /// next statement, and freed with this object.
    ///
    /// `@unchecked Sendable` because the compiler cannot see what is true
    /// here: libpq's results are not tied to their connection or thread,
    /// and this one is only read, never changed, once made.
    final class PostgreSQLResult: @unchecked Sendable {
        private let result: OpaquePointer

        fileprivate init(_ result: OpaquePointer) {
            self.result = result
        }

        deinit {
            PQclear(result)
        }

        /// How many rows there are.
        var count: Int { Int(PQntuples(result)) }

        /// Every row, read with `read`.
        func rows<T>(reading read: (PostgreSQLRow) -> T) -> [T] {
            (0..<PQntuples(result)).map { read(PostgreSQLRow(result: result, row: $0)) }
        }
    }

    /// One row of a result, read in place: no copy is made until a field is
    /// asked for.
    struct PostgreSQLRow {
        fileprivate let result: OpaquePointer
        fileprivate let row: Int32

        /// How many fields the row has.
        var count: Int { Int(PQnfields(result)) }

        /// Whether field `field` is `NULL`.
        func isNull(_ field: Int) -> Bool {
            PQgetisnull(result, row, Int32(field)) != 0
        }

        /// Field `field` as text; empty for `NULL`.
        ///
        /// A server may send bytes that are not UTF-8: they are repaired,
        /// never trusted.
        func text(_ field: Int) -> String {
            guard let value = PQgetvalue(result, row, Int32(field)) else { return "" }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                count: Int(PQgetlength(result, row, Int32(field))))
            return String(decoding: bytes, as: UTF8.self)
        }
    }
#endif
