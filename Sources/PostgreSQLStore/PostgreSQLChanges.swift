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
        /// The stream simply ends when the server cannot be reached or the
        /// connection drops: a screen then refreshes as it would with any
        /// other store, when it appears, and the store's own calls say what
        /// is wrong.
        static func signals(conninfo: String) -> AsyncStream<Void> {
            AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                guard let listener = Listener(conninfo: conninfo, continuation: continuation)
                else { return continuation.finish() }
                continuation.onTermination = { _ in listener.stop() }
                Thread.detachNewThread { listener.listen() }
            }
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
        private let continuation: AsyncStream<Void>.Continuation
        /// Written to by ``stop()``; the listening thread waits on its read end.
        private let wake: (read: Int32, write: Int32)

        init?(conninfo: String, continuation: AsyncStream<Void>.Continuation) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return nil }
            self.conninfo = conninfo
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

        /// Connects, listens, and yields a signal for each batch of
        /// notifications, until woken by ``stop()`` or the connection ends.
        func listen() {
            defer { continuation.finish() }
            guard let connection = PQconnectdb(conninfo) else { return }
            defer { PQfinish(connection) }
            guard PQstatus(connection) == CONNECTION_OK else { return }
            PQsetNoticeProcessor(connection, { _, _ in }, nil)
            guard let listening = PQexec(connection, "LISTEN people_changed") else { return }
            let status = PQresultStatus(listening)
            PQclear(listening)
            guard status == PGRES_COMMAND_OK else { return }
            var waits = [
                pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                guard poll(&waits, nfds_t(waits.count), -1) >= 0 || errno == EINTR else { return }
                if waits[1].revents != 0 { return }
                guard waits[0].revents != 0 else { continue }
                guard PQconsumeInput(connection) == 1 else { return }
                var heard = false
                while let notification = PQnotifies(connection) {
                    PQfreemem(notification)
                    heard = true
                }
                if heard { continuation.yield() }
            }
        }
    }
#endif
