// Shows what the server store costs over the server itself: each question
// the app asks, against `psql` running the same SQL on the same server.
//
// Starts a PostgreSQL server of its own (as the tests do), seeds a million
// persons into two databases — one with `psql`'s `\copy`, one through the
// store — then times the first page, a search with its exact total, page
// 10,001 by number (offset 100,000) and an export, each against the same
// statements run by `psql` (the store's own, `PostgreSQLStatement`, its
// parameters written in; by `\timing`; for the export, `psql --csv`'s
// whole run against the store's export through the real console, both
// writing to /dev/null). Each figure is a median of 31 rounds (5 for the
// export), the two sides taking turns; the seed is one run each. The
// verdict is a ratio, never an absolute time.
//
//   swift run -c release --traits PostgreSQL server-benchmark [PERSONS]
//
// Exits 1 when a ratio is over its limit, so CI can run it.

#if PostgreSQL
    import Features
    import Foundation
    import PeopleTestSupport
    import PersonFiles
    import PostgreSQLStore
    import Terminal

    let persons = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
    guard let binaries = LocalPostgreSQL.serverBinaries, let server = try LocalPostgreSQL.start()
    else {
        print(
            "no PostgreSQL server is installed (no initdb): apt-get install postgresql postgresql-contrib"
        )
        exit(1)
    }
    defer { server.stop() }
    let psql = "\(binaries)/psql"
    var failed = false

    /// Seconds in `duration`, as a number to print.
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Runs `psql` on `address` with `script` on its standard input, its
    /// query output thrown away, and returns what it printed (the
    /// `\timing` lines).
    func runPSQL(_ address: String, _ script: String, options: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments =
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-o", "/dev/null"] + options + [address]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            print("psql failed on: \(script.prefix(200))")
            exit(1)
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// The times `\timing` printed, in order.
    func timings(_ printed: String) -> [Duration] {
        printed.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Time: "),
                let milliseconds = Double(line.dropFirst(6).prefix { $0 != " " })
            else { return nil }
            return .microseconds(Int(milliseconds * 1000))
        }
    }

    /// Prints one judged line, failing the run when the ratio is past `limit`.
    @MainActor func judge(_ name: String, psql: Duration, store: Duration, limit: Double) {
        let ratio = store / psql
        if ratio > limit { failed = true }
        print(
            name.padding(toLength: 48, withPad: " ", startingAt: 0),
            String(
                format: "%9.2f ms %9.2f ms %6.2f× %4.1f× %@", seconds(psql) * 1000,
                seconds(store) * 1000, ratio, limit, ratio <= limit ? "ok" : "TOO SLOW"))
    }

    // Seeding: the store's one COPY against psql's \copy of the same rows.
    let drafts = try DemoPersons.drafts(count: persons).map {
        (draft) throws(PersonValidationError) in
        try draft.validated()
    }
    let added = Date(timeIntervalSince1970: 1_764_000_000)
    let rows = FileManager.default.temporaryDirectory.appendingPathComponent(
        "server-benchmark-\(UUID()).tsv")
    defer { try? FileManager.default.removeItem(at: rows) }
    try Data(
        drafts.map {
            "\($0.name)\t\($0.address)\t\($0.email ?? "\\N")\t\(added.timeIntervalSince1970)\n"
        }.joined().utf8
    ).write(to: rows)
    let copied = try server.newDatabase()
    let seeded = try server.newDatabase()
    _ = try PostgreSQLPersonStore(conninfo: copied)
    let store = try PostgreSQLPersonStore(conninfo: seeded)

    print(
        "Server store at \(persons) persons".padding(toLength: 48, withPad: " ", startingAt: 0),
        "     psql       store   ratio limit")
    var start = ContinuousClock.now
    _ = try runPSQL(copied, "\\copy person (name, address, email, added) FROM '\(rows.path)'\n")
    let psqlSeed = ContinuousClock.now - start
    start = ContinuousClock.now
    _ = try await store.add(contentsOf: drafts, addedAt: added)
    let storeSeed = ContinuousClock.now - start
    judge("seed, against \\copy", psql: psqlSeed, store: storeSeed, limit: 1.5)
    _ = try runPSQL(seeded, "VACUUM ANALYZE person;\n")

    /// A question the app asks: the statements `psql` runs, and the
    /// store's calls that run the same.
    struct Question {
        let name: String
        let sql: [String]
        let ask: @Sendable (PostgreSQLPersonStore) async throws -> Void
    }
    // The store's own statements, written out for psql: the same SQL.
    let count = { (search: String) in PostgreSQLPersonStore.countStatement(matching: search).inlined
    }
    let page = { (search: String, offset: Int) in
        PostgreSQLPersonStore.pageStatement(matching: search, offset: offset, limit: 10).inlined
    }
    let questions = [
        Question(name: "first page (count + page)", sql: [count(""), page("", 0)]) { store in
            _ = try await store.count(matching: "")
            _ = try await store.page(matching: "", from: .first, limit: 10)
        },
        Question(
            name: "search with its exact total", sql: [count("knuth 12"), page("knuth 12", 0)]
        ) { store in
            _ = try await store.count(matching: "knuth 12")
            _ = try await store.page(matching: "knuth 12", from: .first, limit: 10)
        },
        Question(name: "page 10,001 by number (offset 100,000)", sql: [page("", 100_000)]) {
            store in
            _ = try await store.page(matching: "", from: .offset(100_000), limit: 10)
        },
    ]
    let rounds = 31
    for question in questions {
        let script = "\\timing on\n" + question.sql.map { "\($0);\n" }.joined()
        var perRound: [Duration] = []
        var mine: [Duration] = []
        for _ in 0..<rounds {
            perRound.append(timings(try runPSQL(seeded, script)).reduce(.zero, +))
            let start = ContinuousClock.now
            try await question.ask(store)
            mine.append(ContinuousClock.now - start)
        }
        judge(
            question.name, psql: perRound.sorted()[perRound.count / 2],
            store: mine.sorted()[rounds / 2], limit: 1.5)
    }

    // Export: `people export --format csv` as a person runs it — the
    // store's cursor, written as CSV through the real console to
    // /dev/null — against psql running the same statements and writing the
    // rows as CSV to /dev/null too (its whole run, less that of a psql that
    // only connects). The server's share, by \timing, and psql's one COPY
    // of the same rows are shown beside it.
    let exportRounds = 5
    let cursorSQL =
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;\nSET LOCAL cursor_tuple_fraction = 1;\n"
        + "DECLARE export NO SCROLL CURSOR FOR \(PostgreSQLPersonStore.exportStatement(matching: "").inlined);\n"
        + String(repeating: "FETCH 1000 FROM export;\n", count: persons / 1000 + 1) + "COMMIT;\n"
    /// The wall-clock time of one psql run of `script`.
    func timedPSQL(_ script: String, options: [String] = []) throws -> Duration {
        let start = ContinuousClock.now
        _ = try runPSQL(seeded, script, options: options)
        return ContinuousClock.now - start
    }
    /// The wall-clock time of one export by the store, with standard
    /// output sent to /dev/null for the while, as psql's is.
    @MainActor func timedExport() async throws -> Duration {
        let kept = dup(STDOUT_FILENO)
        let discard = open("/dev/null", O_WRONLY)
        guard kept >= 0, discard >= 0, dup2(discard, STDOUT_FILENO) >= 0 else {
            print("cannot send standard output to /dev/null")
            server.stop()
            exit(1)
        }
        let start = ContinuousClock.now
        let exported = await PersonCommands(
            command: .export(format: .csv, search: ""), storeProvider: { store }, pageSize: 10,
            clock: Date.init, writer: PersonFileWriter(), help: "",
            console: StandardConsole(showsPrompts: false, outputIsTerminal: false, style: .plain)
        ).run()
        let elapsed = ContinuousClock.now - start
        dup2(kept, STDOUT_FILENO)
        close(discard)
        close(kept)
        guard exported == .success else {
            print("the export failed (exit status \(exported.rawValue))")
            server.stop()
            exit(1)
        }
        return elapsed
    }
    var psqlCursor: [Duration] = []
    var serverShare: [Duration] = []
    var psqlCopy: [Duration] = []
    var storeExport: [Duration] = []
    for _ in 0..<exportRounds {
        psqlCursor.append(
            try timedPSQL(cursorSQL, options: ["--csv"]) - (try timedPSQL("SELECT 1;\n")))
        storeExport.append(try await timedExport())
        serverShare.append(
            timings(try runPSQL(seeded, "\\timing on\n" + cursorSQL)).reduce(.zero, +))
        psqlCopy += timings(
            try runPSQL(
                seeded,
                "\\timing on\nCOPY (SELECT name, address, email FROM person ORDER BY sort_name, id) TO STDOUT WITH (FORMAT csv, HEADER);\n"
            ))
    }
    judge(
        "export as CSV, against psql --csv, same cursor",
        psql: psqlCursor.sorted()[exportRounds / 2],
        // 1.5× for an export of three columns (1.24× measured); it now
        // writes sixteen, every field of the card with its id and exact
        // date, from the same eight columns psql reads: 2.59× measured on
        // 2026-11-28, so held to 3× until its cost per person comes down.
        store: storeExport.sorted()[exportRounds / 2], limit: 3)
    let milliseconds = { (duration: Duration) in String(format: "%.0f ms", seconds(duration) * 1000)
    }
    print(
        "  (the server's share of those statements, by \\timing: \(milliseconds(serverShare.sorted()[exportRounds / 2])); psql's one COPY of the same rows: \(milliseconds(psqlCopy.sorted()[psqlCopy.count / 2])))"
    )

    // `exit` runs no `defer`: the server and the rows file go first.
    server.stop()
    try? FileManager.default.removeItem(at: rows)
    exit(failed ? 1 : 0)
#else
    print(
        "server-benchmark measures the server store: swift run -c release --traits PostgreSQL server-benchmark"
    )
#endif
