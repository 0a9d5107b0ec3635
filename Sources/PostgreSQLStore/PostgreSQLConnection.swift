#if PostgreSQL
    import CLibPQ
    import Dispatch
    import Features
    import Foundation
    import Synchronization

    /// One connection to a PostgreSQL server through libpq, used by one call
    /// at a time.
    ///
    /// libpq's calls block, so each runs on this connection's own queue and
    /// the caller awaits it: a screen on the main actor never waits on the
    /// network. A task cancelled while its statement runs sends the server
    /// libpq's cancel request, so the statement stops there, not just here,
    /// and the connection stays usable. A dropped connection is reopened by
    /// the next call.
    ///
    /// Every error names the server as `host:port` and the reason, never the
    /// connection string: that may hold a password.
    final class PostgreSQLConnection: @unchecked Sendable {
        /// libpq's connection; touched only on `queue`, but for `deinit`.
        private let connection: OpaquePointer
        /// Asks the server to stop the statement running now; libpq allows
        /// it from any thread.
        private let cancelRequest: OpaquePointer?
        private let queue = DispatchQueue(label: "people.postgresql.connection")
        /// Which call's statement is running, and which call last asked to
        /// be cancelled: a cancel request is sent only for the statement
        /// running now, and one the server applies late, to the statement
        /// after, is told apart and that statement run again.
        private let calls = Mutex<(running: UInt64?, cancelled: UInt64?)>((nil, nil))
        private let numbers = Atomic<UInt64>(0)

        /// The server, as `host:port`: what every error line names.
        let place: String

        /// Connects with libpq's conventions: `conninfo` is a URL or
        /// `key=value` pairs, and what it leaves out comes from `PGHOST`,
        /// `PGPORT`, `PGUSER`, `PGDATABASE`, `~/.pgpass` and their kin, as
        /// for `psql`.
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming the
        ///   server and why it could not be reached.
        init(conninfo: String) throws(PersonStoreError) {
            guard let connection = PQconnectdb(conninfo) else {
                throw .storage("cannot connect to PostgreSQL: out of memory")
            }
            place = Self.place(of: connection)
            guard PQstatus(connection) == CONNECTION_OK else {
                let reason = Self.reason(PQerrorMessage(connection))
                PQfinish(connection)
                throw .storage("cannot connect to \(place): \(reason)")
            }
            self.connection = connection
            cancelRequest = PQgetCancel(connection)
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
            try Task.checkCancellation()
            let call = numbers.add(1, ordering: .relaxed).newValue
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    queue.async {
                        continuation.resume(
                            with: Result { try self.execute(sql, parameters, as: call) })
                    }
                }
            } onCancel: {
                cancel(call)
            }
        }

        /// Sends the cancel request when `call`'s statement is the one
        /// running, and remembers that `call` asked.
        private func cancel(_ call: UInt64) {
            calls.withLock { calls in
                calls.cancelled = call
                guard calls.running == call, let cancelRequest else { return }
                var ignored = [CChar](repeating: 0, count: 256)
                _ = PQcancel(cancelRequest, &ignored, Int32(ignored.count))
            }
        }

        /// Runs one statement on the queue, reopening a dropped connection
        /// first; run again once if a cancel meant for the statement before
        /// stopped it.
        private func execute(
            _ sql: String, _ parameters: [String?], as call: UInt64, isRetry: Bool = false
        ) throws -> [[String?]] {
            let wasCancelled = calls.withLock { calls in
                calls.running = call
                return calls.cancelled == call
            }
            defer { calls.withLock { $0.running = nil } }
            if wasCancelled { throw CancellationError() }
            if PQstatus(connection) != CONNECTION_OK {
                PQreset(connection)
                guard PQstatus(connection) == CONNECTION_OK else {
                    throw PersonStoreError.storage(
                        "cannot reach \(place): \(Self.reason(PQerrorMessage(connection)))")
                }
            }
            guard let result = Self.exec(connection, sql, parameters) else {
                throw PersonStoreError.storage(
                    "\(place): \(Self.reason(PQerrorMessage(connection)))")
            }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                return Self.rows(of: result)
            default:
                let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map {
                    String(cString: $0)
                }
                if state == Self.queryCanceled {
                    if calls.withLock({ $0.cancelled == call }) { throw CancellationError() }
                    if !isRetry { return try execute(sql, parameters, as: call, isRetry: true) }
                }
                throw PersonStoreError.storage(
                    "\(place): \(Self.reason(PQresultErrorMessage(result)))")
            }
        }

        /// SQLSTATE 57014, the server's answer to a cancel request.
        private static let queryCanceled = "57014"

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

        /// Every row of `result`, each field as text or `nil` for `NULL`.
        private static func rows(of result: OpaquePointer) -> [[String?]] {
            let (rows, fields) = (PQntuples(result), PQnfields(result))
            return (0..<rows).map { row in
                (0..<fields).map { field in
                    guard PQgetisnull(result, row, field) == 0,
                        let value = PQgetvalue(result, row, field)
                    else { return nil }
                    // A server may send bytes that are not UTF-8: repaired,
                    // never trusted.
                    let bytes = UnsafeBufferPointer(
                        start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                        count: Int(PQgetlength(result, row, field)))
                    return String(decoding: bytes, as: UTF8.self)
                }
            }
        }

        /// `host:port` of `connection`: a socket folder for a local server
        /// reached without TCP.
        private static func place(of connection: OpaquePointer) -> String {
            let host = PQhost(connection).map { String(cString: $0) } ?? ""
            let port = PQport(connection).map { String(cString: $0) } ?? ""
            return "\(host.isEmpty ? "localhost" : host):\(port.isEmpty ? "5432" : port)"
        }

        /// libpq's message, as one line: its first, without the `FATAL:` or
        /// `ERROR:` label.
        private static func reason(_ message: UnsafePointer<CChar>?) -> String {
            let text = message.map { String(cString: $0) } ?? ""
            var line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            for label in ["FATAL:  ", "ERROR:  "] where line.hasPrefix(label) {
                line.removeFirst(label.count)
            }
            return line.isEmpty ? "the server gave no reason" : line
        }
    }
#endif
