import Foundation

/// A PostgreSQL server of the tests' own: a new cluster in a temporary
/// folder, on a free port of 127.0.0.1, stopped and removed by ``stop()``.
///
/// The server store talks to a real server, so its tests do too, and never
/// to one they did not start. Most share ``shared``, one per test process,
/// each on a database of its own (``newDatabase(encoding:)``), so tests
/// running in parallel never see each other's rows; a test of the
/// connection itself starts one of its own (``start()``, about a second).
/// The server runs without `fsync`, which a test that throws its cluster
/// away never needs.
///
/// PostgreSQL refuses to run as root; run as root, as CI is, the cluster
/// belongs to the `postgres` user that Debian's server package makes, and
/// the server is started through `runuser`.
package final class LocalPostgreSQL: Sendable {
    /// The server's connection URL, for the `people` user and database,
    /// which need no password.
    package let url: String
    /// The port the server listens on.
    package let port: Int
    private let folder: String
    private let binaries: String
    private let runAs: String?

    /// The folder with `initdb`, `pg_ctl` and `postgres`, or `nil` when no
    /// PostgreSQL server is installed: the tests that need one say so and
    /// skip.
    package static let serverBinaries: String? = {
        let fixed = ["/usr/lib/postgresql", "/opt/homebrew/opt", "/usr/local/opt"]
        for root in fixed {
            let versions =
                (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted().reversed()
                ?? []
            for version in versions {
                for bin in ["\(root)/\(version)/bin"]
                where FileManager.default.isExecutableFile(atPath: "\(bin)/initdb") {
                    return bin
                }
            }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return String(folder)
        }
        return nil
    }()

    /// Starts a new server, or returns `nil` when none is installed.
    ///
    /// - Throws: when the server is installed but cannot be started; the
    ///   error holds the server's own log.
    package static func start() throws -> LocalPostgreSQL? {
        guard let binaries = serverBinaries else { return nil }
        return try LocalPostgreSQL(binaries: binaries)
    }

    /// One server for a whole test process, started by the first test
    /// that asks and stopped when the process exits.
    ///
    /// `nil` when no server is installed. Each test takes a database of its own on it
    /// (``newDatabase()``), which is quicker than a server of its own.
    package static let shared: Result<LocalPostgreSQL, LocalPostgreSQLError>? = {
        do {
            guard let server = try start() else { return nil }
            atexit {
                // What the run printed first: a pipe holds the summary in
                // the buffer `exit` flushes only after this handler.
                fflush(nil)  // every output stream
                try? LocalPostgreSQL.shared?.get().stop()
            }
            return .success(server)
        } catch {
            return .failure(LocalPostgreSQLError(text: "\(error)"))
        }
    }()

    /// Makes a new, empty database on this server.
    ///
    /// - Returns: its connection URL.
    package func newDatabase(encoding: String = "UTF8") throws -> String {
        let name =
            "people_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try run(
            "createdb", "-h", "127.0.0.1", "-p", "\(port)", "-U", "people", "-E", encoding, "-T",
            "template0", name)
        return "postgresql://people@127.0.0.1:\(port)/\(name)"
    }

    private init(binaries: String) throws {
        self.binaries = binaries
        runAs = getuid() == 0 ? "postgres" : nil
        // Not under a test's temporary folder: as root the server's user
        // must be able to reach it, and a private parent would stop it.
        folder =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("people-postgresql-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        if let runAs {
            try FileManager.default.setAttributes(
                [.ownerAccountName: runAs, .groupOwnerAccountName: runAs], ofItemAtPath: folder)
        }
        port = try Self.freePort()
        url = "postgresql://people@127.0.0.1:\(port)/people"
        let data = "\(folder)/data"
        try run(
            "initdb", "-D", data, "-U", "people", "-A", "trust", "-E", "UTF8", "--locale=C",
            "--no-sync", "--no-instructions")
        // Room for every suite's clients at once: the server tests run in
        // parallel, each with its store, listeners and psql, and the default
        // of 100 ran out in CI ("remaining connection slots are reserved").
        try run(
            "pg_ctl", "-D", data, "-l", "\(folder)/log", "-w", "-o",
            "-h 127.0.0.1 -p \(port) -k \(folder) -F -c max_connections=300", "start")
        try run("createdb", "-h", "127.0.0.1", "-p", "\(port)", "-U", "people", "people")
    }

    /// Runs `statement` on the database at `url` through `psql`, as
    /// another client would.
    package func sql(_ url: String, _ statement: String) throws {
        try run("psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", statement)
    }

    /// Runs `query` on the database at `url` through `psql`, as another
    /// client would ask, and returns what it printed: each row on a line,
    /// its fields split by `|`.
    ///
    /// Run as the server's own programs are (``runToItsEnd(_:writingTo:withErrors:)``),
    /// its answer through a file of its own.
    package func answer(_ url: String, _ query: String) throws -> String {
        let outputPath = "\(folder)/answer-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        let command: [String] = [
            "\(binaries)/psql", url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", query,
        ]
        guard try Self.runToItsEnd(command, writingTo: outputPath, withErrors: false) else {
            throw LocalPostgreSQLError(text: "psql failed on: \(query)")
        }
        let printed = FileManager.default.contents(atPath: outputPath) ?? Data()
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Starts `psql` running `statements` on the database at `url` and
    /// returns at once: another client busy for as long as they run.
    package func starting(_ url: String, _ statements: String) throws -> Process {
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "\(binaries)/psql")
        psql.arguments = [url, "-X", "-q", "-c", statements]
        psql.standardOutput = FileHandle.nullDevice
        psql.standardError = FileHandle.nullDevice
        try psql.run()
        return psql
    }

    /// Restarts the server, as an administrator would (`pg_ctl restart`):
    /// every connection to it ends, and it listens again on the same port.
    package func restart() throws {
        try run(
            "pg_ctl", "-D", "\(folder)/data", "-l", "\(folder)/log", "-m", "fast", "-w", "restart")
    }

    /// Stops the server's main process (`SIGSTOP`) until ``thaw()``: it
    /// still takes new connections, as the system queues them, but answers
    /// none, as a server beyond a network gone dead; the connections it
    /// already has go on.
    package func freeze() throws {
        try Foundation.kill(mainProcess(), SIGSTOP)
    }

    /// Lets the server's main process go on after ``freeze()``.
    package func thaw() {
        if let process = try? mainProcess() { Foundation.kill(process, SIGCONT) }
    }

    /// The server's main process, from the first line of its pid file.
    private func mainProcess() throws -> pid_t {
        let file = try String(contentsOfFile: "\(folder)/data/postmaster.pid", encoding: .utf8)
        guard let first = file.split(separator: "\n").first, let process = pid_t(first) else {
            throw LocalPostgreSQLError(text: "no server process in \(folder)/data/postmaster.pid")
        }
        return process
    }

    /// Stops the server at once and has its cluster removed.
    ///
    /// The removal is a process of its own, not waited for: a whole run's
    /// cluster holds a database per test (1.4 GB in 37,000 files), and on a
    /// disk mounted with `discard` deleting it took minutes, with the test
    /// process that had passed every test held in `exit` the while — CI's
    /// server step then ran out of time with its summary still unprinted.
    package func stop() {
        try? run("pg_ctl", "-D", "\(folder)/data", "-m", "immediate", "-w", "stop")
        let command: [String] = ["/bin/rm", "-rf", folder]
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        if posix_spawn(&pid, "/bin/rm", nil, nil, argv, environ) != 0 {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Runs one of the server's programs, as the server's user when root,
    /// to its end (``runToItsEnd(_:writingTo:withErrors:)``).
    private func run(_ program: String, _ arguments: String...) throws {
        let path = "\(binaries)/\(program)"
        let command = runAs.map { ["/usr/sbin/runuser", "-u", $0, "--", path] } ?? [path]
        let outputPath = "\(folder)/\(program).out"
        guard try Self.runToItsEnd(command + arguments, writingTo: outputPath, withErrors: true)
        else {
            let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? ""
            throw LocalPostgreSQLError(text: "\(program) failed: \(printed)\(log)")
        }
    }

    /// Runs `command` to its end, with nothing on its standard input and
    /// its standard output in the file at `outputPath` (its errors too
    /// when `withErrors`, else thrown away); whether it exited with 0.
    ///
    /// Spawned and waited for directly, its output into a file: `Process`
    /// was seen never to return from waiting for `pg_ctl`, whose server
    /// lives on after it, or for a `psql` that had printed all and ended
    /// (under load, two runs of six), and a pipe would stay open for as
    /// long as the server runs.
    private static func runToItsEnd(
        _ command: [String], writingTo outputPath: String, withErrors: Bool
    ) throws -> Bool {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if withErrors {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw LocalPostgreSQLError(text: "cannot start \(command[0]): error \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited normally, with status 0.
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    /// A port on 127.0.0.1 that was free a moment ago: the system picks it
    /// for a socket that is then closed.
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LocalPostgreSQLError(text: "no socket for a port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw LocalPostgreSQLError(text: "no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why a test's own server could not be started.
package struct LocalPostgreSQLError: Error, CustomStringConvertible, Sendable {
    package let text: String
    package var description: String { text }

    /// An error that says `text`.
    package init(text: String) {
        self.text = text
    }
}
