#if PostgreSQL
    import Features
    import Foundation
    import PeopleTestSupport
    import Testing

    @testable import PostgreSQLStore

    /// Addresses libpq cannot read, or that name a server not there.
    ///
    /// The message says why, and never shows the password, even where libpq
    /// would quote the part of the address that holds it. No server needed.
    @Suite struct PostgreSQLAddressTests {
        @Test(arguments: [
            "postgresql://ada:s3cr%zzet@127.0.0.1:1/people",
            "postgresql://ada:s3cret@127.0.0.1:1/people?s3cret=1",
            "postgresql://127.0.0.1:1/people?password=s3cret",
            "postgresql://ada:s3cret@[::1/people",
        ])
        func aPasswordNeverAppearsInTheMessage(address: String) {
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLConnection(conninfo: address)
            }
            let text = error.map { "\($0)" } ?? ""
            #expect(!text.contains("s3cr") && !text.contains("\n") && !text.isEmpty, "\(text)")
        }
    }

    /// The connection under the server store, against a real server each
    /// test starts for itself.
    @Suite(.needsPostgreSQLServer)
    struct PostgreSQLConnectionTests {
        @Test func parametersAreBoundAndRowsComeBackAsText() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            let connection = try PostgreSQLConnection(conninfo: server.url)
            let rows = try await connection.run(
                "SELECT $1::text || $2::text, NULL::text, $3::text", ["a'b", "; DROP", nil])
            #expect(rows == [["a'b; DROP", nil, nil]])
        }

        /// What `server-benchmark` hands `psql` is the statement the store
        /// binds, with the same answer: a quote in the text, a `NULL`, and
        /// `$1` beside `$11` each written in whole.
        @Test func aStatementWrittenOutAnswersAsTheStatementBound() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            let connection = try PostgreSQLConnection(conninfo: server.url)
            let values: [String?] = ["O'Brien", nil] + (3...11).map { "\($0)" }
            let statement = PostgreSQLStatement(
                sql: "SELECT " + (1...11).map { "$\($0)::text" }.joined(separator: ", "),
                parameters: values)
            let bound = try await connection.run(statement.sql, statement.parameters)
            #expect(bound == [values])
            #expect(try await connection.run(statement.inlined) == bound)
            let count = PostgreSQLPersonStore.countStatement(matching: "o'b %")
            #expect(count.parameters == ["o'b %"])
            #expect(!count.inlined.contains("$1"))
        }

        @Test func aServerThatIsNotThereIsNamedByHostAndPortAndThePasswordNever() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            server.stop()
            let url = "postgresql://people:s3cret-word@127.0.0.1:\(server.port)/people"
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLConnection(conninfo: url)
            }
            let text = "\(error.map { "\($0)" } ?? "")"
            #expect(text.hasPrefix("cannot connect to 127.0.0.1:\(server.port): "), "\(text)")
            #expect(!text.contains("s3cret") && !text.contains("\n"))
        }

        @Test func aCancelledStatementStopsOnTheServerAndTheConnectionGoesOn() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            let connection = try PostgreSQLConnection(conninfo: server.url)
            let watcher = try PostgreSQLConnection(conninfo: server.url)
            try await cancelAStatementAndGoOn(on: connection, watchedBy: watcher)
        }

        @Test func aKilledConnectionFailsItsCallWithOneLineAndIsReopenedForTheNext() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            let connection = try PostgreSQLConnection(conninfo: server.url)
            let pid = try await connection.run("SELECT pg_backend_pid()")
            let killer = try PostgreSQLConnection(conninfo: server.url)
            _ = try await killer.run("SELECT pg_terminate_backend($1::int)", [pid[0][0]])
            let error = await #expect(throws: PersonStoreError.self) {
                try await connection.run("SELECT 1")
            }
            let text = error.map { "\($0)" } ?? ""
            #expect(text.hasPrefix("127.0.0.1:\(server.port): ") && !text.contains("\n"), "\(text)")
            #expect(try await connection.run("SELECT 2") == [["2"]])
        }

        /// The cancel request names the server process it stops, and a
        /// reopened connection is another: one kept from before stops
        /// nothing, and `SELECT 1`, queued behind the sleep, would wait the
        /// ten minutes out.
        @Test(.timeLimit(.minutes(1)))
        func aStatementOnAReopenedConnectionStillStopsWhenCancelled() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            let connection = try PostgreSQLConnection(conninfo: server.url)
            let pid = try await connection.run("SELECT pg_backend_pid()")
            let watcher = try PostgreSQLConnection(conninfo: server.url)
            _ = try await watcher.run("SELECT pg_terminate_backend($1::int)", [pid[0][0]])
            await #expect(throws: PersonStoreError.self) { try await connection.run("SELECT 1") }
            try await cancelAStatementAndGoOn(on: connection, watchedBy: watcher)
        }

        /// Cancels a ten-minute statement on `connection` once `watcher`
        /// sees it running, and checks that it stops with a cancellation and
        /// that the connection then answers the next statement.
        private func cancelAStatementAndGoOn(
            on connection: PostgreSQLConnection, watchedBy watcher: PostgreSQLConnection
        ) async throws {
            let sleeping = Task { try await connection.run("SELECT pg_sleep(600)") }
            // Waits, by asking the server, until the statement is running.
            while try await watcher.run(
                "SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(600)' "
                    + "AND state = 'active'") == [["0"]]
            {
                await Task.yield()
            }
            sleeping.cancel()
            await #expect(throws: CancellationError.self) { try await sleeping.value }
            #expect(try await connection.run("SELECT 1") == [["1"]])
        }
    }
#endif
