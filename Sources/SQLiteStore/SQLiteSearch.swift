import Features

/// How one search runs on the database, chosen for what it is and for
/// how many persons it matches.
///
/// Every store promises the same search: persons one of whose fields,
/// folded, contains the folded text (``Features/PersonSearchText``: the
/// sort key, then the `search_fields` column, see
/// ``SQLiteSchema/searched(_:)``), in name order. The database answers it two ways, and
/// which is quicker depends on how many match:
///
/// - **Walking the name order** (the `person_order` index) and keeping persons
///   that contain the text. A page is found as soon as enough match, so this
///   is quick when many do: for a search that one name in twenty matches,
///   ten are found in about two hundred names.
/// - **Asking the trigram index** which persons match, then reading just
///   those and sorting them. Quick when few match: it never looks at the
///   others, but each match costs a row lookup, about sixteen times a step
///   along the index.
///
/// So the total comes first, and it is cheap whatever it is: the whole
/// list's is stored, a search of one to three characters looks it up in
/// `person_gram`, and a longer one counts the index's matches without
/// reading any row. Then a page or a position takes whichever way is
/// expected to touch less.
struct SQLiteSearch {
    /// The folded search text; empty for everyone.
    let folded: String
    /// Its length in Unicode scalars, as SQLite's `substr` and the trigram
    /// index count characters.
    private let length: Int
    private let kind: Kind

    private enum Kind {
        /// No text: everyone.
        case everyone
        /// Text holding the fields' separator, which would match across
        /// two fields: no one.
        case nobody
        /// One or two characters: counted in `person_gram`, found through
        /// the trigrams that begin with them.
        case short
        /// Three or more: counted and found as a phrase of trigrams.
        case long
        /// Text the index cannot be asked for (it holds the index's own
        /// sentinel, or a NUL), or an index that cannot be trusted: read
        /// every name, which is slow but exact.
        case unindexed
    }

    /// How many steps along the name index cost as much as one match read
    /// through the trigram index.
    private static let lookupCost = 16

    /// More trigram terms than this, and a short search walks the index
    /// instead of asking for each.
    private static let termLimit = 1_000

    /// The table of the trigram index's terms, which a short search looks
    /// through: a temporary table, this connection's alone and never written
    /// to the file.
    static let termsTable =
        "CREATE VIRTUAL TABLE temp.person_search_terms USING fts5vocab(main, person_search, 'row')"

    /// Whether the stored total, counts and index may be used.
    private let trusted: Bool

    /// The search for `search`, using the derived data only when `trusted`.
    init(_ search: String, trusted: Bool) {
        folded = PersonSortKey.fold(search)
        length = folded.unicodeScalars.count
        self.trusted = trusted
        if length == 0 {
            kind = .everyone
        } else if folded.contains(PersonSearchText.separator) {
            kind = .nobody
        } else if !trusted || folded.unicodeScalars.contains(where: Self.isUnindexable) {
            kind = .unindexed
        } else {
            kind = length < 3 ? .short : .long
        }
    }

    /// Whether the index cannot be asked for text holding `scalar`: its own
    /// sentinel; NUL, where the index stops; and U+FFFD, U+FFFE and U+FFFF,
    /// which its tokenizer folds together (with bytes that are not UTF-8),
    /// where a search compares them exactly.
    static func isUnindexable(_ scalar: Unicode.Scalar) -> Bool {
        scalar == SQLiteSchema.sentinel || scalar == "\0"
            || (0xFFFD...0xFFFF).contains(scalar.value)
    }

    /// The search as it runs now: walking the names, exact, while any sort
    /// key is odd (holds a NUL, or is too long to count; see `odd_keys`).
    private func current(in database: SQLiteConnection) throws(PersonStoreError) -> SQLiteSearch {
        switch kind {
        case .everyone, .nobody, .unindexed: return self
        case .short, .long:
            return try database.integer("SELECT odd_keys FROM person_state") > 0
                ? SQLiteSearch(folded, trusted: false) : self
        }
    }

    /// How many persons match: one lookup, or a count of index entries.
    func count(in database: SQLiteConnection) throws(PersonStoreError) -> Int {
        let current = try current(in: database)
        guard current.kind == kind else { return try current.count(in: database) }
        switch kind {
        case .everyone:
            return try total(in: database)
        case .nobody:
            return 0
        case .unindexed:
            return try database.integer(
                "SELECT count(*) FROM person WHERE instr(\(SQLiteSchema.searched()), ?) > 0",
                [.text(folded)])
        case .short, .long:
            guard length <= 3 else {
                return try database.integer(
                    "SELECT count(*) FROM person_search WHERE person_search MATCH ?",
                    [.text(phrase)])
            }
            // A count another program wrote directly may be anything: one
            // that cannot be right is not used.
            let stored = try database.rows(
                "SELECT n, typeof(n) FROM person_gram WHERE gram = ?", [.text(folded)]
            ).first
            guard let stored else { return 0 }
            guard stored.text(1) == "integer",
                (0...(try total(in: database))).contains(stored.integer(0))
            else { return try SQLiteSearch(folded, trusted: false).count(in: database) }
            return stored.integer(0)
        }
    }

    /// How many persons there are.
    private func total(in database: SQLiteConnection) throws(PersonStoreError) -> Int {
        trusted
            ? max(0, try database.integer("SELECT total FROM person_state"))
            : try database.integer("SELECT count(*) FROM person")
    }

    /// How the rows of a page, or before a position, are to be found.
    enum Route {
        /// Every row: no search.
        case everyone
        /// Along the name index, keeping persons whose text contains it.
        case walk
        /// Only the rows the trigram index names, through this `MATCH` query.
        case lookUp(String)
        /// Nothing matches.
        case none
    }

    /// What the rows are wanted for, which decides how many a walk reads.
    enum Purpose {
        /// A page of `wanted` rows after the first `skipped` matches.
        case page(wanted: Int, skipped: Int)
        /// Counting the matches before a key, anywhere in the list.
        case position
    }

    /// The quicker way to find the rows for `purpose`.
    func route(for purpose: Purpose, in database: SQLiteConnection) throws(PersonStoreError)
        -> Route
    {
        let current = try current(in: database)
        guard current.kind == kind else { return try current.route(for: purpose, in: database) }
        switch kind {
        case .everyone: return .everyone
        case .nobody: return .none
        case .unindexed: return .walk
        case .short, .long: break
        }
        let matches = try count(in: database)
        guard matches > 0 else { return .none }
        let total = Double(max(1, try total(in: database)))
        // A walk reads about total / matches names for each match it keeps;
        // counting up to a key may walk the whole list.
        let walked =
            switch purpose {
            case .page(let wanted, let skipped):
                min(total, total / Double(matches) * (Double(skipped) + Double(wanted)))
            case .position: total
            }
        guard walked > Double(matches) * Double(Self.lookupCost) else { return .walk }
        guard case .short = kind else { return .lookUp(phrase) }
        return try termsBeginning(in: database).map(Route.lookUp) ?? .walk
    }

    /// The search as an FTS5 phrase: its trigrams, one after another.
    private var phrase: String { Self.quoted(folded) }

    /// `text` as an FTS5 string, matched as written.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An FTS5 query for every trigram that begins with the (one or two
    /// character) search, or nil when there are too many to list.
    ///
    /// Every character and pair of characters in an indexed name begins a
    /// trigram, thanks to the two sentinels after it, so a name contains
    /// the search exactly when it holds one of these trigrams.
    private func termsBeginning(in database: SQLiteConnection) throws(PersonStoreError) -> String? {
        let highest = folded + String(repeating: "\u{10FFFF}", count: 3 - length)
        let terms = try database.rows(
            "SELECT term FROM temp.person_search_terms WHERE term >= ? AND term <= ? LIMIT ?",
            [.text(folded), .text(highest), .integer(Self.termLimit + 1)]
        ).compactMap { $0.text(0) }
        // None, when the count said some match, means another program
        // changed one table and not the other: walk, which is always exact.
        guard !terms.isEmpty, terms.count <= Self.termLimit else { return nil }
        return terms.map(Self.quoted).joined(separator: " OR ")
    }
}
