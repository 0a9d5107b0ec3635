#if PostgreSQL
    import Foundation
    import PeopleTestSupport
    import Testing

    /// The server store as users meet it: `people --db postgresql://…`,
    /// several processes at once, another client's SQL, and a server that is
    /// not there.
    @Suite(.needsPostgreSQLServer)
    struct ServerStoreEndToEndTests {
        let address: String
        let server: LocalPostgreSQL

        init() throws {
            server = try #require(LocalPostgreSQL.shared).get()
            address = try server.newDatabase()
        }

        /// A team's book starts empty: the demo persons a new file gets
        /// would be the team's to find and delete.
        @Test func aNewBookOnTheServerStartsEmptyAndKeepsWhatIsAdded() async throws {
            let added = try PeopleProcess.run(
                ["add", "--name", "Barbara Liskov"], environment: ["PEOPLE_DB": address])
            #expect(added.output == "1\n")
            let list = try PeopleProcess.run(["list", "--db", address, "--json"])
            #expect(list.status == 0, "\(list.errors)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
            #expect(document["total"] as? Int == 1, "\(list.output)")
            let found = try PeopleProcess.run(["list", "--db", address, "--search", "lisk"])
            #expect(found.output.hasPrefix("1  Barbara Liskov\n"), "\(found.output)")
        }

        /// A command that adds no one names a database with no book and
        /// makes none in it.
        ///
        /// `check`, `list`, `show`, `export`, `edit`, `delete` and a
        /// session: a mistyped address, or a user whose own schema comes
        /// first, must not start a second, empty book beside the team's.
        /// The first add or seed makes it.
        @Test(arguments: [
            ["check"], ["list"], ["list", "--json"], ["show", "1"], ["export"],
            ["export", "--format", "json"], ["edit", "1", "--name", "Ada"], ["delete", "1"],
            ["--ui", "line"],
        ])
        func aCommandThatAddsNoOneMakesNoBook(command: [String]) async throws {
            // Twice: had the first made a book, the second would find it.
            for _ in 0..<2 {
                let run = try PeopleProcess.run(command + ["--db", address])
                #expect(run.status == 1)
                #expect(run.output == "")
                #expect(
                    run.errors.hasPrefix("people: there is no people book in "), "\(run.errors)")
                #expect(
                    run.errors.hasSuffix(
                        "; nothing was made there (the first people add, or people seed, makes one)\n"
                    ), "\(run.errors)")
            }
            #expect(try server.answer(address, "SELECT to_regclass('people_schema')") == "")
            let added = try PeopleProcess.run(["add", "--name", "Ada", "--db", address])
            #expect(added.status == 0, "\(added.errors)")
            #expect(try PeopleProcess.run(["check", "--db", address]).status == 0)
        }

        /// In a database where each user's own schema comes first on the
        /// search path, `--schema` (or `PEOPLE_SCHEMA`) puts the team's
        /// book, and finds it, where every user looks: a first run no
        /// longer makes a book of the user's own.
        @Test func theSchemaAskedForHoldsTheTeamsBook() async throws {
            try server.sql(address, "CREATE SCHEMA people")
            let added = try PeopleProcess.run(
                ["add", "--name", "Ada Lovelace", "--db", address, "--schema", "public"])
            #expect(added.status == 0, "\(added.errors)")
            #expect(try server.answer(address, "SELECT name FROM public.person") == "Ada Lovelace")
            #expect(try server.answer(address, "SELECT to_regclass('people.person')") == "")
            let listed = try PeopleProcess.run(
                ["list", "--db", address], environment: ["PEOPLE_SCHEMA": "public"])
            #expect(listed.output.hasPrefix("1  Ada Lovelace\n"), "\(listed.output)")
        }

        /// A delete another client's rule turns into nothing is said not
        /// kept, with exit status 1: it exited 0, as done, while the person
        /// stayed.
        @Test func aDeleteARuleStopsIsSaidNotKept() async throws {
            _ = try PeopleProcess.run(["add", "--name", "Ada Lovelace", "--db", address])
            try server.sql(address, "CREATE RULE keep AS ON DELETE TO person DO INSTEAD NOTHING")
            let deleted = try PeopleProcess.run(["delete", "1", "--db", address])
            #expect(deleted.status == 1)
            #expect(deleted.output == "")
            #expect(
                deleted.errors
                    == "people: the delete of 'Ada Lovelace' was not kept: a trigger, rule or row security policy on the person table stopped it; nothing changed\n"
            )
            #expect(try server.answer(address, "SELECT name FROM person") == "Ada Lovelace")
        }

        @Test func anotherClientsInsertIsFoundByTheNextSearch() async throws {
            _ = try PeopleProcess.run(["seed", "1", "--db", address])
            try server.sql(address, "INSERT INTO person (name) VALUES ('Edsger Dijkstra')")
            let found = try PeopleProcess.run(["list", "--db", address, "--search", "DIJK"])
            #expect(found.status == 0)
            #expect(found.output.contains("Edsger Dijkstra"), "\(found.output)")
        }

        @Test func twoProcessesWritingAtOnceBothKeepEveryRow() async throws {
            _ = try PeopleProcess.run(["add", "--name", "First", "--db", address])
            let first = try PeopleProcess(["seed", "500", "--db", address])
            let second = try PeopleProcess(["seed", "500", "--db", address])
            #expect(try first.finish().status == 0)
            #expect(try second.finish().status == 0)
            let list = try PeopleProcess.run(["list", "--db", address, "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
            #expect(document["total"] as? Int == 1 + 1000)
        }

        @Test func aServerThatIsDownGetsOneLineNamingHostAndPortAndNeverThePassword()
            async throws
        {
            let down = try #require(try LocalPostgreSQL.start())
            down.stop()
            let address = "postgresql://people:pa55word@127.0.0.1:\(down.port)/people"
            for arguments in [["list"], ["export"], ["check"], ["add", "--name", "X"]] {
                let run = try PeopleProcess.run(arguments + ["--db", address])
                #expect(run.status == 1, "\(arguments)")
                #expect(run.output.isEmpty)
                #expect(run.errors.hasPrefix("people: cannot connect to 127.0.0.1:\(down.port): "))
                #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
                #expect(!run.errors.contains("pa55word"))
            }
        }

        /// A signal that ends a command stops its statement on the server.
        ///
        /// Ctrl-C while a statement waits on the server stops the statement
        /// there too, as `psql`'s does: a program that simply ended would
        /// leave it waiting on another client's lock, to run when it is free.
        /// So do SIGTERM and SIGHUP (a closed terminal), which left it there.
        @Test(.timeLimit(.minutes(1)), arguments: [SIGINT, SIGTERM, SIGHUP])
        func aSignalDuringAStatementStopsItOnTheServer(signal: Int32) async throws {
            try await whileAnotherClientLocksThePersonTable {
                let people = try PeopleProcess(["list", "--db", address])
                let everyone =
                    "SELECT pid, application_name, state, wait_event_type, query FROM pg_stat_activity WHERE datname = current_database()"
                var waiter = ""
                while waiter.isEmpty { waiter = try server.answer(address, waitingOnTheLock) }
                #expect(waiter == "people")
                people.interrupt(by: signal)
                let ended = try people.finish()
                #expect(ended.status == 128 + signal && !ended.wasKilled, "\(ended.errors)")
                // Asks the server, a few hundred times, whether the statement
                // still waits: a cancelled one is gone at once.
                var stillWaiting = "?"
                for _ in 0..<300 where !stillWaiting.isEmpty {
                    stillWaiting = try server.answer(address, waitingOnTheLock)
                }
                let seen = try server.answer(address, everyone)
                #expect(
                    stillWaiting.isEmpty,
                    "the statement went on waiting on the server: \(seen) \(ended.errors)")
            }
        }

        /// Ctrl-C ends the program even when the server takes the cancel
        /// request's connection and never answers it: the program waited
        /// for the answer, ignoring every Ctrl-C after the first, for as
        /// long as the server was stopped.
        @Test(.timeLimit(.minutes(1)))
        func ctrlCEndsTheProgramWhenTheServerNeverAnswersTheCancel() async throws {
            let own = try #require(try LocalPostgreSQL.start())
            defer { own.stop() }
            _ = try PeopleProcess.run(["add", "--name", "First", "--db", own.url])
            let holder = try own.starting(
                own.url, "BEGIN; LOCK TABLE person IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(600)")
            defer { holder.terminate() }
            let waiting =
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'people' AND wait_event_type = 'Lock'"
            let people = try PeopleProcess(["list", "--db", own.url])
            while holder.isRunning, try own.answer(own.url, waiting) == "0" { await Task.yield() }
            try #require(holder.isRunning, "the client holding the lock ended first")
            try own.freeze()
            defer { own.thaw() }
            people.interrupt()
            let ended = try people.finish()
            #expect(ended.status == 130 && !ended.wasKilled, "\(ended.errors)")
        }

        /// In the full-screen session, SIGINT is the session's to answer.
        ///
        /// It quits, its scopes' ending cancels the waiting statement, and
        /// only then, with the terminal given back, does the signal end the
        /// program. When the store answered it too, nothing happened while
        /// a statement waited, and when none did, the program ended on the
        /// alternate screen with the keys still raw.
        @Test(
            .enabled(if: TerminalPane.isAvailable, "tmux is not installed"), .timeLimit(.minutes(1))
        )
        func interruptedOnTheFullScreenItGivesTheTerminalBackAndStopsTheStatement() async throws {
            try await whileAnotherClientLocksThePersonTable {
                let pane = try TerminalPane(["--db", address, "--ui", "full"])
                try pane.waitUntil("the list waiting on the lock") { _ in
                    (try? server.answer(address, waitingOnTheLock))?.isEmpty == false
                }
                #expect(try pane.showsAlternateScreen())
                try pane.send(signal: "INT")
                // 128 + 2: ended by SIGINT, once the terminal is given back.
                #expect(try pane.exitStatus() == 130)
                #expect(try !pane.showsAlternateScreen())
                #expect(TerminalPane.isGivenBack(try pane.screen()))
                // The program sends the cancel before the signal ends it,
                // so the server ends the statement at once. Before, the
                // cancel went from another thread the signal could beat,
                // and once in a few hundred runs the statement waited on.
                var stillWaiting = "?"
                for _ in 0..<300 where !stillWaiting.isEmpty {
                    stillWaiting = try server.answer(address, waitingOnTheLock)
                }
                #expect(stillWaiting.isEmpty, "the statement went on waiting on the server")
            }
        }

        /// Another client adds two persons before Grace while a question
        /// about deleting her is open: the list follows at once, the
        /// highlight stays on Grace, not on her row number, and the question
        /// stays until it is answered; before, it was gone without a word.
        @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed"))
        func aLiveReloadKeepsTheHighlightsPersonAndAnOpenQuestion() async throws {
            // A read makes no book: the first add does.
            _ = try PeopleProcess.run(["add", "--name", "Ada Lovelace", "--db", address])
            try server.sql(address, "INSERT INTO person (name) VALUES ('Grace Hopper')")
            let pane = try TerminalPane(["--db", address, "--ui", "full"])
            try pane.waitUntil("the list beside Ada") { $0.contains("Name     Ada Lovelace") }
            try pane.press("Down")
            try pane.waitUntil("Grace beside the list") { $0.contains("Name     Grace Hopper") }
            try pane.type("d", enter: false)
            try pane.waitUntil("the question") { $0.contains("Delete Grace Hopper? (y/n)") }
            try server.sql(
                address, "INSERT INTO person (name) VALUES ('Aaron Abbot'), ('Abe Adams')")
            let shown = try pane.waitUntil("the list read again") { $0.contains("1–4 of 4") }
            #expect(shown.contains("Delete Grace Hopper? (y/n)"), "the question stays")
            #expect(shown.contains("▌Grace Hopper"), "the highlight stays on Grace")
            try pane.type("y", enter: false)
            try pane.waitUntil("Grace deleted") {
                $0.contains("Deleted Grace Hopper.") && $0.contains("1–3 of 3")
            }
            #expect(try server.answer(address, "SELECT count(*) FROM person") == "3")
            try pane.type("q", enter: false)
            #expect(try pane.exitStatus() == 0)
        }

        /// A listener kept out by its role's connection limit is said on
        /// screen.
        ///
        /// The list says it is not following changes, and once the limit
        /// lets the listener in, it says so no longer. Before, it said
        /// nothing, and showed no change another client made.
        @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed"))
        func aListenerKeptOutByItsRolesConnectionLimitIsSaidOnScreen() async throws {
            // A read makes no book: an add does, and the delete leaves it empty.
            _ = try PeopleProcess.run(["add", "--name", "Ada Lovelace", "--db", address])
            _ = try PeopleProcess.run(["delete", "1", "--db", address])
            let role = "limited_\(UUID().uuidString.prefix(8).lowercased())"
            try server.sql(address, "CREATE ROLE \(role) LOGIN CONNECTION LIMIT 1")
            for grant in [
                "SELECT, INSERT, UPDATE, DELETE ON person", "SELECT ON people_schema",
                "USAGE, UPDATE ON SEQUENCE person_id_seq",
            ] {
                try server.sql(address, "GRANT \(grant) TO \(role)")
            }
            let limited = address.replacingOccurrences(of: "people@", with: "\(role)@")
            // Wide: the title starts with the address, which is long.
            let pane = try TerminalPane(["--db", limited, "--ui", "full"], columns: 200)
            try pane.waitUntil("the list not following changes") {
                $0.contains("no one yet · not following changes")
            }
            try server.sql(address, "ALTER ROLE \(role) CONNECTION LIMIT -1")
            try server.sql(address, "INSERT INTO person (name) VALUES ('Heard Once In')")
            try pane.waitUntil("the list following changes again") {
                $0.contains("1 of 1") && !$0.contains("not following changes")
            }
            try pane.type("q", enter: false)
            #expect(try pane.exitStatus() == 0)
        }

        /// Esc while a save waits on another client's lock stops it there.
        ///
        /// The server is sent the cancel request, so nothing of the save
        /// waits on, and once the lock is released the person is as they
        /// were. Before, every key waited for the lock.
        @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed"))
        func escWhileASaveWaitsOnAnotherClientsLockStopsItOnTheServer() async throws {
            try await savingAdaWhileAnotherClientLocksHerRow { pane in
                try pane.press("Escape")
                try pane.waitUntil("the save stopped") {
                    $0.contains("Stopped saving; nothing was saved.")
                        && $0.contains("Ada LovelaceX▏")
                }
                try pane.waitUntil("nothing of it waiting on the server") { _ in
                    (try? server.answer(address, waitingOnTheLock)) == ""
                }
                // The form holds a change still, so Esc asks first.
                try pane.press("Escape")
                try pane.waitUntil("the question") {
                    $0.contains("Discard changes to Ada Lovelace?")
                }
                try pane.type("y", enter: false)
                try pane.waitUntil("the form closed") {
                    $0.contains("Cancelled; nothing was saved.")
                }
                try pane.type("q", enter: false)
                #expect(try pane.exitStatus() == 0)
            }
            #expect(try storedName(ofPerson: 1) == "Ada Lovelace")
        }

        /// SIGTERM while a save waits on another client's lock stops it on
        /// the server, gives the terminal back and ends the program by the
        /// signal; once the lock is released the person is as they were.
        @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed"))
        func terminatedWhileASaveWaitsOnAnotherClientsLockItWritesNothing() async throws {
            try await savingAdaWhileAnotherClientLocksHerRow { pane in
                try pane.send(signal: "TERM")
                #expect(try pane.exitStatus() == 143)
                #expect(TerminalPane.isGivenBack(try pane.screen()))
                try pane.waitUntil("nothing of it waiting on the server") { _ in
                    (try? server.answer(address, waitingOnTheLock)) == ""
                }
            }
            #expect(try storedName(ofPerson: 1) == "Ada Lovelace")
        }

        /// SIGTERM while a save waits on a server that has stopped answering
        /// still ends the program within seconds, the terminal given back.
        ///
        /// The server process running people's statement is stopped, so the
        /// cancel request stops nothing and the save never returns: before,
        /// only SIGKILL ended the program, and it left the terminal raw.
        /// Nothing is written: the transaction was never committed, and it
        /// ends with its connection.
        @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed"))
        func terminatedWhileASaveWaitsOnAServerThatStoppedAnsweringItStillEnds() async throws {
            try await savingAdaWhileAnotherClientLocksHerRow { pane in
                let pid = try server.answer(
                    address,
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'people' AND wait_event_type = 'Lock'"
                )
                let backend = try #require(Int32(pid), "people's server process")
                #expect(kill(backend, SIGSTOP) == 0)
                defer { kill(backend, SIGCONT) }
                try pane.send(signal: "TERM")
                #expect(try pane.exitStatus(within: 20) == 143)
                #expect(TerminalPane.isGivenBack(try pane.screen()))
                #expect(try !pane.showsAlternateScreen())
            }
            #expect(try storedName(ofPerson: 1) == "Ada Lovelace")
        }

        /// Runs `body` while Ada's save waits on another client's lock.
        ///
        /// Her form is open in a full-screen `people`, an `X` typed after
        /// her name and Enter pressed, while another client holds her row
        /// locked, as a long transaction would: her save waits on the
        /// lock, saying so. Then that client is ended.
        private func savingAdaWhileAnotherClientLocksHerRow(
            _ body: (TerminalPane) async throws -> Void
        ) async throws {
            _ = try PeopleProcess.run(["add", "--name", "Ada Lovelace", "--db", address])
            try await whileAnotherClientHolds("SELECT * FROM person WHERE id = 1 FOR UPDATE") {
                let pane = try TerminalPane(["--db", address, "--ui", "full"])
                try pane.waitUntil("Ada beside the list") { $0.contains("Name     Ada Lovelace") }
                try pane.type("e", enter: false)
                try pane.waitUntil("her form") { $0.contains("Edit Ada Lovelace") }
                try pane.type("X")
                try pane.waitUntil("the save waiting on the lock") {
                    $0.contains("saving… Esc stops it")
                }
                try pane.waitUntil("people waiting on her row") { _ in
                    (try? server.answer(address, waitingOnTheLock))?.isEmpty == false
                }
                try await body(pane)
            }
        }

        /// The name stored for person `id`, as `people show` prints it.
        private func storedName(ofPerson id: Int) throws -> String? {
            let shown = try PeopleProcess.run(["show", String(id), "--db", address])
            return shown.output.split(separator: "\n").first { $0.hasPrefix("Name ") }
                .map { $0.dropFirst("Name ".count).trimmingCharacters(in: .whitespaces) }
        }

        /// The clients of this test's database that wait on a lock, by
        /// application name: `people` for each of its statements.
        private let waitingOnTheLock =
            "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"

        /// Runs `body` in a book whose `person` table another client holds
        /// locked, as a long transaction would, so that every statement
        /// people runs on it waits; then ends that client.
        private func whileAnotherClientLocksThePersonTable(
            _ body: () async throws -> Void
        ) async throws {
            _ = try PeopleProcess.run(["add", "--name", "First", "--db", address])
            try await whileAnotherClientHolds("LOCK TABLE person IN ACCESS EXCLUSIVE MODE", body)
        }

        /// Runs `body` while another client holds the locks `taking` takes,
        /// in a transaction that then sleeps, as a long one would; then ends
        /// that client.
        private func whileAnotherClientHolds(
            _ taking: String, _ body: () async throws -> Void
        ) async throws {
            // Ten minutes, though the test ends it: on a busy machine a
            // test may first see it after one, and waited for it forever.
            let holder = try server.starting(address, "BEGIN; \(taking); SELECT pg_sleep(600)")
            defer {
                _ = try? server.answer(
                    address,
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                holder.waitUntilExit()
            }
            let sleeping =
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'"
            while holder.isRunning, try server.answer(address, sleeping) == "0" {
                await Task.yield()
            }
            try #require(holder.isRunning, "the client holding the lock ended first")
            try await body()
        }

        @Test func theSettingsScreenShowsTheAddressWithoutItsPassword() async throws {
            // A session makes no book: an add does.
            _ = try PeopleProcess.run(["add", "--name", "Ada Lovelace", "--db", address])
            let withPassword = address.replacingOccurrences(
                of: "people@", with: "people:pa55word@")
            let run = try PeopleProcess.run(
                ["--db", withPassword, "--debug"], input: "s\n\nb\nq\n")
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("people:***@127.0.0.1"), "\(run.output)")
            #expect(!run.output.contains("pa55word") && !run.errors.contains("pa55word"))
        }
    }
#endif
