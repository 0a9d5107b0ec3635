#if PostgreSQL
    import CLibPQ
    import Features
    import Foundation
    import Synchronization

    /// Hears of every change any client makes to a people database on a
    /// server, through PostgreSQL's `LISTEN`: the schema's trigger sends a
    /// notification after each statement that changes `person`.
    public enum PostgreSQLChanges {
        /// The changes to the book at `conninfo`, as the app's screens
        /// follow them.
        public static func storeChanges(conninfo: String) -> StoreChanges {
            StoreChanges { signals(conninfo: conninfo) }
        }

        /// A stream that yields once per change (several close together may
        /// come as one), on a connection of its own, until its reader stops
        /// reading; then the connection is closed.
        ///
        /// A listening connection that cannot be made (a role's connection
        /// limit, a server that is down) or that drops (the server
        /// restarted, someone ended its backend, or the network went and
        /// the connection's keepalives went unanswered) is not the end: the
        /// stream says at once that it is not following changes, with why,
        /// so the screen says so and reads again; then it connects and
        /// listens again, waiting longer after each try that fails
        /// (``retryDelay(afterFailures:first:)``). Once it listens again
        /// it says so, for the changes made while nobody listened.
        static func signals(conninfo: String, retryMilliseconds: Int32 = 1000)
            -> AsyncStream<StoreChanges.Signal>
        {
            AsyncStream(bufferingPolicy: .bufferingNewest(4)) { continuation in
                guard
                    let listener = Listener(
                        conninfo: conninfo, retryMilliseconds: retryMilliseconds,
                        continuation: continuation)
                else { return continuation.finish() }
                continuation.onTermination = { _ in listener.stop() }
                Thread.detachNewThread { listener.listen() }
            }
        }

        /// How long the listener waits before its next try, after
        /// `failures` tries in a row that could not listen: `first`, then
        /// twice as long after each failure, up to a minute.
        ///
        /// Each try that a server refuses writes a `FATAL` line to its log;
        /// one every second, for as long as a role is at its connection
        /// limit, filled the log and cost the server a process each time.
        /// Doubling keeps the first retries quick, for a server restarted,
        /// and the later ones rare.
        static func retryDelay(afterFailures failures: Int, first: Int32) -> Int32 {
            let ceiling: Int32 = 60_000
            var delay = min(max(first, 1), ceiling)
            // Past 32 doublings every delay is the ceiling: no need to count on.
            for _ in 1..<min(max(failures, 1), 32) { delay = min(delay * 2, ceiling) }
            return delay
        }
    }

    /// One listening connection, waiting on its own thread for the server's
    /// notifications or for its reader to stop.
    ///
    /// `@unchecked Sendable` because the compiler cannot see what is true
    /// here: the connection is touched only by the listening thread, and the
    /// pipe that wakes it is written from anywhere, which is what pipes are for.
    private final class Listener: @unchecked Sendable {
        private let conninfo: String
        private let retryMilliseconds: Int32
        /// The passwords the address holds, never in a reason it gives;
        /// `nil` when libpq cannot read the address, whose reasons may then
        /// quote any of it.
        private let secrets: [String]?
        private let continuation: AsyncStream<StoreChanges.Signal>.Continuation
        /// Written to by ``stop()``; the listening thread waits on its read end.
        private let wake: (read: Int32, write: Int32)

        init?(
            conninfo: String, retryMilliseconds: Int32,
            continuation: AsyncStream<StoreChanges.Signal>.Continuation
        ) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return nil }
            self.conninfo = conninfo
            self.retryMilliseconds = retryMilliseconds
            secrets = try? PostgreSQLConnection.secrets(in: conninfo)
            self.continuation = continuation
            wake = (ends[0], ends[1])
        }

        deinit {
            close(wake.read)
            close(wake.write)
        }

        /// Wakes the listening thread, which then closes its connection and
        /// ends the stream.
        func stop() {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }

        /// Listens, and listens again whenever the connection drops or
        /// cannot be made, until woken by ``stop()``.
        func listen() {
            defer { continuation.finish() }
            var isFollowing = true
            var failures = 0
            while true {
                switch follow(announcing: !isFollowing) {
                case .stopped:
                    return
                case .dropped(let why):
                    // Told once, when listening stops, not at every try
                    // that fails after it; the next try comes soon.
                    continuation.yield(.notFollowing(why))
                    (isFollowing, failures) = (false, 1)
                case .unreachable(let why):
                    if isFollowing { continuation.yield(.notFollowing(why)) }
                    isFollowing = false
                    failures += 1
                }
                let delay = PostgreSQLChanges.retryDelay(
                    afterFailures: failures, first: retryMilliseconds)
                var waits = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                if poll(&waits, 1, delay) > 0 { return }
            }
        }

        /// Why `connection` failed, in one line, no password in it.
        private func reason(_ connection: OpaquePointer) -> String {
            guard let secrets else { return "the server's address cannot be read" }
            return PostgreSQLConnection.reason(PQerrorMessage(connection), hiding: secrets)
        }

        /// How one listening connection ended.
        private enum Ending {
            /// Its reader stopped reading.
            case stopped
            /// It listened, and then the connection ended, for this reason.
            case dropped(String)
            /// It could not connect or listen, for this reason.
            case unreachable(String)
        }

        /// Connects, listens, and yields a signal for each batch of
        /// notifications (and says it follows again, at once, when
        /// `announcing` that after changes were missed), until woken or the
        /// connection ends.
        ///
        /// The connection sends TCP keepalives: a listener only reads, so
        /// a connection whose server or network went without a word would
        /// otherwise wait for ever, and the list would be out of date with
        /// no sign. Unanswered for about a minute, the kernel ends it, and
        /// the poll below wakes to find it gone.
        private func follow(announcing: Bool) -> Ending {
            guard
                let connection = PostgreSQLConnection.connect(
                    conninfo, keepingAlive: true)
            else {
                return .unreachable("out of memory")
            }
            defer { PQfinish(connection) }
            guard PQstatus(connection) == CONNECTION_OK else {
                return .unreachable(reason(connection))
            }
            PQsetNoticeProcessor(connection, { _, _ in }, nil)
            guard let listening = PQexec(connection, "LISTEN people_changed") else {
                return .unreachable(reason(connection))
            }
            let status = PQresultStatus(listening)
            PQclear(listening)
            guard status == PGRES_COMMAND_OK else {
                return .unreachable(reason(connection))
            }
            if announcing { continuation.yield(.following) }
            var waits = [
                pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                guard poll(&waits, nfds_t(waits.count), -1) >= 0 || errno == EINTR else {
                    return .dropped("the listening connection failed")
                }
                if waits[1].revents != 0 { return .stopped }
                guard waits[0].revents != 0 else { continue }
                guard PQconsumeInput(connection) == 1 else {
                    return .dropped(reason(connection))
                }
                var heard = false
                while let notification = PQnotifies(connection) {
                    PQfreemem(notification)
                    heard = true
                }
                if heard { continuation.yield(.changed) }
            }
        }
    }
#endif
