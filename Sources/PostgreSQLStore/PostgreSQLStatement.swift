#if PostgreSQL
    /// A statement the store sends, with its parameters.
    ///
    /// The store builds its count, its page by number and its export's
    /// cursor from these, and `server-benchmark` hands the same ones to
    /// `psql`: a comparison of the store against `psql` is then one of the
    /// store's own cost, never of two different queries. (Until 2026-11-28
    /// the benchmark typed its own SQL; the store had meanwhile learnt to
    /// leave out persons with no name, and the "same" count ran a
    /// different plan, at half the store's time.)
    public struct PostgreSQLStatement: Sendable, Equatable {
        /// The SQL, with its parameters written `$1`, `$2` and so on.
        public let sql: String
        /// Each parameter as text, `nil` for SQL's `NULL`.
        public let parameters: [String?]

        /// The statement with each parameter written into it as a quoted
        /// literal, for a client that cannot bind parameters (`psql` before
        /// version 16).
        ///
        /// A literal in quotes has no type until the statement gives it
        /// one, as a bound parameter has none: the server plans both alike.
        public var inlined: String {
            var text = sql
            // `$12` before `$1`, so the shorter name never eats the longer.
            for (index, value) in parameters.enumerated().reversed() {
                let literal =
                    value.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
                    ?? "NULL"
                text = text.replacingOccurrences(of: "$\(index + 1)", with: literal)
            }
            return text
        }
    }

    extension PostgreSQLPersonStore {
        /// The count of the persons matching `search`: those whose search
        /// text (every field, folded) holds the folded text, or everyone
        /// with a name.
        public static func countStatement(matching search: String) -> PostgreSQLStatement {
            let filter = filter(search, from: 1)
            return PostgreSQLStatement(
                sql: "SELECT count(*) FROM person WHERE \(filter.sql)",
                parameters: filter.parameters)
        }

        /// The page of at most `limit` persons matching `search`, in the
        /// list's order, from the `offset`th.
        public static func pageStatement(matching search: String, offset: Int, limit: Int)
            -> PostgreSQLStatement
        {
            let filter = filter(search, from: 1)
            let next = filter.parameters.count + 1
            return PostgreSQLStatement(
                sql:
                    "SELECT \(columns) FROM person WHERE \(filter.sql) ORDER BY sort_name, id LIMIT $\(next) OFFSET $\(next + 1)",
                parameters: filter.parameters + [String(max(0, limit)), String(max(0, offset))])
        }

        /// The query an export's cursor reads: every person matching
        /// `search` in the list's order — for an empty search, the persons
        /// another client left with no name too, after the others.
        public static func exportStatement(matching search: String) -> PostgreSQLStatement {
            let filter: (sql: String, parameters: [String?]) =
                search.isEmpty ? ("true", []) : filter(search, from: 1)
            return PostgreSQLStatement(
                sql: "SELECT \(columns) FROM person WHERE \(filter.sql) ORDER BY sort_name, id",
                parameters: filter.parameters)
        }
    }
#endif
