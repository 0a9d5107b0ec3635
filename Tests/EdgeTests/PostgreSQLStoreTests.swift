import Features
import Foundation
import PeopleTestSupport
import Testing

#if PostgreSQL
    @testable import PostgreSQLStore
#endif

/// CI sets `PEOPLE_REQUIRE_POSTGRESQL=1`: there the server tests must run,
/// never skip for want of a server or of the trait.
@Suite struct PostgreSQLRequiredTests {
    @Test func theServerTestsRunWhereTheyAreRequired() {
        guard ProcessInfo.processInfo.environment["PEOPLE_REQUIRE_POSTGRESQL"] == "1" else {
            return
        }
        #if PostgreSQL
            #expect(
                LocalPostgreSQL.serverBinaries != nil,
                "no PostgreSQL server is installed (no initdb): apt-get install postgresql postgresql-contrib"
            )
        #else
            Issue.record(
                "the tests were built without the PostgreSQL trait: swift test --traits PostgreSQL")
        #endif
    }
}

#if PostgreSQL
    /// The server store where it differs from the others: several clients
    /// at once, another client's plain SQL, a connection that drops, and
    /// the changes it hears of. (The contract suite covers what every
    /// store shares; see `StoreMaker`.)
    @Suite(.needsPostgreSQLServer)
    struct PostgreSQLStoreTests {
        let address: String

        init() throws {
            address = try #require(LocalPostgreSQL.shared).get().newDatabase()
        }

        @Test func twoClientsEditingOnePersonNeverLoseAChange() async throws {
            let mine = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let theirs = try PostgreSQLPersonStore(conninfo: address)
            let opened = try await mine.existingPerson(withID: 1)
            let alsoOpened = try await theirs.existingPerson(withID: 1)
            _ = try await theirs.update(
                alsoOpened, with: try PersonDraft(name: "Ada King").validated())
            let refused = await #expect(throws: PersonStoreError.self) {
                try await mine.update(opened, with: try PersonDraft(name: "Ada L.").validated())
            }
            #expect(refused == .changedElsewhere(name: "Ada Lovelace"))
            #expect(try await mine.existingPerson(withID: 1).name == "Ada King")
            await #expect(throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace")) {
                try await mine.delete(opened)
            }
        }

        /// Names of characters both Unicode tables know: a character newer
        /// than the server's (a few dozen of Unicode 16's) folds as the
        /// server knows it, as "When the store is a server" says.
        @Test func keysAreFoldedByTheServerAsSwiftFoldsThemForCharactersBothKnow() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            var random = SeededGenerator(seed: 21)
            let names =
                (0..<400).map { _ in Self.name(&random) }
                + ["ΣΑΣ", "ΟΔΥΣΣΕΥΣ Σ", "İstanbul", "ǅemal", "Straße", "e\u{301}cole", "ﬁle"]
                + ["Ñuño", "Øystein", "Łukasz", "Þór", "Ægir", "Œuvre", "Đorđe", "Nguyễn", "１％"]
            for name in names {
                _ = try await other.run("INSERT INTO person (name) VALUES ($1)", [name])
            }
            let stored = try await other.run("SELECT name, sort_name FROM person")
            for row in stored {
                let name = try #require(row[0] ?? nil)
                #expect(row[1] == PersonSortKey.fold(name), "\(name.unicodeScalars.map(\.value))")
            }
            for search in [
                "σασ", "ΣΑΣ", "ς", "İ", "e\u{301}c", "ǆ", "nuno", "Ø", "lukasz", "％", "ễ",
            ] {
                let folded = PersonSortKey.fold(search)
                let model = names.count {
                    PersonSortKey.fold($0).utf8.firstRange(of: folded.utf8) != nil
                }
                #expect(model > 0)
                #expect(try await store.count(matching: search) == model, "\(search)")
            }
        }

        /// A key holding a NUL pages as in every other store: after "zol",
        /// before "zola".
        ///
        /// An SQLite book another program wrote can hand one out in a cursor
        /// (the "next" of `list --json`). The server's text cannot hold a
        /// NUL, and every such page failed, saying the text "cannot be
        /// stored".
        @Test func aKeyHoldingANULPagesAsInEveryOtherStore() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let names = ["Zoe", "Zol", "Zola", "Zolb", "Zp"]
            for name in names { _ = try await store.add(validating: PersonDraft(name: name)) }
            let memory = MemoryPersonStore()
            for name in names { _ = try await memory.add(validating: PersonDraft(name: name)) }
            let key = PersonSortKey(foldedName: "zol\u{0}x", id: 3)
            for start in [PageStart.after(key), .before(key)] {
                let expected = try await memory.page(matching: "", from: start, limit: 10)
                #expect(
                    try await store.page(matching: "", from: start, limit: 10).map(\.name)
                        == expected.map(\.name))
                let page = try await store.listPage(matching: "zo", from: start, size: 2)
                let model = try await memory.listPage(matching: "zo", from: start, size: 2)
                #expect(page.rows.map(\.name) == model.rows.map(\.name))
                #expect(page.firstIndex == model.firstIndex && page.total == model.total)
            }
            #expect(try await store.position(of: key, matching: "") == 2)
        }

        /// A search holding a NUL finds no one, as in every other store.
        ///
        /// The line front end passes one on from piped input. The server's
        /// text cannot hold a NUL, and the list failed to load, saying the
        /// text "cannot be stored".
        @Test func aSearchHoldingANULFindsNoOne() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let search = "a\u{0}a"
            #expect(try await store.count(matching: search) == 0)
            #expect(try await store.page(matching: search, from: .first, limit: 10) == [])
            let page = try await store.listPage(matching: search, from: .first, size: 10)
            #expect(page.rows == [] && page.total == 0)
            let key = PersonSortKey(name: "Ada Lovelace", id: 1)
            #expect(try await store.position(of: key, matching: search) == 0)
        }

        @Test(arguments: [31, 32] as [UInt64])
        func everyAnswerIsThePlainOneWhateverAnotherClientWrote(seed: UInt64) async throws {
            var random = SeededGenerator(seed: seed)
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            for step in 0..<60 {
                let ids = try await other.run("SELECT id FROM person").compactMap { $0[0] ?? nil }
                let someone = ids.randomElement(using: &random) ?? "1"
                let name = Self.name(&random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: _ = try await other.run("INSERT INTO person (name) VALUES ($1)", [name])
                case 1:
                    _ = try await other.run(
                        "UPDATE person SET name = $1 WHERE id = $2", [name, someone])
                case 2: _ = try await other.run("DELETE FROM person WHERE id = $1", [someone])
                case 3:
                    _ = try await other.run(
                        "INSERT INTO person (name) SELECT $1 || n FROM generate_series(1, 3) AS n",
                        [name])
                case 4: _ = try await store.add(validating: PersonDraft(name: name))
                default:
                    _ = try await other.run(
                        "INSERT INTO person (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                        [someone, name])
                }
                // The plain answer: every name, folded and ordered in Swift,
                // and each person's search text folded in Swift.
                let rows = try await other.run(
                    "SELECT id, name, address, email, card::text, uid FROM person")
                let everyone = rows.map { row in
                    let name = row[1] ?? ""
                    let details = StoredCard.details(
                        json: row[4], street: row[2] ?? "", email: row[3], uid: row[5])
                    return (
                        key: PersonSortKey(name: name, id: Int(row[0] ?? "") ?? 0),
                        text: PersonSearchText(name: name, details: details)
                    )
                }.sorted { $0.key < $1.key }
                let search = String(name.prefix(2))
                let folded = PersonSortKey.fold(search)
                let matching = everyone.filter { $0.text.contains(folded: folded) }.map(\.key)
                let context = Comment(rawValue: "seed \(seed), step \(step), search \(search)")
                #expect(try await store.count(matching: "") == everyone.count, context)
                #expect(try await store.count(matching: search) == matching.count, context)
                var walked: [PersonSortKey] = []
                var start = PageStart.first
                while true {
                    let page = try await store.page(matching: search, from: start, limit: 7)
                    walked += page.map(\.sortKey)
                    guard let last = page.last else { break }
                    start = .after(last.sortKey)
                }
                #expect(walked == matching, context)
                if let middle = matching.dropFirst(matching.count / 2).first {
                    #expect(
                        try await store.position(of: middle, matching: search)
                            == matching.count / 2, context)
                }
            }
        }

        @Test func anExportReadsOneSnapshotWhateverAnotherClientWritesMeanwhile() async throws {
            let numbered = Fixtures.numberedPersons(20)
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: numbered)
            let other = try PostgreSQLConnection(conninfo: address)
            let exported = Locked<[String]>([])
            try await store.forEachPage(matching: "", pageSize: 5) { page in
                exported.withLock { $0 += page.map(\.name) }
                _ = try await other.run("UPDATE person SET name = 'Renamed ' || name")
                _ = try await other.run("INSERT INTO person (name) VALUES ('Added Meanwhile')")
                return true
            }
            #expect(exported.withLock { $0 } == numbered.map(\.name))
            let paged = try await store.readingConsistently {
                let first = try await store.page(matching: "", from: .first, limit: 5)
                _ = try await other.run("DELETE FROM person")
                let last = try #require(first.last)
                return try await store.count(matching: "")
                    + store.page(matching: "", from: .after(last.sortKey), limit: 100).count
            }
            #expect(paged == 24 + 19, "every read inside sees the book as the first did")
            #expect(try await store.count(matching: "") == 0)
        }

        /// A reader that stops reading soon holds nothing open on the
        /// server: no statement running, no transaction, no snapshot.
        ///
        /// `people export | less` waits on its reader for as long as the
        /// pager is open: a `FETCH` left running there would run into
        /// `statement_timeout`, and a transaction left idle would hold back
        /// vacuum for the whole database. The third page, 5 MB after two
        /// small ones, is more than a socket that has carried little holds.
        @Test func aReaderThatWaitsHoldsNoStatementOrTransactionOnTheServer() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                "INSERT INTO person (name, address) SELECT 'P' || lpad(i::text, 2, '0'), CASE WHEN i BETWEEN 11 AND 15 THEN repeat('x', 1000000) ELSE '' END FROM generate_series(1, 20) i"
            )
            let reader = Gate()
            let pages = Locked<[[Person]]>([])
            let (firstPage, tellFirstPage) = AsyncStream.makeStream(of: Void.self)
            let export = Task {
                // Told however the export ends: one that fails before its
                // first page must end the wait below, which once waited for
                // ever for an arrival at the gate that never came.
                defer { tellFirstPage.finish() }
                try await store.forEachPage(matching: "", pageSize: 5) { page in
                    let number = pages.withLock { pages in
                        pages.append(page)
                        return pages.count
                    }
                    if number == 1 {
                        tellFirstPage.yield()
                        try await reader.pass()
                    }
                    return true
                }
            }
            var told = firstPage.makeAsyncIterator()
            guard await told.next() != nil else {
                try await export.value
                Issue.record("the export ended before its first page")
                return
            }
            // Asks the server until the export's connection has read every
            // page and ended its transaction, as it must while its reader
            // waits; the server answered all of it before the first page.
            var held: [[String?]] = []
            for round in 0..<20_000 where round == 0 || !held.isEmpty {
                held = try await other.run(
                    "SELECT state, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (state <> 'idle' OR backend_xmin IS NOT NULL)"
                )
                await Task.yield()
            }
            reader.open()
            try await export.value
            #expect(held == [], "while the reader waits, the server holds \(held)")
            let exported = pages.withLock { $0 }
            #expect(exported.map(\.count) == [5, 5, 5, 5])
            #expect(
                exported.joined().map(\.address.count)
                    == (1...20).map { 11...15 ~= $0 ? 1_000_000 : 0 })
            #expect(
                Array(exported.joined())
                    == (try await store.page(matching: "", from: .first, limit: 20)))
        }

        @Test func anotherClientsIDsAreSkippedNotCollidedWith() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("INSERT INTO person (id, name) VALUES (4, 'Taken')")
            _ = try await other.run("INSERT INTO person (id, name) VALUES (5, 'Taken Too')")
            let added = try await store.add(validating: PersonDraft(name: "Newcomer"))
            #expect(added.id > 5)
        }

        @Test func aBulkAddAfterAnotherClientsOwnIDAddsEveryoneWithIDsAboveIt() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("INSERT INTO person (id, name) VALUES (5, 'Chosen Five')")
            let added = try await store.add(
                validatingAll: ["One", "Two", "Three", "Four"].map { PersonDraft(name: $0) })
            #expect(added == 4)
            let ids = try await other.run("SELECT id FROM person WHERE id > 5 ORDER BY id")
            #expect(ids.count == 4, "\(ids)")
            #expect(try await store.count(matching: "") == 8)
        }

        @Test func aDatabaseThatIsNotUTF8IsRefusedInOneLine() async throws {
            let latin1 = try #require(LocalPostgreSQL.shared).get().newDatabase(encoding: "LATIN1")
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: latin1)
            }
            #expect(
                "\(error.map { "\($0)" } ?? "")".hasSuffix(
                    "stores text as LATIN1, and people needs a UTF8 database (createdb -E UTF8)"))
        }

        @Test func aKilledConnectionFailsOneCallWithOneLineAndTheNextReconnects() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            let error = await #expect(throws: PersonStoreError.self) {
                try await store.count(matching: "")
            }
            let line = error.map { "\($0)" } ?? ""
            #expect(line.hasPrefix("127.0.0.1:") && !line.contains("\n"), "\(line)")
            #expect(try await store.count(matching: "") == 3)
        }

        /// A reconnection starts a new server process with the default
        /// search path: the book's schema is put first on it again, so the
        /// store goes on reading the same book, not another or none.
        @Test func aReconnectionKeepsTheBooksSchema() async throws {
            try #require(LocalPostgreSQL.shared).get().sql(address, "CREATE SCHEMA team")
            let store = try PostgreSQLPersonStore(
                conninfo: address, schema: "team", startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            _ = try? await store.count(matching: "")
            #expect(try await store.count(matching: "") == Person.samples.count)
            #expect(try await other.run("SELECT count(*) FROM team.person") == [["3"]])
        }

        @Test func aCancelledSearchStopsOnTheServer() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            // A name the server takes a minute to fold: the search waits in it.
            _ = try await other.run(
                "CREATE FUNCTION slow(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT $1 || pg_sleep(60) $$"
            )
            _ = try await other.run("CREATE INDEX ON person (slow(name))")
            let ended = Locked(false)
            let adding = Task {
                defer { ended.withLock { $0 = true } }
                return try await store.add(validating: PersonDraft(name: "Slow"))
            }
            // Until the insert runs, or the add ends without it (it failed):
            // a wait on the insert alone once could go on for ever.
            while !ended.withLock({ $0 }),
                try await other.run(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'INSERT INTO person%'"
                ) == [["0"]]
            {
                await Task.yield()
            }
            if ended.withLock({ $0 }) {
                let result = await adding.result
                Issue.record("the add ended before its insert was seen running: \(result)")
                return
            }
            adding.cancel()
            await #expect(throws: CancellationError.self) { try await adding.value }
            _ = try await other.run("DROP INDEX person_slow_idx")
            #expect(try await store.count(matching: "") == 0, "the cancelled add left nothing")
        }

        @Test(.timeLimit(.minutes(1)))
        func anotherClientsChangeIsHeardAndTheListenerStopsWithItsReader() async throws {
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try PostgreSQLPersonStore(conninfo: address)
            let (heard, hear) = AsyncStream.makeStream(of: Void.self)
            let reader = Task {
                for await _ in PostgreSQLChanges.signals(conninfo: address) { hear.yield() }
            }
            // Waits, by asking the server, until the listener listens.
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            _ = try await other.run("INSERT INTO person (name) VALUES ('From Elsewhere')")
            var signals = heard.makeAsyncIterator()
            #expect(await signals.next() != nil)
            reader.cancel()
            // The listening connection closes once its reader stops.
            while try await other.run(Self.listening) != [["0"]] { await Task.yield() }
        }

        @Test func aDatabaseWithAnotherPersonTableIsRefusedAndLeftAlone() async throws {
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("CREATE TABLE person (id int, secret text)")
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: address)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("not a people table"))
            #expect(
                try await other.run(
                    "SELECT count(*) FROM information_schema.tables WHERE table_name = 'people_schema'"
                ) == [["0"]],
                "nothing was made beside it")
        }

        @Test func aNewerSchemaIsRefused() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            let newer = PostgreSQLSchema.version + 1
            _ = try await other.run("UPDATE people_schema SET version = \(newer)")
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: address)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("newer people (schema \(newer);"))
        }

        /// Makes the book at `address` one of version 1, whose key folded
        /// case alone, holding `names`.
        private func versionOneBook(_ other: PostgreSQLConnection, _ names: [String]) async throws {
            let caseAlone = "lower(replace(normalize(name, NFC), 'Σ', 'σ') COLLATE \"und-x-icu\")"
            for statement in [
                "ALTER TABLE person DROP COLUMN search_text",
                "DROP FUNCTION people_search_fields(text, text, text, jsonb)",
                "ALTER TABLE person DROP COLUMN card, DROP COLUMN uid",
                "ALTER TABLE person DROP COLUMN sort_name",
                "ALTER TABLE person ADD COLUMN sort_name text COLLATE \"C\" GENERATED ALWAYS AS (\(caseAlone)) STORED",
                "CREATE INDEX person_order ON person (sort_name, id)",
                "CREATE INDEX person_search ON person USING gin (sort_name gin_trgm_ops)",
                "UPDATE people_schema SET version = 1",
            ] {
                _ = try await other.run(statement)
            }
            for name in names {
                _ = try await other.run("INSERT INTO person (name) VALUES ($1)", [name])
            }
        }

        @Test func aVersionOneBookIsFoldedAgainAsPeopleReadNamesOnce() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            try await versionOneBook(other, ["Zoë", "Øystein", "Ñuño"])
            #expect(try await other.run("SELECT sort_name FROM person")[0] == ["zoë"])
            let store = try PostgreSQLPersonStore(conninfo: address)
            #expect(
                try await other.run("SELECT version FROM people_schema")
                    == [["\(PostgreSQLSchema.version)"]])
            #expect(
                try await other.run("SELECT sort_name FROM person ORDER BY sort_name")
                    == [["nuno"], ["oystein"], ["zoe"]])
            #expect(try await store.count(matching: "zoe") == 1)
            #expect(try await store.check(repairing: false).problems == [])
            // Opened again, the book is at its version: the key is not made again.
            let column =
                "SELECT attnum FROM pg_attribute WHERE attrelid = 'person'::regclass AND attname = 'sort_name'"
            let made = try await other.run(column)
            _ = try PostgreSQLPersonStore(conninfo: address)
            #expect(try await other.run(column) == made)
        }

        @Test func anUpgradeAnotherClientsViewStopsLeavesTheBookAsItWas() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            try await versionOneBook(other, ["Zoë"])
            _ = try await other.run("CREATE VIEW keys AS SELECT sort_name FROM person")
            let error = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: address)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("left as it was"))
            #expect(try await other.run("SELECT version FROM people_schema") == [["1"]])
            #expect(try await other.run("SELECT sort_name FROM keys") == [["zoë"]])
        }

        @Test func checkFindsADroppedIndexAndRepairMakesItAgain() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            #expect(try await store.check(repairing: false).problems == [])
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("DROP INDEX person_search")
            _ = try await other.run("ALTER TABLE person DISABLE TRIGGER person_changed")
            let found = try await store.check(repairing: true)
            #expect(
                found.problems == [
                    "the index person_search is missing",
                    "the trigger person_changed is not as people made it",
                ])
            #expect(found.remaining == [])
            #expect(try await store.count(matching: "lovel") == 1)
        }

        @Test func checkFindsAKeyAnotherClientMadePlainAndRepairMakesTheServerKeepItAgain()
            async throws
        {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("DROP FUNCTION people_changed() CASCADE")
            _ = try await other.run("ALTER TABLE person DROP COLUMN sort_name CASCADE")
            _ = try await other.run("ALTER TABLE person ADD COLUMN sort_name text COLLATE \"C\"")
            _ = try await other.run("UPDATE person SET sort_name = 'zzz'")
            let found = try await store.check(repairing: true)
            #expect(
                found.problems == [
                    "the column sort_name is not as people made it",
                    "the function people_changed is missing",
                    "the index person_order is missing",
                    "the trigger person_changed is missing",
                ])
            #expect(found.remaining == [])
            #expect(
                try await store.page(matching: "", from: .first, limit: 5).map(\.name)
                    == Person.samples.map(\.name))
            #expect(try await store.count(matching: "TURING") == 1)
        }

        @Test func checkFindsLookAlikesAndRepairPutsBackWhatPeopleMade() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            for statement in [
                "DROP INDEX person_search", "CREATE INDEX person_search ON person (sort_name)",
                "DROP INDEX person_order",
                "CREATE INDEX person_order ON person (name, id) WHERE id < 10",
                "ALTER TABLE person ENABLE REPLICA TRIGGER person_changed",
            ] {
                _ = try await other.run(statement)
            }
            let found = try await store.check(repairing: true)
            #expect(
                found.problems == [
                    "the index person_order is not as people made it",
                    "the index person_search is not as people made it",
                    "the trigger person_changed is not as people made it",
                ])
            #expect(found.remaining == [])
            _ = try await other.run("DROP EXTENSION pg_trgm CASCADE")
            let again = try await store.check(repairing: true)
            #expect(
                again.problems == [
                    "the extension pg_trgm is missing", "the index person_search is missing",
                ])
            #expect(again.remaining == [])
            #expect(try await store.count(matching: "hopp") == 1)
        }

        @Test func aReadOnlyUserReadsTheBookAndAWriteFailsInOneLine() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            // Roles belong to the whole server, which other tests share.
            let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await other.run("CREATE ROLE \(role) LOGIN")
            _ = try await other.run("GRANT SELECT ON person, people_schema TO \(role)")
            let reader = try PostgreSQLPersonStore(
                conninfo: address.replacingOccurrences(of: "people@", with: "\(role)@"))
            #expect(try await reader.count(matching: "") == 3)
            let error = await #expect(throws: PersonStoreError.self) {
                try await reader.add(validating: PersonDraft(name: "Not Allowed"))
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("permission denied"))
        }

        @Test(.timeLimit(.minutes(1)))
        func aCallToAServerThatStoppedAnsweringLetsItsCallerGoWhenCancelled() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            let backends = try await other.run(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).compactMap { $0[0].flatMap { $0 }.flatMap { Int32($0) } }
            #expect(!backends.isEmpty)
            // The store's server process stops, as a frozen server would.
            for pid in backends { kill(pid, SIGSTOP) }
            defer { for pid in backends { kill(pid, SIGCONT) } }
            let counting = Task { try await store.count(matching: "") }
            counting.cancel()
            await #expect(throws: CancellationError.self) { try await counting.value }
        }

        @Test func aServerThatCancelsAStatementItselfIsReportedInItsOwnWords() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            // Any statement that reads the book now waits, past the timeout.
            _ = try await other.run("BEGIN")
            _ = try await other.run("LOCK TABLE person IN ACCESS EXCLUSIVE MODE")
            let timed = try PostgreSQLPersonStore(
                conninfo: address + "?options=-c%20statement_timeout%3D200")
            let error = await #expect(throws: PersonStoreError.self) {
                try await timed.count(matching: "")
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("statement timeout"))
            _ = try await other.run("ROLLBACK")
        }

        @Test func textTravelsAsUTF8WhateverTheClientEncodingAsked() async throws {
            let latin1 = address + "?client_encoding=LATIN1"
            let store = try PostgreSQLPersonStore(conninfo: latin1)
            _ = try await store.add(validating: PersonDraft(name: "Zoë Ωmega"))
            let other = try PostgreSQLConnection(conninfo: address)
            #expect(try await other.run("SELECT name FROM person") == [["Zoë Ωmega"]])
        }

        /// Whether a connection listens on the database at `address`.
        ///
        /// This test's database only: the tests share one server, and
        /// another test's listener once let this one insert before its own
        /// listened, so the change went unheard and the run waited for ever.
        /// And only once the `LISTEN` has finished (`idle`): the backend
        /// shows the statement while it still runs, before it takes effect.
        static let listening =
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN people_changed' AND state = 'idle'"

        /// A list must never stop following the book with no sign: when
        /// its listening connection is ended, the reader is told at once
        /// (the list reads again), the listener listens again, and tells
        /// once more for the changes made while nobody listened.
        @Test(.timeLimit(.minutes(1)))
        func aKilledListeningConnectionIsSaidAndReplaced() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            // A role of the listener's own, which the test can stop from
            // logging in: so no one listens for as long as the test says.
            let role = "listener_\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await other.run("CREATE ROLE \(role) LOGIN")
            var signals = PostgreSQLChanges.signals(
                conninfo: address.replacingOccurrences(of: "people@", with: "\(role)@"),
                retryMilliseconds: 10
            ).makeAsyncIterator()
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            _ = try await other.run("ALTER ROLE \(role) NOLOGIN")
            _ = try await other.run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'")
            let stopped = await signals.next()
            guard case .notFollowing(let why)? = stopped else {
                Issue.record("told \(String(describing: stopped)), not that it stopped following")
                return
            }
            #expect(!why.isEmpty, "says why")
            _ = try await other.run("INSERT INTO person (name) VALUES ('Made Meanwhile')")
            _ = try await other.run("ALTER ROLE \(role) LOGIN")
            #expect(await signals.next() == .following, "told again once it listens again")
            _ = try await other.run("INSERT INTO person (name) VALUES ('Heard Again')")
            #expect(await signals.next() == .changed, "a change after it listens again is heard")
        }

        /// A listener whose role is at its connection limit says so at once,
        /// once however often it tries again, and that it follows changes
        /// again once the limit lets it in: before, it said nothing, and the
        /// list was out of date with no sign.
        @Test(.timeLimit(.minutes(1)))
        func aListenerThatCannotConnectSaysSoOnceAndAgainWhenItCan() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            let role = "limited_\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await other.run("CREATE ROLE \(role) LOGIN CONNECTION LIMIT 0")
            var signals = PostgreSQLChanges.signals(
                conninfo: address.replacingOccurrences(of: "people@", with: "\(role)@"),
                retryMilliseconds: 10
            ).makeAsyncIterator()
            let refused = await signals.next()
            guard case .notFollowing(let why)? = refused else {
                Issue.record("told \(String(describing: refused)), not that it cannot follow")
                return
            }
            #expect(why.contains("too many connections"), "why: \(why)")
            _ = try await other.run("ALTER ROLE \(role) CONNECTION LIMIT -1")
            #expect(await signals.next() == .following, "said once, then that it follows again")
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            _ = try await other.run("INSERT INTO person (name) VALUES ('Heard')")
            #expect(await signals.next() == .changed)
        }

        /// Tries that fail wait longer each time, from the first delay, to
        /// a minute, and never longer, however long the server refuses.
        @Test(arguments: [Int32(10), 1000])
        func aListenerWaitsLongerAfterEachTryThatFails(first: Int32) {
            let delays = (1...40).map {
                PostgreSQLChanges.retryDelay(afterFailures: $0, first: first)
            }
            #expect(delays[0] == first, "the first retry is quick, for a restarted server")
            for (before, after) in zip(delays, delays.dropFirst()) {
                #expect(after == min(before * 2, 60_000), "\(delays)")
            }
            #expect(delays.last == 60_000)
            #expect(PostgreSQLChanges.retryDelay(afterFailures: .max, first: first) == 60_000)
        }

        @Test(.timeLimit(.minutes(1)))
        func aRestartedServerIsListenedToAgain() async throws {
            let server = try #require(try LocalPostgreSQL.start())
            defer { server.stop() }
            _ = try PostgreSQLPersonStore(conninfo: server.url)
            let other = try PostgreSQLConnection(conninfo: server.url)
            var signals = PostgreSQLChanges.signals(conninfo: server.url, retryMilliseconds: 10)
                .makeAsyncIterator()
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            try server.restart()
            try #require(await signals.next() != nil, "told when the server went")
            // `other`'s first call after the restart fails, and reconnects.
            _ = try? await other.run("SELECT 1")
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            _ = try await other.run("INSERT INTO person (name) VALUES ('After The Restart')")
            #expect(await signals.next() != nil, "a change after the restart is heard")
        }

        /// `pg_stat_activity` shows who is connected: every connection the
        /// store makes is named `people`, unless the address names it.
        @Test func everyConnectionTheStoreMakesIsNamedPeople() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address + "?application_name=other")
            let signals = PostgreSQLChanges.signals(conninfo: address)
            while try await other.run(Self.listening) == [["0"]] { await Task.yield() }
            let names = Locked<[[String?]]>([])
            try await store.readingConsistently {
                try await store.forEachPage(matching: "", pageSize: 2) { _ in
                    let seen = try await other.run(
                        "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() ORDER BY 1"
                    )
                    names.withLock { $0 = seen }
                    return false
                }
            }
            // The shared connection, a consistent read's, an export's and
            // a listener's.
            #expect(names.withLock { $0 } == [["other"]] + Array(repeating: ["people"], count: 4))
            withExtendedLifetime(signals) {}
        }

        /// Another tool may drop `NOT NULL` and store a person with no
        /// name, whose key is then `NULL`: no page shows that person, so no
        /// count counts them, and `check` says so.
        @Test func aPersonWithNoNameIsNeitherCountedNorPagedAndRepairNamesThem() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("ALTER TABLE person ALTER COLUMN name DROP NOT NULL")
            _ = try await other.run("UPDATE person SET name = NULL WHERE id = 2")
            let paged = try await store.page(matching: "", from: .first, limit: 10)
            #expect(paged.map(\.id) == [1, 3])
            #expect(try await store.count(matching: "") == paged.count)
            let found = try await store.check(repairing: true)
            #expect(
                found.problems == [
                    "1 person has no name (NULL), which no page of the list shows",
                    "the column name is not as people made it",
                ])
            #expect(found.remaining == [])
            let repaired = try await store.page(matching: "", from: .first, limit: 10)
            #expect(repaired.map(\.id) == [2, 1, 3])
            #expect(try await store.count(matching: "") == 3)
            await #expect(throws: PersonStoreError.self) {
                try await other.run("UPDATE person SET name = NULL WHERE id = 1")
            }
        }

        /// A person another client left with no name is in an export, with
        /// the empty name a repair would give them, never left out of it.
        @Test func anExportKeepsThePersonsWithNoName() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("ALTER TABLE person ALTER COLUMN name DROP NOT NULL")
            _ = try await other.run("UPDATE person SET name = NULL WHERE id = 2")
            let exported = Locked<[Person]>([])
            try await store.forEachPage(matching: "", pageSize: 2) { page in
                exported.withLock { $0 += page }
                return true
            }
            let ids = try await other.run("SELECT id FROM person ORDER BY id")
            #expect(
                exported.withLock { $0 }.map { String($0.id) }.sorted() == ids.compactMap { $0[0] })
            #expect(exported.withLock { $0 }.first { $0.id == 2 }?.name == "")
        }

        /// Another client may store a person with the largest id a server
        /// id can be: every add then says, in one line, which id leaves no
        /// room and adds no one; once that person has a smaller id, adds
        /// and seeds work again.
        @Test func aPersonAtTheLargestIDIsNamedAndOnceRenumberedTheAddsGoOn() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            let largest = String(Int64.max)
            _ = try await other.run("INSERT INTO person (id, name) VALUES ($1, 'Top')", [largest])
            let drafts = ["One", "Two", "Three"].map { PersonDraft(name: $0) }
            for _ in 0..<2 {
                let seeding = await #expect(throws: PersonStoreError.self) {
                    try await store.add(validatingAll: drafts)
                }
                let adding = await #expect(throws: PersonStoreError.self) {
                    try await store.add(validating: PersonDraft(name: "Single"))
                }
                for error in [seeding, adding] {
                    let line = error?.description ?? ""
                    #expect(line.contains("no id is left above \(largest)"), "\(line)")
                    #expect(line.hasSuffix("; nothing was added"), "\(line)")
                    #expect(!line.contains("\n"))
                }
            }
            #expect(try await store.count(matching: "") == 4)
            _ = try await other.run("UPDATE person SET id = 100 WHERE id = $1", [largest])
            #expect(try await store.add(validatingAll: drafts) == 3)
            let added = try await store.add(validating: PersonDraft(name: "Single"))
            #expect(added.id > 100)
            #expect(try await store.count(matching: "") == 4 + 4)
        }

        /// A bulk add refused for want of ids leaves the sequence as it was.
        ///
        /// Once the person at the top is gone, another program's insert,
        /// which never moves it back down, takes its id as before.
        @Test func aBulkAddWithNoIDLeftLeavesTheSequenceForOtherPrograms() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let store = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            let largest = String(Int64.max)
            _ = try await other.run("INSERT INTO person (id, name) VALUES ($1, 'Top')", [largest])
            await #expect(throws: PersonStoreError.self) {
                try await store.add(validatingAll: [PersonDraft(name: "One")])
            }
            _ = try await other.run("DELETE FROM person WHERE id = $1", [largest])
            let inserted = try await other.run(
                "INSERT INTO person (name) VALUES ('Plain') RETURNING id")
            #expect(inserted.first?.first == "4")
        }

        /// An id of 0 or below, which another client may give, is the kind
        /// an imported person has: `check` notes it, as the SQLite store's
        /// does, and changes nothing.
        @Test func idsOfZeroOrBelowAreNotedNotRepaired() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("INSERT INTO person (id, name, address) VALUES (-1, 'Neg', '')")
            let found = try await store.check(repairing: true)
            #expect(found.problems == [])
            #expect(
                found.notes == [
                    "1 person has an id of 0 or below (another program gave it): imported persons have such ids too, so with --import one may be taken for another"
                ])
            #expect(try await store.count(matching: "") == 4)
        }

        /// A sort key in another collation orders pages as no other store
        /// does; `check` compares it with the one the schema makes.
        @Test func checkFindsTheSortKeyInAnotherCollationAndRepairPutsBackC() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            let collation =
                "SELECT attcollation::regcollation::text FROM pg_attribute WHERE attrelid = 'person'::regclass AND attname = 'sort_name'"
            _ = try await other.run(
                "ALTER TABLE person ALTER COLUMN sort_name TYPE text COLLATE \"und-x-icu\"")
            let found = try await store.check(repairing: true)
            #expect(found.problems == ["the column sort_name is not as people made it"])
            #expect(found.remaining == [])
            #expect(try await other.run(collation) == [["\"C\""]])
        }

        /// The same bulk add would time out again: the error says what
        /// stopped it and what would let it through, never "add them again".
        @Test func aBulkAddTheServersTimeoutStopsSaysWhatWouldLetItThrough() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address)
            let other = try PostgreSQLConnection(conninfo: address)
            _ = try await other.run("BEGIN")
            _ = try await other.run("LOCK TABLE person IN ACCESS EXCLUSIVE MODE")
            let timed = try PostgreSQLPersonStore(
                conninfo: address + "?options=-c%20statement_timeout%3D200")
            let error = await #expect(throws: PersonStoreError.self) {
                try await timed.add(validatingAll: ["One", "Two"].map { PersonDraft(name: $0) })
            }
            _ = try await other.run("ROLLBACK")
            let line = error.map { "\($0)" } ?? ""
            #expect(line.contains("canceling statement due to statement timeout"), "\(line)")
            #expect(line.contains("statement_timeout, 200ms"), "\(line)")
            #expect(line.contains("none of the persons were added"), "\(line)")
            #expect(line.contains("raise statement_timeout"), "\(line)")
            #expect(!line.contains("add them again"), "\(line)")
            #expect(try await timed.count(matching: "") == 0)
        }

        /// What "When the store is a server" says each user needs: the
        /// first, who makes the schema, `CREATE` on the schema (and on the
        /// database, for `pg_trgm`, unless it is there); a later user
        /// `SELECT`, `INSERT`, `UPDATE` and `DELETE` on `person`, `SELECT`
        /// on `people_schema`, and `USAGE` and `UPDATE` on the sequence;
        /// listening needs nothing; a repair needs the owner.
        @Test func theRightsTheArticleNamesAreTheRightsEachUserNeeds() async throws {
            let admin = try PostgreSQLConnection(conninfo: address)
            // Roles belong to the whole server, which other tests share.
            let suffix = UUID().uuidString.prefix(8).lowercased()
            let (first, member) = ("first_\(suffix)", "member_\(suffix)")
            let database = try #require(try await admin.run("SELECT current_database()").first?[0])
            _ = try await admin.run("CREATE ROLE \(first) LOGIN")
            _ = try await admin.run("CREATE ROLE \(member) LOGIN")
            let firstAddress = address.replacingOccurrences(of: "people@", with: "\(first)@")
            let memberAddress = address.replacingOccurrences(of: "people@", with: "\(member)@")
            #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: firstAddress)
            }
            _ = try await admin.run("GRANT CREATE ON SCHEMA public TO \(first)")
            #expect(throws: PersonStoreError.self, "pg_trgm needs CREATE on the database") {
                try PostgreSQLPersonStore(conninfo: firstAddress)
            }
            _ = try await admin.run("GRANT CREATE ON DATABASE \(database) TO \(first)")
            let owner = try PostgreSQLPersonStore(conninfo: firstAddress)
            let owned = try PostgreSQLConnection(conninfo: firstAddress)
            for grant in [
                "SELECT, INSERT, UPDATE, DELETE ON person", "SELECT ON people_schema",
                "USAGE, UPDATE ON SEQUENCE person_id_seq",
            ] {
                _ = try await owned.run("GRANT \(grant) TO \(member)")
            }
            let store = try PostgreSQLPersonStore(conninfo: memberAddress)
            var signals = PostgreSQLChanges.signals(conninfo: memberAddress).makeAsyncIterator()
            while try await admin.run(Self.listening) == [["0"]] { await Task.yield() }
            let added = try await store.add(validating: PersonDraft(name: "Member"))
            #expect(await signals.next() != nil, "a member listens")
            #expect(
                try await store.add(validatingAll: ["Two", "Three"].map { PersonDraft(name: $0) })
                    == 2)
            let updated = try await store.update(
                added, with: try PersonDraft(name: "Member Renamed").validated())
            try await store.delete(updated)
            #expect(try await store.count(matching: "") == 2)
            #expect(try await store.check(repairing: false).problems == [])
            _ = try await owned.run("DROP INDEX person_search")
            await #expect(throws: PersonStoreError.self, "a repair needs the owner") {
                try await store.check(repairing: true)
            }
            #expect(try await owner.check(repairing: true).remaining == [])
        }

        /// What another client can put on the person table to stop a write
        /// without an error: a row trigger that returns `NULL`, or rules
        /// that do nothing instead.
        static let stoppers = [
            """
            CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
            CREATE TRIGGER keep BEFORE INSERT OR UPDATE OR DELETE ON person
                FOR EACH ROW EXECUTE FUNCTION keep();
            """,
            """
            CREATE RULE keep_d AS ON DELETE TO person DO INSTEAD NOTHING;
            CREATE RULE keep_u AS ON UPDATE TO person DO INSTEAD NOTHING;
            CREATE RULE keep_i AS ON INSERT TO person DO INSTEAD NOTHING;
            """,
        ]

        @Test(arguments: stoppers)
        func aWriteATriggerOrRuleStopsIsSaidNotKeptAndNothingChanges(stopper: String)
            async throws
        {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            try #require(LocalPostgreSQL.shared).get().sql(address, stopper)
            let before = try await store.page(matching: "", from: .first, limit: 10)
            let ada = try #require(before.first)
            let deleting = await #expect(throws: PersonStoreError.self) {
                try await store.delete(ada)
            }
            #expect(deleting == .notKept(.delete, name: ada.name))
            await #expect(throws: PersonStoreError.notKept(.change, name: ada.name)) {
                try await store.update(ada, with: PersonDraft(name: "Ada King").validated())
            }
            await #expect(throws: PersonStoreError.notKept(.add, name: "Barbara Liskov")) {
                try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
            }
            let gone = Person(
                id: 99, name: "Edsger Dijkstra", address: "", email: nil, added: ada.added)
            await #expect(throws: PersonStoreError.notKept(.restore, name: gone.name)) {
                try await store.restore(gone)
            }
            #expect(try await store.page(matching: "", from: .first, limit: 10) == before)
            // A bulk add ignores rules (COPY does) but not triggers: what it
            // says it added is what the table gained, all or nothing.
            let added = try? await store.add(validatingAll: [PersonDraft(name: "Grace Hopper")])
            #expect(try await store.count(matching: "") == before.count + (added ?? 0))
        }

        /// A write a rule sends to another table is said not kept.
        ///
        /// The rule's own command's row is counted, as if the write were
        /// done: an add, a delete and an undo's putting back must each be
        /// said not kept.
        @Test func aWriteARuleSendsElsewhereIsSaidNotKeptAndNothingChanges() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let server = try #require(LocalPostgreSQL.shared).get()
            try server.sql(
                address,
                """
                CREATE TABLE elsewhere AS SELECT id, name, address, email, added FROM person;
                CREATE RULE away_i AS ON INSERT TO person DO INSTEAD
                    INSERT INTO elsewhere VALUES (NEW.id, NEW.name, NEW.address, NEW.email, NEW.added);
                CREATE RULE away_d AS ON DELETE TO person DO INSTEAD
                    DELETE FROM elsewhere WHERE id = OLD.id;
                """)
            let before = try await store.page(matching: "", from: .first, limit: 10)
            let ada = try #require(before.first)
            await #expect(throws: PersonStoreError.notKept(.delete, name: ada.name)) {
                try await store.delete(ada)
            }
            await #expect(throws: PersonStoreError.notKept(.add, name: "Barbara Liskov")) {
                try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
            }
            let gone = Person(
                id: 99, name: "Edsger Dijkstra", address: "", email: nil, added: ada.added)
            await #expect(throws: PersonStoreError.notKept(.restore, name: gone.name)) {
                try await store.restore(gone)
            }
            #expect(try await store.page(matching: "", from: .first, limit: 10) == before)
            let elsewhere = try server.answer(address, "SELECT count(*) FROM elsewhere")
            #expect(elsewhere == "\(before.count)")
        }

        /// A write a trigger undoes, though the server counts it done.
        ///
        /// A trigger can put a deleted row back, keep the old values of an
        /// edit, or delete a new row again: each must be said, and a bulk
        /// add undone whole. The triggers act only on people's own writes,
        /// not on each other's.
        @Test func aWriteATriggerUndoesIsSaidNotKeptAndNothingChanges() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            try #require(LocalPostgreSQL.shared).get().sql(
                address,
                """
                CREATE FUNCTION back() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                    IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
                    INSERT INTO person (id, name, address, email, added)
                    VALUES (OLD.id, OLD.name, OLD.address, OLD.email, OLD.added);
                    RETURN NULL; END $$;
                CREATE TRIGGER back AFTER DELETE ON person FOR EACH ROW EXECUTE FUNCTION back();
                CREATE FUNCTION same() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                    RETURN OLD; END $$;
                CREATE TRIGGER same BEFORE UPDATE ON person FOR EACH ROW EXECUTE FUNCTION same();
                CREATE FUNCTION gone() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                    IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
                    DELETE FROM person WHERE id = NEW.id; RETURN NULL; END $$;
                CREATE TRIGGER gone AFTER INSERT ON person FOR EACH ROW EXECUTE FUNCTION gone();
                """)
            let before = try await store.page(matching: "", from: .first, limit: 10)
            let ada = try #require(before.first)
            await #expect(throws: PersonStoreError.notKept(.delete, name: ada.name)) {
                try await store.delete(ada)
            }
            await #expect(throws: PersonStoreError.notKept(.change, name: ada.name)) {
                try await store.update(ada, with: PersonDraft(name: "Ada King").validated())
            }
            await #expect(throws: PersonStoreError.notKept(.add, name: "Barbara Liskov")) {
                try await store.add(validating: PersonDraft(name: "Barbara Liskov"))
            }
            let gone = Person(
                id: 99, name: "Edsger Dijkstra", address: "", email: nil, added: ada.added)
            await #expect(throws: PersonStoreError.notKept(.restore, name: gone.name)) {
                try await store.restore(gone)
            }
            let bulk = await #expect(throws: PersonStoreError.self) {
                try await store.add(validatingAll: [PersonDraft(name: "Grace Hopper")])
            }
            #expect(
                bulk?.description.hasSuffix(
                    ": a trigger on the person table removed 1 of the 1 persons as they were added; none of the persons were added"
                ) == true, "\(String(describing: bulk))")
            #expect(try await store.page(matching: "", from: .first, limit: 10) == before)
            #expect(try await store.count(matching: "") == before.count)
        }

        /// A row security policy that leaves a person out of deletes is
        /// named with the triggers and rules that may stop a write, and
        /// `check` says row security is on and names the policies.
        @Test func aDeleteARowSecurityPolicyStopsIsSaidNotKeptAndCheckNamesIt() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            // The owner is exempt from its table's policies: a user is not.
            let role = "member_\(UUID().uuidString.prefix(8).lowercased())"
            for statement in [
                "CREATE ROLE \(role) LOGIN",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON person TO \(role)",
                "GRANT SELECT ON people_schema TO \(role)",
                "ALTER TABLE person ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY seen ON person FOR SELECT USING (true)",
                "CREATE POLICY locked ON person FOR UPDATE USING (true)",
                "CREATE POLICY kept ON person FOR DELETE USING (false)",
            ] {
                _ = try await other.run(statement)
            }
            let store = try PostgreSQLPersonStore(
                conninfo: address.replacingOccurrences(of: "people@", with: "\(role)@"))
            let ada = try #require(try await store.page(matching: "", from: .first, limit: 1).first)
            let deleting = await #expect(throws: PersonStoreError.self) {
                try await store.delete(ada)
            }
            #expect(
                deleting?.description
                    == "the delete of '\(ada.name)' was not kept: a trigger, rule or row security policy on the person table stopped it; nothing changed"
            )
            let notes = try await store.check(repairing: false).notes
            #expect(
                notes.contains(
                    "row security is enabled on person (another program's): its policies may hide persons from people or stop what it writes, and people shows what is stored"
                ), "\(notes)")
            #expect(
                notes.contains(
                    "policy 'kept' on person is another program's: kept; it may refuse or change what people writes, and people shows what is stored"
                ), "\(notes)")
        }

        @Test func checkNamesEveryTriggerAndRuleItDidNotMake() async throws {
            let store = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            try #require(LocalPostgreSQL.shared).get().sql(address, Self.stoppers.joined())
            let report = try await store.check(repairing: false)
            #expect(report.problems == [])
            for (kind, name) in [
                ("trigger", "keep"), ("rule", "keep_d"), ("rule", "keep_i"), ("rule", "keep_u"),
            ] {
                #expect(
                    report.notes.contains(
                        "\(kind) '\(name)' on person is another program's: kept; it may refuse or change what people writes, and people shows what is stored"
                    ), "\(report.notes)")
            }
        }

        /// Where a user's own schema comes first on the search path, as
        /// PostgreSQL recommends, the schema asked for holds the book every
        /// user opens; with none asked for, the one schema holding a book is
        /// found, and books in two are refused rather than one chosen.
        @Test func theBookIsInTheSchemaAskedForWhateverSchemaComesFirst() async throws {
            let server = try #require(LocalPostgreSQL.shared).get()
            // The role is `people`: its own schema is first on "$user", public.
            try server.sql(address, "CREATE SCHEMA people")
            let team = try PostgreSQLPersonStore(conninfo: address, schema: "public")
            let ada = try await team.add(validating: PersonDraft(name: "Ada Lovelace"))
            #expect(try server.answer(address, "SELECT name FROM public.person") == ada.name)
            #expect(try server.answer(address, "SELECT to_regclass('people.person')") == "")
            // Found without being named, by a reader and a writer.
            let found = try PostgreSQLPersonStore(conninfo: address, opening: .toRead)
            #expect(try await found.page(matching: "", from: .first, limit: 10) == [ada])
            let writer = try PostgreSQLPersonStore(conninfo: address)
            let grace = try await writer.add(validating: PersonDraft(name: "Grace Hopper"))
            #expect(try await team.count(matching: "") == 2)
            // An export and a consistent read open connections of their own.
            let exported = Locked<[Person]>([])
            try await found.forEachPage(matching: "", pageSize: 1) { page in
                exported.withLock { $0 += page }
                return true
            }
            #expect(exported.withLock { $0 } == [ada, grace])
            #expect(
                try await found.readingConsistently { try await found.count(matching: "") } == 2)
            // A second book, in the user's own schema, is never chosen unsaid.
            _ = try PostgreSQLPersonStore(conninfo: address, schema: "people")
            let refused = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: address)
            }
            #expect(
                refused?.description.hasSuffix(
                    "has a people book in each of the schemas 'people' and 'public' on the search path; choose one with --schema (or PEOPLE_SCHEMA)"
                ) == true, "\(String(describing: refused))")
            let missing = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(conninfo: address, schema: "nowhere")
            }
            #expect(
                missing?.description.hasSuffix(
                    "has no schema 'nowhere' (the schema asked for); make it (CREATE SCHEMA), or ask for one that exists"
                ) == true, "\(String(describing: missing))")
        }

        /// A schema asked for that the user may not use is refused.
        ///
        /// The server looks past a schema on the search path that its user
        /// may not use, so pinned first it would quietly open whichever
        /// book comes next.
        @Test func aSchemaTheUserMayNotUseIsRefusedNotLookedPast() async throws {
            _ = try PostgreSQLPersonStore(conninfo: address, startingWith: Person.samples)
            let other = try PostgreSQLConnection(conninfo: address)
            // Roles belong to the whole server, which other tests share.
            let role = "bob_\(UUID().uuidString.prefix(8).lowercased())"
            for statement in [
                "CREATE ROLE \(role) LOGIN", "CREATE SCHEMA secret",
                "GRANT USAGE, CREATE ON SCHEMA public TO \(role)",
                "GRANT ALL ON ALL TABLES IN SCHEMA public TO \(role)",
                "GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO \(role)",
            ] {
                _ = try await other.run(statement)
            }
            let refused = #expect(throws: PersonStoreError.self) {
                try PostgreSQLPersonStore(
                    conninfo: address.replacingOccurrences(of: "people@", with: "\(role)@"),
                    schema: "secret", opening: .toRead)
            }
            #expect(
                refused?.description.hasSuffix(
                    ": the user '\(role)' may not use the schema 'secret' (the schema asked for); its owner can let them (GRANT USAGE ON SCHEMA), or ask for another schema"
                ) == true, "\(String(describing: refused))")
        }

        /// A name of letters, some capital, some beyond ASCII, some decomposed.
        static func name(_ random: inout SeededGenerator) -> String {
            let pieces = [
                "a", "B", "ß", "Σ", "σ", "ς", "É", "e\u{301}", "İ", "ı", "Ǆ", "ǅ", "ﬀ", "Ω", "k",
                "K", "Ñ", "n", "Ø", "o", "ł", "Þ", "æ", "％",
                " ", "ü", "%", "_", "\\", "'",
            ]
            return (0..<Int.random(in: 1...8, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? "a"
            }.joined()
        }
    }
#endif
