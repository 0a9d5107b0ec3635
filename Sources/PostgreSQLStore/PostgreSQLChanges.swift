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
        /// A listening connection that drops (the server restarted, or
        /// someone ended its backend) is not the end: the stream yields at
        /// once, so the screen reads again and shows the server's state (an
        /// error line while it is down), and connects and listens again
        /// every `retryMilliseconds` until it can. Once it listens again it
        /// yields once more, for the changes made while nobody listened.
        static func signals(conninfo: String, retryMilliseconds: Int32 = 1000)
            -> AsyncStream<Void>
        {
            AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                guard
                    let listener = Listener(
                        conninfo: conninfo, retryMilliseconds: retryMilliseconds,
                        continuation: continuation)
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
        private let retryMilliseconds: Int32
        private let continuation: AsyncStream<Void>.Continuation
        /// Written to by ``stop()``; the listening thread waits on its read end.
        private let wake: (read: Int32, write: Int32)

        init?(
            conninfo: String, retryMilliseconds: Int32,
            continuation: AsyncStream<Void>.Continuation
        ) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return nil }
            self.conninfo = conninfo
            self.retryMilliseconds = retryMilliseconds
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
            var missedChanges = false
            while true {
                switch follow(announcing: missedChanges) {
                case .stopped:
                    return
                case .dropped:
                    // Tells the reader once, when listening stops, not at
                    // every try that fails after it.
                    continuation.yield()
                    missedChanges = true
                case .unreachable:
                    missedChanges = true
                }
                var waits = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                if poll(&waits, 1, retryMilliseconds) > 0 { return }
            }
        }

        /// How one listening connection ended.
        private enum Ending {
            /// Its reader stopped reading.
            case stopped
            /// It listened, and then the connection ended.
            case dropped
            /// It could not connect or listen.
            case unreachable
        }

        /// Connects, listens, and yields a signal for each batch of
        /// notifications (and one at once when `announcing` the changes
        /// missed before), until woken or the connection ends.
        private func follow(announcing: Bool) -> Ending {
            guard let connection = PostgreSQLConnection.connect(conninfo) else {
                return .unreachable
            }
            defer { PQfinish(connection) }
            guard PQstatus(connection) == CONNECTION_OK else { return .unreachable }
            PQsetNoticeProcessor(connection, { _, _ in }, nil)
            guard let listening = PQexec(connection, "LISTEN people_changed") else {
                return .unreachable
            }
            let status = PQresultStatus(listening)
            PQclear(listening)
            guard status == PGRES_COMMAND_OK else { return .unreachable }
            if announcing { continuation.yield() }
            var waits = [
                pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                guard poll(&waits, nfds_t(waits.count), -1) >= 0 || errno == EINTR else {
                    return .dropped
                }
                if waits[1].revents != 0 { return .stopped }
                guard waits[0].revents != 0 else { continue }
                guard PQconsumeInput(connection) == 1 else { return .dropped }
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
