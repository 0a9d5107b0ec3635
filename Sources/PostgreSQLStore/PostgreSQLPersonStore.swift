#if PostgreSQL
    import Features
    import Foundation

    /// A store that keeps persons on a PostgreSQL server, so a team shares
    /// one address book.
    ///
    /// It keeps the same ``Features/PersonStore`` contract as the memory and
    /// SQLite stores — the same order, pages, search and conflicts — and the
    /// same contract tests run against all three. Nothing else in the app
    /// knows it is talking to a server: the store injector makes it for the
    /// `postgresql` store kind (which a `postgresql://` address chooses), and
    /// that `case` is the one place that names it.
    ///
    /// What differs is all inside:
    /// - Every call is one statement (or one transaction) on a connection
    ///   shared by the whole app, run off the caller's actor; a cancelled
    ///   call stops its statement on the server. An export and a consistent
    ///   read each use a connection of their own.
    /// - The sort key and the indexes are the server's to keep (see
    ///   `PostgreSQLSchema`), so any client's plain SQL leaves every answer
    ///   right.
    /// - A save or a delete locks the row, compares it with what was read,
    ///   and writes, in one transaction: of two people editing one person,
    ///   the second is refused.
    /// - The card beyond the name, street and preferred email is one
    ///   `jsonb` column beside theirs (``Features/StoredCard``), and its id
    ///   another, so other clients' SQL over the old columns keeps its
    ///   meaning.
    public final class PostgreSQLPersonStore: PersonStorage {
        private let connection: PostgreSQLConnection
        /// How to connect again, for a consistent read or a listener: the
        /// address as given, which may hold a password, so it is never shown.
        private let conninfo: String
        /// The search path pinned with the book's schema first, for every
        /// connection the store makes, so each finds the same book.
        private let searchPath: String?

        /// The server and database, as `host:port/name`: what a report or
        /// an error names.
        public let shownAddress: String

        /// Connects to the server with libpq's conventions (a URL or
        /// `key=value` pairs, `PGHOST` and the rest, `~/.pgpass`), and makes
        /// the schema when the database has none.
        ///
        /// - Parameters:
        ///   - conninfo: the address, as `psql` takes it.
        ///   - schema: the schema the book is in, or is to be made in; `nil`
        ///     finds it on the search path (see `PostgreSQLSchema`'s
        ///     `pinBook`).
        ///   - samples: the persons a new database starts with.
        ///   - opening: to use the book, or only to read it: a command that
        ///     only reads makes no schema in a database that has none.
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming
        ///   `host:port` and the reason: the server is down, the login is
        ///   refused, the database holds something else, or it holds no book
        ///   and is only to be read.
        public init(
            conninfo: String, schema: String? = nil, startingWith samples: [Person] = [],
            opening: Opening = .toUse
        ) throws(PersonStoreError) {
            let connection = try PostgreSQLConnection(conninfo: conninfo)
            self.connection = connection
            self.conninfo = conninfo
            shownAddress = "\(connection.place)/\(connection.database)"
            do {
                searchPath = try connection.synchronously { session in
                    try PostgreSQLSchema.pinBook(
                        in: session, schema: schema, creating: opening == .toUse)
                    return try session.rows("SELECT current_setting('search_path')", []) {
                        $0.text(0)
                    }.first
                }
                try connection.synchronously { session in
                    try session.transaction {
                        guard
                            try PostgreSQLSchema.prepare(in: session, creating: opening == .toUse),
                            !samples.isEmpty
                        else {
                            return
                        }
                        for person in samples {
                            _ = try session.rows(
                                "INSERT INTO person (id, name, address, email, added, card, uid) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                                [String(person.id)] + Self.values(of: person)
                            ) { _ in () }
                        }
                        try Self.moveIDsPastTheHighest(in: session)
                    }
                }
            } catch let error as PersonStoreError {
                throw error
            } catch {
                throw .storage("\(error)")
            }
        }

        /// Makes Ctrl-C (`SIGINT`) stop every statement people is running
        /// on a server, then end the program with status 130, as `psql`
        /// stops its own; `SIGTERM` and `SIGHUP` too, with 143 and 129.
        ///
        /// Without it the program would end and its statements would not:
        /// the server notices a client has gone only when it next writes to
        /// it. The composition root asks for it in every run that reaches a
        /// server but one: a full-screen session turns the signal into
        /// quitting, whose end of every scope's work cancels each statement,
        /// and gives the terminal back before the signal ends the program.
        /// Asked twice, it watches once.
        public static func stopStatementsOnInterrupt() {
            PostgreSQLConnection.stopStatementsOnInterrupt()
        }

        /// Sends every statement people runs now on any server its cancel
        /// request, and returns once each is sent (at most a few seconds):
        /// for a program a signal is about to end.
        ///
        /// A full-screen session that a signal ends cancels its scopes'
        /// work, and a cancelled call sends its request from another
        /// thread. The signal, raised again once the terminal is given
        /// back, could end the program before that thread ran, and the
        /// statement then went on waiting on the server. The composition
        /// root hands this to the terminal to run first.
        public static func stopRunningStatements() {
            PostgreSQLConnection.stopRunningStatements()
        }

        /// What a store is opened for.
        public enum Opening: Sendable {
            /// A command that writes: a database with no book gets one.
            case toUse
            /// A command that only reads (`list`, `show`, `export`,
            /// `check`): a database with no book is refused, and nothing is
            /// made in it.
            case toRead
        }

        public func answer(_ query: CountQuery) async throws -> Int {
            let count = Self.countStatement(matching: query.search)
            return try await reading { session in
                try session.rows(count.sql, count.parameters) { Int($0.text(0)) ?? 0 }.first ?? 0
            }
        }

        public func answer(_ query: PositionQuery) async throws -> Int {
            let (key, search) = (query.key, query.search)
            let filter = Self.filter(search, from: 3)
            return try await reading { session in
                try session.rows(
                    "SELECT count(*) FROM person WHERE (sort_name, id) < ($1, $2) AND \(filter.sql)",
                    Self.bound(key) + filter.parameters
                ) { Int($0.text(0)) ?? 0 }.first ?? 0
            }
        }

        public func answer(_ query: PageQuery) async throws -> [Person] {
            let (search, start) = (query.search, query.start)
            let limit = String(max(0, query.limit))
            let filter = Self.filter(search, from: 1)
            let select =
                "SELECT \(Self.columns) FROM person WHERE \(filter.sql)"
            let next = filter.parameters.count + 1
            let (statement, reversed): (PostgreSQLStatement, Bool) =
                switch start {
                case .offset(let offset):
                    (
                        Self.pageStatement(matching: search, offset: offset, limit: query.limit),
                        false
                    )
                case .after(let key):
                    (
                        PostgreSQLStatement(
                            sql:
                                "\(select) AND (sort_name, id) > ($\(next), $\(next + 1)) ORDER BY sort_name, id LIMIT $\(next + 2)",
                            parameters: filter.parameters + Self.bound(key) + [limit]), false
                    )
                case .before(let key):
                    (
                        PostgreSQLStatement(
                            sql:
                                "\(select) AND (sort_name, id) < ($\(next), $\(next + 1)) ORDER BY sort_name DESC, id DESC LIMIT $\(next + 2)",
                            parameters: filter.parameters + Self.bound(key) + [limit]), true
                    )
                case .last:
                    (
                        PostgreSQLStatement(
                            sql: "\(select) ORDER BY sort_name DESC, id DESC LIMIT $\(next)",
                            parameters: filter.parameters + [limit]), true
                    )
                }
            let page = try await reading { session in
                try session.rows(statement.sql, statement.parameters, reading: Self.person)
            }
            return reversed ? page.reversed() : page
        }

        /// The page, its total and its first row's index, in one statement.
        ///
        /// One statement is one round trip to the server and one snapshot.
        /// A page that needs a fallback (its persons were deleted
        /// meanwhile) costs a statement more for each.
        public func answer(_ query: ListPageQuery) async throws -> ListPage {
            let (search, start, size) = (query.search, query.start, max(1, query.size))
            let filter = Self.filter(search, from: 1)
            return try await reading { session in
                var page = try Self.listPage(filter, from: start, size: size, in: session)
                while let next = ListPage.fallback(
                    from: page.start, read: page.rows, total: page.total, size: size)
                {
                    page = try Self.listPage(filter, from: next, size: size, in: session)
                }
                return page
            }
        }

        /// The page from `start` in one statement: the page's rows, each
        /// with the total and the position of the page's first row beside
        /// it (one row of nulls when the page is empty, for the total).
        private static func listPage(
            _ filter: (sql: String, parameters: [String?]), from start: PageStart, size: Int,
            in session: PostgreSQLSession
        ) throws -> ListPage {
            let next = filter.parameters.count + 1
            let select = "SELECT \(columns) FROM person WHERE \(filter.sql)"
            let (page, parameters): (String, [String?]) =
                switch start {
                case .offset(let offset):
                    (
                        "\(select) ORDER BY sort_name, id LIMIT $\(next) OFFSET $\(next + 1)",
                        [String(size), String(max(0, offset))]
                    )
                case .after(let key):
                    (
                        "\(select) AND (sort_name, id) > ($\(next), $\(next + 1)) ORDER BY sort_name, id LIMIT $\(next + 2)",
                        Self.bound(key) + [String(size)]
                    )
                case .before(let key):
                    (
                        "\(select) AND (sort_name, id) < ($\(next), $\(next + 1)) ORDER BY sort_name DESC, id DESC LIMIT $\(next + 2)",
                        Self.bound(key) + [String(size)]
                    )
                case .last:
                    ("\(select) ORDER BY sort_name DESC, id DESC LIMIT $\(next)", [String(size)])
                }
            // A page by number starts at its offset, and the last page its
            // length from the end: no position to count.
            let position =
                if case .offset = start {
                    "NULL"
                } else if start == .last {
                    "NULL"
                } else {
                    "(SELECT count(*) FROM person WHERE \(filter.sql) AND (sort_name, id) < (SELECT sort_name, id FROM page ORDER BY sort_name, id LIMIT 1))"
                }
            let answer = try session.rows(
                """
                WITH page AS (\(page))
                SELECT (SELECT count(*) FROM person WHERE \(filter.sql)), \(position), page.*
                FROM (VALUES (1)) AS one LEFT JOIN page ON true ORDER BY page.sort_name, page.id
                """,
                filter.parameters + parameters
            ) { row in
                (
                    total: Int(row.text(0)) ?? 0, position: row.isNull(1) ? nil : Int(row.text(1)),
                    person: row.isNull(2) ? nil : person(row, from: 2)
                )
            }
            var firstIndex = 0
            if case .offset(let offset) = start { firstIndex = max(0, offset) }
            if start == .last {
                firstIndex = max(0, (answer.first?.total ?? 0) - answer.compactMap(\.person).count)
            }
            return ListPage(
                rows: answer.compactMap(\.person), total: answer.first?.total ?? 0,
                firstIndex: answer.first?.position ?? firstIndex, start: start)
        }

        public func answer(_ query: PersonWithIDQuery) async throws -> Person? {
            let id = query.id
            return try await reading { session in
                try session.rows(
                    "SELECT \(Self.columns) FROM person WHERE id = $1", [String(id)],
                    reading: Self.person
                ).first
            }
        }

        public func answer(_ query: AddQuery) async throws -> Person {
            let (draft, date) = (query.draft, query.date)
            let values = Self.values(of: draft, added: date)
            // The id is taken from the sequence first and written
            // explicitly, then that row is read back: a table with rules
            // refuses `RETURNING`, a rule that sends the insert elsewhere
            // still counts its own command's row, and `currval` would name
            // an earlier add of this session, or none.
            return try await writing { session in
                try Self.handingOutNewIDs(in: session) {
                    try session.transaction {
                        try Self.requireAnIDLeft(in: session)
                        let ids = try session.rows(
                            "SELECT nextval(pg_get_serial_sequence('person', 'id'))", []
                        ) { $0.text(0) }
                        guard let id = ids.first else {
                            throw PersonStoreError.notKept(.add, name: draft.name)
                        }
                        guard
                            try session.changed(
                                "INSERT INTO person (id, name, address, email, added, card, uid) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                                [id] + values) == 1
                        else { throw PersonStoreError.notKept(.add, name: draft.name) }
                        guard
                            let person = try session.rows(
                                "SELECT \(Self.columns) FROM person WHERE id = $1", [id],
                                reading: Self.person
                            ).first
                        else { throw PersonStoreError.notKept(.add, name: draft.name) }
                        return person
                    }
                }
            }
        }

        /// Adds every draft with one `COPY`, which the server takes all of
        /// or none of: the quickest way to give it many rows, and the drafts
        /// stream through, never all held at once.
        ///
        /// The persons an import puts back go first, in the same
        /// transaction, each as ``answer(_:)-(RestoreQuery)`` puts one back.
        public func answer(_ query: AddManyQuery) async throws -> Int {
            let (date, restored) = (query.date, query.restored)
            let feed = CopyFeed(query.drafts.makeIterator())
            do {
                // The rows stream once, so the call is never run again.
                return try await connection.exclusively(mayRunAgain: false) { session in
                    var sent = 0
                    let lines = IteratorSequence(try feed.take(from: session.place)).lazy.map {
                        sent += 1
                        return Self.copyLine($0, added: date)
                    }
                    // Nor can they be sent again after an id another client
                    // chose: the ids are moved past every stored one first.
                    try Self.requireAnIDLeft(in: session)
                    let given = try Self.lastIDGiven(in: session)
                    try Self.moveIDsPastTheHighest(in: session)
                    do {
                        // COPY runs no rules, but a trigger that returns NULL
                        // skips its row with no error: then the copy is undone,
                        // so the add is all of them or none, as promised.
                        return try session.transaction {
                            for person in restored { try Self.putBack(person, in: session) }
                            // The ids put back may be above every other.
                            if !restored.isEmpty { try Self.moveIDsPastTheHighest(in: session) }
                            let copied = try session.copy(
                                "COPY person (name, address, email, added, card, uid) FROM STDIN",
                                lines: lines
                            )
                            guard copied == sent else {
                                throw PersonStoreError.storage(
                                    "\(session.place)/\(session.database): a trigger on the person table stopped \(sent - copied) of the \(sent) persons as they were added; none of the persons were added"
                                )
                            }
                            // A trigger after the insert may delete the row
                            // again, which COPY still counts: the rows this
                            // transaction wrote (its id in `xmin`) must all
                            // be there.
                            let kept =
                                try session.rows(
                                    "SELECT count(*) FROM person WHERE xmin::text::bigint = txid_current() % 4294967296",
                                    []
                                ) { Int($0.text(0)) ?? 0 }.first ?? 0
                            guard kept >= restored.count + copied else {
                                throw PersonStoreError.storage(
                                    "\(session.place)/\(session.database): a trigger on the person table removed \(restored.count + copied - kept) of the \(restored.count + sent) persons as they were added; none of the persons were added"
                                )
                            }
                            return restored.count + copied
                        }
                    } catch let failure as PostgreSQLFailure
                        where failure.state == Self.noIDLeftState
                    {
                        try? Self.putBackIDs(at: given, in: session)
                        throw Self.noIDLeft(in: session)
                    }
                }
            } catch let failure as PostgreSQLFailure where failure.state == "57014" {
                throw await stoppedCopy(failure)
            } catch {
                throw Self.storeError(error)
            }
        }

        /// What to say when the server stopped a bulk add: none was added,
        /// and when its `statement_timeout` did it, that the same add would
        /// be stopped again, and what would let it through.
        private func stoppedCopy(_ failure: PostgreSQLFailure) async -> PersonStoreError {
            let limit =
                (try? await connection.run("SELECT current_setting('statement_timeout')"))?
                .first?.first ?? nil
            // The server says which stop it was: a cancel by someone else
            // is no reason to blame the time limit.
            guard let limit, limit != "0", failure.message.contains("statement timeout") else {
                return .storage("\(failure.message); none of the persons were added")
            }
            return .storage(
                "\(failure.message) (the server's statement_timeout, \(InertText.clipped(limit)), stopped the add): none of the persons were added, and as many again would be stopped again; raise statement_timeout (PGOPTIONS='-c statement_timeout=0', say) or add fewer at a time"
            )
        }

        public func answer(_ query: UpdateQuery) async throws -> Person {
            let (opened, draft) = (query.opened, query.draft)
            let values = Self.values(of: draft, added: opened.added)
            let updated = try await writing { session in
                try session.transaction {
                    try Self.requireUnchanged(opened, in: session)
                    let card =
                        try session.rows(
                            "SELECT card::text FROM person WHERE id = $1", [String(opened.id)]
                        ) { $0.isNull(0) ? nil : $0.text(0) }.first ?? nil
                    if let refusal = StoredCard.saveRefusal(
                        overCard: card, of: opened.id, named: opened.name)
                    {
                        throw refusal
                    }
                    guard
                        try session.changed(
                            "UPDATE person SET name = $2, address = $3, email = $4, card = $5, uid = $6 WHERE id = $1",
                            [String(opened.id)] + values.prefix(3) + values.suffix(2)) == 1
                    else { throw PersonStoreError.notKept(.change, name: opened.name) }
                    // Read back, not made from the draft: a trigger may
                    // have changed what was written, or kept none of it.
                    let stored = try session.rows(
                        "SELECT \(Self.columns) FROM person WHERE id = $1", [String(opened.id)],
                        reading: Self.person)
                    if let person = stored.first, person.keptNone(of: draft, over: opened) {
                        throw PersonStoreError.notKept(.change, name: opened.name)
                    }
                    return stored
                }
            }
            guard let person = updated.first else {
                throw PersonStoreError.deletedElsewhere(name: opened.name)
            }
            return person
        }

        public func answer(_ query: DeleteQuery) async throws {
            let opened = query.opened
            try await writing { session in
                try session.transaction {
                    try Self.requireUnchanged(opened, in: session)
                    // The row is locked and was there: a count of 0 is a
                    // trigger or rule that stopped the delete. A count of 1
                    // is not proof either: a rule that deletes elsewhere
                    // counts its own command's row, and a trigger may put
                    // the row back; so the row must be gone as well.
                    guard
                        try session.changed("DELETE FROM person WHERE id = $1", [String(opened.id)])
                            == 1,
                        try !Self.holds(opened.id, in: session)
                    else { throw PersonStoreError.notKept(.delete, name: opened.name) }
                }
            }
        }

        /// Whether the table holds a row with `id`, as this transaction
        /// sees it: what a write the server counted must be checked by,
        /// since a rule counts its own command's rows and a trigger may
        /// undo a row after it is written.
        private static func holds(_ id: Person.ID, in session: PostgreSQLSession) throws -> Bool {
            try !session.rows("SELECT 1 FROM person WHERE id = $1", [String(id)]) { _ in true }
                .isEmpty
        }

        /// Throws unless the row with `opened`'s id still holds the values
        /// it was read with; locks the row until the transaction ends, so
        /// no other client changes it between this check and the write.
        private static func requireUnchanged(_ opened: Person, in session: PostgreSQLSession)
            throws
        {
            guard
                let stored = try session.rows(
                    "SELECT \(columns) FROM person WHERE id = $1 FOR UPDATE", [String(opened.id)],
                    reading: person
                ).first
            else { throw PersonStoreError.deletedElsewhere(name: opened.name) }
            guard stored.hasSameValues(as: opened) else {
                throw PersonStoreError.changedElsewhere(name: opened.name)
            }
        }

        public func answer(_ query: RestoreQuery) async throws {
            let person = query.person
            try await writing { session in
                try session.transaction { try Self.putBack(person, in: session) }
            }
        }

        /// Inserts `person` with their own id, inside the caller's
        /// transaction.
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` when the id
        ///   is taken; ``Features/PersonStoreError/notKept(_:name:)`` when
        ///   a rule or trigger kept the row from the table.
        private static func putBack(_ person: Person, in session: PostgreSQLSession) throws {
            let taken = PersonStoreError.storage(
                "cannot restore \(InertText.clipped(person.name)): id \(person.id) is taken")
            // Not `ON CONFLICT`, which a table with rules refuses: an id
            // taken between the look and the insert fails the insert on
            // the key, and says the same.
            let found = try session.rows(
                "SELECT 1 FROM person WHERE id = $1", [String(person.id)]
            ) { _ in true }
            guard found.isEmpty else { throw taken }
            let inserted: Int
            do {
                inserted = try session.changed(
                    "INSERT INTO person (id, name, address, email, added, card, uid) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    [String(person.id)] + values(of: person))
            } catch let failure as PostgreSQLFailure
                where failure.state == "23505" && failure.message.contains("person_pkey")
            {
                throw taken
            }
            // Read back too: a rule that sends the insert to another table
            // counts its own command's row.
            guard inserted == 1, try holds(person.id, in: session) else {
                throw PersonStoreError.notKept(.restore, name: person.name)
            }
        }

        /// Reads every page `body` asks for from one snapshot: a connection
        /// of its own, in a `REPEATABLE READ` transaction, which the store's
        /// reads inside `body` use instead of the shared one.
        public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
            async throws -> T
        {
            let conninfo = conninfo
            let snapshot = try await PostgreSQLConnection.opening(
                conninfo: conninfo, searchPath: searchPath)
            _ = try await snapshot.exclusively { session in
                try session.script("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            }
            do {
                let result = try await Self.$snapshot.withValue(
                    Snapshot(store: ObjectIdentifier(self), connection: snapshot), operation: body)
                _ = try? await snapshot.exclusively { try $0.script("COMMIT") }
                return result
            } catch {
                throw Self.storeError(error)
            }
        }

        /// Reads every person matching `search` through one cursor into a
        /// ``PersonSpool``, and hands them to `body` from there a page at a
        /// time, meanwhile.
        ///
        /// The cursor lives on a connection of its own, in a `REPEATABLE
        /// READ` transaction: the server plans the whole answer once (for
        /// all of it, not its first rows) and hands it over `pageSize` at a
        /// time, instead of finding each page's start again. Two `FETCH`es
        /// always wait on the connection's queue ahead of the page being
        /// kept, so the server goes from one page to the next with no wait
        /// for a thread to wake up.
        ///
        /// A task of its own reads the pages into the spool as fast as the
        /// server sends them, and ends the transaction; `body` takes them
        /// out as they come. However slowly `body` writes (`people export |
        /// less`), the transaction is over once the server has sent the
        /// last page: no statement runs and no transaction sits idle on the
        /// server, holding back its vacuum. The export is still one
        /// snapshot, as ``readingConsistently(_:)`` promises.
        ///
        /// An empty search exports the persons another client left with no
        /// name (no page of the list shows them; `check` names them) too,
        /// after the others, with an empty name: an export is a copy of the
        /// book, and leaves no one out unsaid.
        public func forEachPage(
            matching search: String, pageSize: Int,
            _ body: @Sendable ([Person]) async throws -> Bool
        ) async throws {
            let query = Self.exportStatement(matching: search)
            let pageSize = max(1, pageSize)
            let conninfo = conninfo
            let (writer, reader) = try PersonSpool.opened()
            let cursor: PostgreSQLConnection
            do {
                cursor = try await PostgreSQLConnection.opening(
                    conninfo: conninfo, searchPath: searchPath)
                try await cursor.exclusively { session in
                    try session.script("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    try session.script("SET LOCAL cursor_tuple_fraction = 1")
                    _ = try session.rows(
                        "DECLARE export NO SCROLL CURSOR FOR \(query.sql)", query.parameters
                    ) { _ in () }
                }
            } catch {
                throw Self.storeError(error)
            }
            // How many persons are in the spool whole, as each page goes in.
            let (kept, keeping) = AsyncThrowingStream<Int, any Error>.makeStream()
            let reading = Task {
                // A FETCH cannot be run again after a ROLLBACK: the cursor
                // is gone with it.
                let fetch = {
                    cursor.queued(mayRunAgain: false) {
                        try $0.kept("FETCH \(pageSize) FROM export")
                    }
                }
                do {
                    var ahead = [fetch(), fetch()]
                    var stored = 0
                    while !ahead.isEmpty {
                        let rows = try await ahead.removeFirst().answer()
                        let isFull = rows.count >= pageSize
                        if isFull { ahead.append(fetch()) }
                        let persons = rows.rows(reading: Self.person)
                        try writer.append(persons)
                        stored += persons.count
                        keeping.yield(stored)
                        guard isFull else { break }
                    }
                    try await cursor.exclusively { try $0.script("COMMIT") }
                    keeping.finish()
                } catch {
                    // Stopped (the reader is done, or cancelled) or failed:
                    // the transaction ends now either way, unwaited for.
                    _ = cursor.queued(mayRunAgain: false) { try $0.script("ROLLBACK") }
                    keeping.finish(throwing: Self.storeError(error))
                }
            }
            try await withTaskCancellationHandler {
                var available = 0
                var counts = kept.makeAsyncIterator()
                while true {
                    while available - reader.taken < pageSize, let more = try await counts.next() {
                        available = more
                    }
                    try Task.checkCancellation()
                    let page = try reader.next(pageSize, of: available)
                    guard !page.isEmpty, try await body(page) else { break }
                }
            } onCancel: {
                reading.cancel()
            }
            // A reader that stopped early needs no more pages. The
            // connection is kept to here, idle once the pages are read, so
            // `pg_stat_activity` names the export as long as it runs.
            reading.cancel()
            withExtendedLifetime(cursor) {}
        }

        /// Looks for each index and trigger the server keeps for the book,
        /// the sort key's and the search text's expressions and collations,
        /// the function the search text calls, and persons another client
        /// left with no name; with `repairing`, makes again any piece that
        /// is missing, invalid, disabled or changed.
        ///
        /// The triggers and rules another client put on the table are
        /// named in notes: kept, but they may stop what people writes.
        ///
        /// The values of the sort key and the search text need no check:
        /// they are generated columns, which the server computes for every
        /// row, whoever wrote it (a changed function is made again, and the
        /// search text with it, so every row's is computed anew).
        public func answer(_ query: CheckQuery) async throws -> StoreCheck {
            let repairing = query.repairing
            let address = shownAddress
            return try await writing { session in
                try session.script(PostgreSQLSchema.probe)
                func problems() throws -> [(String, String)] {
                    let probing = try session.rows(PostgreSQLSchema.searchProbeCanBeMade, []) {
                        $0.text(0) == "t"
                    }
                    if probing.first == true { try session.script(PostgreSQLSchema.searchProbe) }
                    let nameless =
                        try session.rows("SELECT count(*) FROM person WHERE name IS NULL", []) {
                            Int($0.text(0)) ?? 0
                        }.first ?? 0
                    // Said on its own line, with nothing to run: the name
                    // column's repair names them.
                    let persons = nameless == 1 ? "1 person has" : "\(nameless) persons have"
                    let skipped =
                        nameless == 0
                        ? [] : [("\(persons) no name (NULL), which no page of the list shows", "")]
                    return try skipped + Self.unreadableCards(in: session).map { ($0, "") }
                        + PostgreSQLSchema.derived.compactMap { piece in
                            let fine = try session.rows(piece.exists, []) { $0.text(0) == "t" }
                            guard fine.first != true else { return nil }
                            let problem =
                                fine.isEmpty
                                ? "the \(piece.kind) \(piece.name) is missing"
                                : "the \(piece.kind) \(piece.name) is not as people made it"
                            return (problem, piece.make)
                        }
                }
                let found = try problems()
                let nonPositive =
                    try session.rows("SELECT count(*) FROM person WHERE id <= 0", []) {
                        Int($0.text(0)) ?? 0
                    }.first ?? 0
                let notes =
                    try PostgreSQLSchema.foreignObjectNotes(in: session)
                    + [StoreCheck.nonPositiveIDsNote(count: nonPositive)].compactMap { $0 }
                guard repairing, !found.isEmpty else {
                    return StoreCheck(
                        store: address, notes: notes, problems: found.map(\.0), remaining: nil)
                }
                try session.transaction {
                    for (_, make) in found where !make.isEmpty { try session.script(make) }
                }
                return StoreCheck(
                    store: address, notes: notes, problems: found.map(\.0),
                    remaining: try problems().map(\.0))
            }
        }

        /// A line for each person (the first ten, by id) whose card
        /// another client stored so that it does not read whole, as
        /// ``Features/StoredCard/problem(in:)`` says, and one for the rest.
        ///
        /// Such a person reads as what their card does hold; the card is
        /// theirs, so it is named, never written over (a save over it is
        /// refused): each line comes with nothing to run. Every card is read
        /// as text, whatever the column's type, a few thousand at a time.
        private static func unreadableCards(in session: PostgreSQLSession) throws -> [String] {
            var found: [String] = []
            var unnamed = 0
            var after = Person.ID.min
            while true {
                let batch = try session.rows(
                    "SELECT id, name, card::text FROM person WHERE card IS NOT NULL AND id > $1 ORDER BY id LIMIT 5000",
                    [String(after)]
                ) { row in
                    (
                        id: Person.ID(row.text(0)) ?? after, name: row.isNull(1) ? "" : row.text(1),
                        problem: StoredCard.problem(in: row.text(2))
                    )
                }
                for row in batch {
                    guard let problem = row.problem else { continue }
                    guard found.count < 10 else {
                        unnamed += 1
                        continue
                    }
                    found.append(
                        "person \(row.id) \(InertText.quoted(row.name, limit: 40)): \(problem)")
                }
                guard batch.count == 5000, let last = batch.last?.id, last > after else { break }
                after = last
            }
            guard unnamed > 0 else { return found }
            return found + [
                "\(unnamed) more \(unnamed == 1 ? "person's card does" : "persons' cards do") not read whole either"
            ]
        }

        // MARK: - Running calls

        /// The connection a consistent read set for this store, if any.
        private struct Snapshot: Sendable {
            let store: ObjectIdentifier
            let connection: PostgreSQLConnection
        }

        @TaskLocal private static var snapshot: Snapshot?

        /// Runs a read on the snapshot's connection inside
        /// ``readingConsistently(_:)``, or on the shared one.
        private func reading<T: Sendable>(
            _ body: @escaping @Sendable (PostgreSQLSession) throws -> T
        ) async throws -> T {
            var connection = connection
            if let snapshot = Self.snapshot, snapshot.store == ObjectIdentifier(self) {
                connection = snapshot.connection
            }
            do {
                return try await connection.exclusively(body)
            } catch {
                throw Self.storeError(error)
            }
        }

        /// Runs a write on the shared connection.
        private func writing<T: Sendable>(
            _ body: @escaping @Sendable (PostgreSQLSession) throws -> T
        ) async throws -> T {
            do {
                return try await connection.exclusively(body)
            } catch {
                throw Self.storeError(error)
            }
        }

        /// What the app's callers see for `error`: the store's own errors
        /// and cancellation as they are, the server's as one storage line.
        private static func storeError(_ error: any Error) -> any Error {
            (error as? PostgreSQLFailure)?.storeError ?? error
        }

        /// Runs `insert`; when another client stored an id the sequence has
        /// yet to hand out, moves the sequence past every stored id and runs
        /// it once more, so an add never fails on an id it did not choose.
        ///
        /// A sequence with no id left is moved too (it may come back down;
        /// see ``moveIDsPastTheHighest(in:)``); when it still has none,
        /// says why (``noIDLeft(in:)``).
        private static func handingOutNewIDs<T>(
            in session: PostgreSQLSession, _ insert: () throws -> T
        ) throws -> T {
            do {
                do {
                    return try insert()
                } catch let failure as PostgreSQLFailure
                    where failure.state == noIDLeftState
                    || (failure.state == "23505" && failure.message.contains("person_pkey"))
                {
                    try moveIDsPastTheHighest(in: session)
                    return try insert()
                }
            } catch let failure as PostgreSQLFailure where failure.state == noIDLeftState {
                throw noIDLeft(in: session)
            }
        }

        /// Moves the id sequence up to the highest stored id, so the next id
        /// it hands out is above every one; never down, which would hand out
        /// a deleted person's id again, and not at all when it is there
        /// already: set to what this transaction sees while another
        /// client's uncommitted add takes ids, it would hand theirs out
        /// again.
        ///
        /// But for one case: a sequence that has reached the largest id
        /// there is (it followed a person another client stored there) can
        /// give no id at all, so once that person is gone or renumbered it
        /// comes back down to the highest stored id; else every later add
        /// would fail for good.
        private static func moveIDsPastTheHighest(in session: PostgreSQLSession) throws {
            try session.script(
                """
                SELECT setval(sequence, greatest(stored.top, 1))
                FROM CAST(pg_get_serial_sequence('person', 'id') AS regclass) AS sequence,
                    LATERAL (SELECT max(id) AS top FROM person) AS stored,
                    LATERAL (SELECT pg_sequence_last_value(sequence) AS last) AS given
                WHERE coalesce(stored.top, 0) > coalesce(given.last, 0)
                    OR (given.last = \(Int64.max) AND coalesce(stored.top, 0) < given.last)
                """)
        }

        /// Throws ``noIDLeft(in:)`` when a person is stored at the largest
        /// id there is, before the sequence is moved or an id taken.
        ///
        /// Each new person gets an id above every stored one, and there is
        /// none above that one; moved there, the sequence would stay at the
        /// top after the refused add, since a rollback does not undo
        /// `setval`, and every other program's insert would fail with it.
        private static func requireAnIDLeft(in session: PostgreSQLSession) throws {
            let top = try session.rows("SELECT max(id) = \(Int64.max) FROM person", []) {
                $0.text(0)
            }
            if top.first == "t" { throw noIDLeft(in: session) }
        }

        /// The last id the sequence gave, or `nil` when it has given none.
        private static func lastIDGiven(in session: PostgreSQLSession) throws -> String? {
            try session.rows(
                "SELECT pg_sequence_last_value(CAST(pg_get_serial_sequence('person', 'id') AS regclass))",
                []
            ) { $0.isNull(0) ? nil : $0.text(0) }.first ?? nil
        }

        /// Puts the sequence back where a bulk add found it, when moving it
        /// past another client's id at the very top left it with no id to
        /// give and the add failed.
        ///
        /// A rollback does not undo `setval`: left there, once that person
        /// is gone every other program's insert would still fail, for an
        /// add that changed nothing. Only a sequence still at the top is
        /// put back, so no id another client took meanwhile is given again.
        private static func putBackIDs(at given: String?, in session: PostgreSQLSession) throws {
            _ = try session.rows(
                """
                SELECT setval(sequence, $1, $2)
                FROM CAST(pg_get_serial_sequence('person', 'id') AS regclass) AS sequence
                WHERE pg_sequence_last_value(sequence) = \(Int64.max)
                """, [given ?? "1", given == nil ? "false" : "true"]
            ) { _ in () }
        }

        /// The SQLSTATE of a sequence with no value left to give.
        private static let noIDLeftState = "2200H"

        /// What to say when the sequence has no id left to give: which id
        /// stands in the way, and what lets the adds go on.
        ///
        /// people gives each new person an id above every stored one, so
        /// one person another client stored at or near the largest id there
        /// is (9223372036854775807) leaves none. Ids below it are not taken
        /// instead: one of them may be a deleted person's, whom an undo
        /// puts back with that id.
        private static func noIDLeft(in session: PostgreSQLSession) -> PersonStoreError {
            let highest =
                (try? session.rows("SELECT max(id) FROM person", []) { $0.text(0) })?.first ?? "?"
            let shown = InertText.clipped(highest)
            return .storage(
                "\(session.place)/\(session.database): no id is left above \(shown), the highest stored id (another client gave it), and people gives each new person an id above every stored one; give that person a smaller id (UPDATE person SET id = … WHERE id = \(shown)) and add again; nothing was added"
            )
        }
    }

    // MARK: - Rows and values

    extension PostgreSQLPersonStore {
        static let columns = "id, name, address, email, added, sort_name, card, uid"

        /// A person from a row of ``columns``.
        ///
        /// Another client may have stored any values the columns allow;
        /// none of them can crash us. The card is read as its text, which
        /// ``Features/StoredCard`` reads as untrusted: any JSON, or none.
        @Sendable fileprivate static func person(_ row: PostgreSQLRow) -> Person {
            person(row, from: 0)
        }

        /// A person from the row's columns ``columns``, the first at `first`.
        fileprivate static func person(_ row: PostgreSQLRow, from first: Int) -> Person {
            Person(
                id: Int(row.text(first)) ?? 0, name: row.text(first + 1),
                details: StoredCard.details(
                    json: row.isNull(first + 6) ? nil : row.text(first + 6),
                    street: row.text(first + 2),
                    email: row.isNull(first + 3) ? nil : row.text(first + 3),
                    uid: row.isNull(first + 7) ? nil : row.text(first + 7)),
                added: StoredDate.date(fromSeconds: Double(row.text(first + 4)) ?? 0),
                sortName: row.text(first + 5))
        }

        /// Name, street, preferred email, date, card and card id, as
        /// parameters `$1`…`$6`.
        fileprivate static func values(of draft: ValidatedDraft, added: Date) -> [String?] {
            [draft.name, draft.address, draft.email, "\(StoredDate.seconds(of: added))"]
                + card(of: draft.details)
        }

        /// A stored person's values, as parameters, to store them again.
        fileprivate static func values(of person: Person) -> [String?] {
            values(of: ValidatedDraft(storing: person), added: person.added)
        }

        /// The card's JSON and its id, each `nil` (NULL) when it holds
        /// nothing: so a person with no more than a name, a street and an
        /// email is stored as earlier releases stored one.
        private static func card(of details: ContactDetails) -> [String?] {
            let json = StoredCard.json(of: details)
            return [json == "{}" ? nil : json, details.uid.isEmpty ? nil : details.uid]
        }

        /// A draft as one line of `COPY`'s text format.
        fileprivate static func copyLine(_ draft: ValidatedDraft, added: Date) -> String {
            values(of: draft, added: added).map { $0.map(copyField) ?? "\\N" }
                .joined(separator: "\t") + "\n"
        }

        /// `text` with what `COPY` reads as structure (backslash, tab, line
        /// ends) escaped.
        private static func copyField(_ text: String) -> String {
            guard
                text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            else { return text }
            var escaped = ""
            for character in text.unicodeScalars {
                switch character {
                case "\\": escaped += "\\\\"
                case "\t": escaped += "\\t"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                default: escaped.unicodeScalars.append(character)
                }
            }
            return escaped
        }

        /// `key` as the two parameters a page or a position compares
        /// `(sort_name, id)` with: a key that orders every stored row as
        /// `key` does.
        ///
        /// The server's text cannot hold a NUL, so no key it folds has one;
        /// a key that does comes from elsewhere (a cursor typed by hand, or
        /// read from an SQLite book another program wrote), and its text
        /// cannot be sent. A key "p␀…" sorts after "p" and before every other
        /// name that starts with "p", exactly as ("p\u{1}", the least id)
        /// does among names with no NUL, so that key is sent instead.
        fileprivate static func bound(_ key: PersonSortKey) -> [String?] {
            let text = key.foldedName.utf8
            guard let nul = text.firstIndex(of: 0) else {
                return [key.foldedName, String(key.id)]
            }
            return [String(decoding: text[..<nul], as: UTF8.self) + "\u{1}", String(Int.min)]
        }

        /// The condition for a search, with its parameters numbered from
        /// `first`: everyone with a key for an empty search, else the
        /// persons whose search text (``Features/PersonSearchText``, kept by
        /// the server in `search_text`) holds the folded text.
        ///
        /// The text is folded by the server, with the same fold as the
        /// search texts, so the two always agree; `LIKE`'s own characters
        /// are escaped after it, so the text is data, never a pattern: the
        /// fold itself makes a full-width "％" a "%". A search holding the
        /// fields' separator, U+001F, would match across two fields, so it
        /// finds no one, as ``Features/PersonSearchText/contains(folded:)``
        /// says.
        static func filter(_ search: String, from first: Int) -> (
            sql: String, parameters: [String?]
        ) {
            // A person another client left with no name has no key
            // either: never on a page, so never counted.
            guard !search.isEmpty else { return ("sort_name IS NOT NULL", []) }
            // The server's text cannot hold a NUL, so no key has one, and a
            // search holding one (typed, or piped to the line front end)
            // finds no one, as in every store, instead of failing.
            guard !search.utf8.contains(0), !search.utf8.contains(0x1F) else {
                return ("false", [])
            }
            var escaped = PostgreSQLSchema.fold("$\(first)::text")
            for special in ["chr(92)", "'%'", "'_'"] {
                escaped = "replace(\(escaped), \(special), chr(92) || \(special))"
            }
            return ("search_text LIKE ('%' || \(escaped) || '%') COLLATE \"C\"", [search])
        }
    }

    /// A bulk add's drafts, handed once to the connection's queue.
    ///
    /// `@unchecked Sendable` because the compiler cannot see what is true
    /// here: the caller gave the sequence away (`sending`), it yields
    /// `Sendable` drafts, and it is taken once and read on one thread.
    private final class CopyFeed: @unchecked Sendable {
        private var drafts: AnyIterator<ValidatedDraft>?

        init(_ drafts: AnyIterator<ValidatedDraft>) {
            self.drafts = drafts
        }

        /// The drafts, the first time; a second take (a call run again) is
        /// refused, so no row is ever sent twice.
        func take(from place: String) throws -> AnyIterator<ValidatedDraft> {
            guard let taken = drafts else {
                throw PersonStoreError.storage(
                    "\(place): the persons were already sent once, and none were added")
            }
            drafts = nil
            return taken
        }
    }
#endif
