import Features
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hostile little web server on 127.0.0.1 (or ::1), for one test: it
/// serves an import file, and every way a server can misbehave, each at its
/// own path.
///
/// The network edge must treat a server as it treats a file another program
/// wrote: as something that may lie, stall, flood or send garbage. Only a
/// real server on a real socket shows what the toolchain's URLSession does
/// then, so this one is a Python script (Python's standard library speaks
/// raw sockets in a few lines, and needs no package) started with
/// `Foundation.Process`. Each test starts its own on a port the system
/// picks, so tests running in parallel share nothing.
///
/// The script answers:
///
/// - `/team.csv`, `/team.json`: ``teamCSV`` and ``teamJSON``, typed;
///   `/untyped.csv`: ``teamCSV`` with no `Content-Type`; `/continue-first`,
///   `/early-hints`: ``teamCSV`` after a `100 Continue` or a `103 Early
///   Hints`; `/early-hints-page`: a web page after a `103`;
///   `/continue-missing`: 404 after a `100`;
/// - `/missing`: 404; `/page.html`: a web page (`text/html`);
///   `/escaped-type`: a `Content-Type` holding an escape sequence;
/// - `/silent`: reads the request and never answers;
/// - `/endless`: a CSV body that never ends;
/// - `/short`: says 1000 bytes, sends 10 and closes;
/// - `/drip`: answers, then sends one byte every 0.2 s forever;
/// - `/garbage`: bytes that are not HTTP, then closes;
///   `/status-only`: a status line, then closes; `/half-headers`: a status
///   line and part of a header, then closes (each once stopped the whole
///   program inside FoundationNetworking);
/// - `/redirect-file`: 302 to `file:///etc/passwd`; `/redirect-ok`: 302 to
///   `/team.csv`; `/redirect-loop`: 302 to itself, forever;
/// - `/big`: says ``bigLength`` bytes, then sends nothing more;
/// - `/negative-length`: a `Content-Length` of -5; `/two-lengths`: two
///   `Content-Length` headers that differ; `/cut-gzip`: a gzip body of
///   ``teamCSV``'s first two lines that stops there, between rows, without
///   gzip's end; `/cut-gzip-transfer`: the same, as `Transfer-Encoding:
///   gzip`, ended by closing; `/gzip-chunked-transfer`: ``teamCSV`` whole,
///   as `Transfer-Encoding: gzip, chunked`; `/odd-encoding`: an unknown
///   `Content-Encoding` holding an escape sequence; `/huge-chunk`: a
///   chunked body whose first chunk is announced as 2⁸⁰ bytes,
///   `/overflowing-chunk`: as 2⁶⁴ − 1;
///   `/cut-chunked`: a chunked body closed inside its first chunk;
///   `/no-colon`, `/nul-header`, `/folded-header`, `/bare-line-feeds`: a
///   header line with no colon, one holding a NUL byte, one folded onto
///   the status line, and lines ended by LF alone; `/many-codings`: six
///   transfer codings before chunked;
///   `/huge-header`: one header line of 20 MiB; `/endless-headers`: header
///   lines that never end.
///
/// The script writes `GET <path>` to its standard output for each request,
/// which ``waitForRequest(_:)`` reads, so a test can act once a request is
/// in flight without sleeping. It exits when ``stop()`` terminates it, and
/// by itself when its standard input closes, so a crashed test run leaves no
/// server behind.
package final class LocalHTTPServer {
    /// Whether the tests that need this server run: where `python3` is on
    /// the `PATH`, and where `PEOPLE_REQUIRE_PYTHON` is set, as CI sets it,
    /// so that there a missing `python3` fails them instead of skipping.
    package static let canRun =
        ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_PYTHON"] != nil
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }

    /// Why the tests that need this server are skipped.
    package static let missing = "python3 is not installed: apt-get install python3"

    /// The CSV body of `/team.csv`: a header and two persons.
    package static let teamCSV = """
        name,address,email
        Grace Hopper,Arlington,grace@example.com
        Katherine Johnson,Hampton,

        """

    /// The JSON body of `/team.json`: an array of two persons.
    package static let teamJSON = #"[{"name": "Grace Hopper"}, {"name": "Katherine Johnson"}]"#

    /// The `Content-Length` that `/big` claims: 10 MiB.
    package static let bigLength = 10 << 20

    /// The port the server listens on.
    package let port: Int

    /// A port nothing listens on: the script bound it, read its number and
    /// closed it, so a connection there is refused.
    package let closedPort: Int

    private let process: Process
    private let input: Pipe
    private let log: ServerLog

    /// The address the server listens on, as a URL writes it.
    package let host: String

    /// Starts the server and waits for it to say which port it listens on.
    ///
    /// - Parameter onIPv6: listen on `::1` (URLs then name `[::1]`) rather
    ///   than on `127.0.0.1`.
    /// - Throws: ``LocalHTTPServerError`` when python3 is missing or the
    ///   script does not start (as on a machine without IPv6).
    package init(onIPv6: Bool = false) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", Self.script, Self.teamCSV, Self.teamJSON, String(Self.bigLength),
            onIPv6 ? "::1" : "127.0.0.1",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let log = ServerLog()
        do {
            try process.run()
        } catch {
            throw LocalHTTPServerError("could not start /usr/bin/env python3: \(error)")
        }
        // A thread of its own, not a task: reading a pipe blocks, and a
        // blocked task would hold one of the few cooperative threads. Plain
        // read(2), retried when a signal interrupts it: FileHandle's
        // `availableData` stops the process on EINTR (FoundationNetworking's
        // signals arrive while a test fetches).
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reader.fileDescriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    log.append(String(decoding: pending[..<end], as: UTF8.self))
                    pending.removeSubrange(...end)
                }
            }
            log.close()
        }
        guard let first = await log.firstLine(where: { $0.hasPrefix("port ") }) else {
            process.waitUntilExit()
            if process.terminationStatus == 127 {
                throw LocalHTTPServerError("python3 is needed: apt-get install python3")
            }
            throw LocalHTTPServerError(
                "the server script exited with status \(process.terminationStatus)")
        }
        let numbers = first.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard numbers.count == 2 else {
            process.terminate()
            process.waitUntilExit()
            throw LocalHTTPServerError("the server script said \(first)")
        }
        self.port = numbers[0]
        self.closedPort = numbers[1]
        self.host = onIPv6 ? "[::1]" : "127.0.0.1"
        self.process = process
        self.input = input
        self.log = log
    }

    deinit { stop() }

    /// Whether this machine can listen on `::1`: a container may have no
    /// IPv6 at all.
    package static let machineHasIPv6: Bool = {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()

    /// `http://<host>:<port><path>`.
    package func url(_ path: String) throws -> URL {
        try Self.url(host: host, port: port, path: path)
    }

    /// `http://<host>:<closedPort>/team.csv`: a URL where a connection is
    /// refused.
    package func refusedURL() throws -> URL {
        try Self.url(host: host, port: closedPort, path: "/team.csv")
    }

    /// Waits until the server has read a request for `path`.
    ///
    /// - Returns: whether it did; `false` when the server stopped first.
    package func waitForRequest(_ path: String) async -> Bool {
        await log.firstLine(where: { $0 == "GET \(path)" }) != nil
    }

    /// Stops the server and waits until it has exited.
    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private static func url(host: String, port: Int, path: String) throws -> URL {
        guard let url = URL(string: "http://\(host):\(port)\(path)") else {
            throw LocalHTTPServerError("not a URL path: \(path)")
        }
        return url
    }
}

/// Why the local server could not start, in one line.
package struct LocalHTTPServerError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }
}

/// The lines the server script wrote, and the tasks waiting for one.
///
/// The reading thread appends; tests wait. A waiter whose line never comes
/// is let go when the script's output ends, so no test hangs on a dead
/// server.
private final class ServerLog: Sendable {
    private struct Waiter {
        var matches: @Sendable (String) -> Bool
        var continuation: CheckedContinuation<String?, Never>
    }

    private struct State {
        var lines: [String] = []
        var waiters: [Waiter] = []
        var closed = false
    }

    private let state = Locked(State())

    func append(_ line: String) {
        let ready = state.withLock { state in
            state.lines.append(line)
            let ready = state.waiters.filter { $0.matches(line) }
            state.waiters.removeAll { $0.matches(line) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: line) }
    }

    func close() {
        let waiting = state.withLock { state in
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiting { waiter.continuation.resume(returning: nil) }
    }

    /// The first line that `matches`, once written; `nil` if the output ends
    /// without one.
    func firstLine(where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        await withCheckedContinuation { continuation in
            let answer: String?? = state.withLock { state in
                if let line = state.lines.first(where: matches) { return .some(line) }
                if state.closed { return .some(nil) }
                state.waiters.append(Waiter(matches: matches, continuation: continuation))
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }
}

extension LocalHTTPServer {
    /// The server: one thread a connection, each request answered by path.
    ///
    /// Arguments: the CSV body, the JSON body, the length `/big` claims, the
    /// address to listen on.
    fileprivate static let script = #"""
        import os, signal, socket, sys, threading, time, zlib

        # A process started from a Swift task inherits the thread's blocked
        # signals, SIGTERM among them; unblock them so terminate() works.
        signal.pthread_sigmask(signal.SIG_SETMASK, [])

        CSV, JSON, BIG, ADDRESS = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3], sys.argv[4]
        FAMILY = socket.AF_INET6 if ":" in ADDRESS else socket.AF_INET
        printing = threading.Lock()

        def say(line):
            with printing:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()

        def head(status, headers):
            lines = ["HTTP/1.1 " + status] + [k + ": " + v for k, v in headers]
            return ("\r\n".join(lines + ["Connection: close", "", ""])).encode("latin-1")

        def send(conn, status, body, content_type=None, extra=()):
            headers = [("Content-Length", str(len(body)))] + list(extra)
            if content_type is not None:
                headers.append(("Content-Type", content_type))
            conn.sendall(head(status, headers) + body)

        def hold(conn):
            while conn.recv(4096):
                pass

        def route(conn, path):
            if path == "/team.csv":
                send(conn, "200 OK", CSV, "text/csv; charset=utf-8")
            elif path == "/untyped.csv":
                send(conn, "200 OK", CSV)
            elif path == "/team.json":
                send(conn, "200 OK", JSON, "application/json")
            elif path == "/page.html":
                send(conn, "200 OK", b"<html><body>Team</body></html>", "text/html; charset=utf-8")
            elif path == "/escaped-type":
                send(conn, "200 OK", CSV, "text/\x1b[2Jhtml")
            elif path == "/silent":
                hold(conn)
            elif path == "/endless":
                conn.sendall(head("200 OK", [("Content-Type", "text/csv")]))
                chunk = b"Grace Hopper,Arlington,grace@example.com\n" * 1000
                while True:
                    conn.sendall(chunk)
            elif path == "/short":
                headers = [("Content-Type", "text/csv"), ("Content-Length", "1000")]
                conn.sendall(head("200 OK", headers) + CSV[:10])
            elif path == "/drip":
                conn.sendall(head("200 OK", [("Content-Type", "text/csv")]))
                while True:
                    conn.sendall(b"a")
                    time.sleep(0.2)
            elif path == "/garbage":
                conn.sendall(b"\x00\x01\x02 this is not HTTP \x1b[2J\r\n\r\n")
            elif path == "/status-only":
                conn.sendall(b"HTTP/1.1 200 OK\r\n")
            elif path == "/half-headers":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Len")
            elif path == "/redirect-file":
                send(conn, "302 Found", b"", extra=[("Location", "file:///etc/passwd")])
            elif path == "/redirect-ok":
                send(conn, "302 Found", b"", extra=[("Location", "/team.csv")])
            elif path == "/redirect-loop":
                send(conn, "302 Found", b"", extra=[("Location", "/redirect-loop")])
            elif path == "/negative-length":
                headers = [("Content-Type", "text/csv"), ("Content-Length", "-5")]
                conn.sendall(head("200 OK", headers) + CSV)
            elif path == "/two-lengths":
                headers = [("Content-Type", "text/csv"), ("Content-Length", str(len(CSV))),
                           ("Content-Length", str(len(CSV) + 7))]
                conn.sendall(head("200 OK", headers) + CSV)
            elif path == "/cut-gzip":
                gzip = zlib.compressobj(wbits=31)
                start = b"\n".join(CSV.split(b"\n")[:2]) + b"\n"
                body = gzip.compress(start) + gzip.flush(zlib.Z_SYNC_FLUSH)
                headers = [("Content-Type", "text/csv"), ("Content-Encoding", "gzip"),
                           ("Content-Length", str(len(body)))]
                conn.sendall(head("200 OK", headers) + body)
            elif path == "/huge-chunk":
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", "chunked")]
                conn.sendall(head("200 OK", headers) + b"FFFFFFFFFFFFFFFFFFFF\r\n" + CSV)
                hold(conn)
            elif path == "/overflowing-chunk":
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", "chunked")]
                conn.sendall(head("200 OK", headers) + b"FFFFFFFFFFFFFFFF\r\n" + CSV)
                hold(conn)
            elif path == "/cut-gzip-transfer":
                gzip = zlib.compressobj(wbits=31)
                start = b"\n".join(CSV.split(b"\n")[:2]) + b"\n"
                body = gzip.compress(start) + gzip.flush(zlib.Z_SYNC_FLUSH)
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", "gzip")]
                conn.sendall(head("200 OK", headers) + body)
            elif path == "/gzip-chunked-transfer":
                body = zlib.compress(CSV, wbits=31)
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", "gzip, chunked")]
                chunked = b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
                conn.sendall(head("200 OK", headers) + chunked)
            elif path == "/continue-first":
                conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                send(conn, "200 OK", CSV, "text/csv")
            elif path == "/early-hints":
                conn.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
                send(conn, "200 OK", CSV, "text/csv")
            elif path == "/early-hints-page":
                conn.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
                send(conn, "200 OK", b"<html><body>Team</body></html>", "text/html")
            elif path == "/continue-missing":
                conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                send(conn, "404 Not Found", b"no such file\n", "text/plain")
            elif path == "/cut-chunked":
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", "chunked")]
                conn.sendall(head("200 OK", headers) + b"%x\r\n" % len(CSV) + CSV[:20])
            elif path == "/no-colon":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nNoColonHere\r\n\r\n" + CSV)
            elif path == "/nul-header":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nX-Odd: a\x00b\r\n\r\n" + CSV)
            elif path == "/folded-header":
                conn.sendall(b"HTTP/1.1 200 OK\r\n Content-Type: text/csv\r\n\r\n" + CSV)
            elif path == "/bare-line-feeds":
                conn.sendall(b"HTTP/1.1 200 OK\nContent-Type: text/csv\n\n" + CSV)
            elif path == "/many-codings":
                codings = "gzip, gzip, gzip, gzip, gzip, gzip, chunked"
                headers = [("Content-Type", "text/csv"), ("Transfer-Encoding", codings)]
                conn.sendall(head("200 OK", headers) + CSV)
            elif path == "/odd-encoding":
                headers = [("Content-Type", "text/csv"), ("Content-Encoding", "x-\x1b[2Jodd")]
                conn.sendall(head("200 OK", headers) + CSV)
            elif path == "/huge-header":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nX-Filler: ")
                filler = b"a" * 65536
                for _ in range(320):  # 20 MiB
                    conn.sendall(filler)
                conn.sendall(b"\r\n\r\n" + CSV)
            elif path == "/endless-headers":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\n")
                # Lines of 1 KiB: FoundationNetworking's work grows with the
                # square of the number of lines, and short ones took it 10 s
                # of CPU to reach libcurl's limit.
                line = b"X-Filler: " + b"a" * 1014 + b"\r\n"
                while True:
                    conn.sendall(line * 64)
            elif path == "/big":
                conn.sendall(head("200 OK", [("Content-Type", "text/csv"), ("Content-Length", BIG)]))
                hold(conn)
            else:
                send(conn, "404 Not Found", b"no such file\n", "text/plain")

        def serve(conn):
            with conn:
                try:
                    request = b""
                    while b"\r\n\r\n" not in request:
                        chunk = conn.recv(4096)
                        if not chunk:
                            return
                        request += chunk
                    parts = request.split(b" ")
                    path = parts[1].decode("latin-1") if len(parts) > 1 else ""
                    say("GET " + path)
                    route(conn, path)
                except OSError:
                    pass

        def exit_with_parent():
            sys.stdin.buffer.read()
            os._exit(0)

        server = socket.socket(FAMILY)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((ADDRESS, 0))
        server.listen(64)
        closed = socket.socket(FAMILY)
        closed.bind((ADDRESS, 0))
        closed_port = closed.getsockname()[1]
        closed.close()
        threading.Thread(target=exit_with_parent, daemon=True).start()
        say("port %d %d" % (server.getsockname()[1], closed_port))
        while True:
            conn, _ = server.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()
        """#
}
