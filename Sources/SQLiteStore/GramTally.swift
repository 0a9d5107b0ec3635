import Features

/// Counts, over many names, how many contain each text of one to three
/// characters: what the `person_gram` table keeps.
///
/// The triggers count one name at a time in SQL, which is right for one
/// person and far too slow for a million (each name is some forty grams).
/// A bulk add, a rebuild and `people check` count here instead, then write or
/// compare the totals once. It must split names exactly as the triggers'
/// `substr` does: by Unicode scalar, each gram its exact bytes (two spellings
/// of "é" are two grams, as they are to SQLite), and a gram counted once
/// per name however often it occurs there. A name Swift cannot split as SQLite
/// does — text that is not valid UTF-8, or holds a NUL — is split by SQLite
/// itself, with the triggers' own statement.
///
/// ASCII grams — nearly all of them in most address books — are counted in
/// flat arrays indexed by their characters; any other gram by its bytes.
struct GramTally {
    /// Counts of ASCII grams, each at its slot: its width's start in
    /// `starts`, plus its characters read as a number in base 128.
    private var ascii: [Int32] = []
    /// For each ASCII gram, the last name that counted it, so a name counts
    /// each gram once without keeping a set per name.
    private var lastCounted: [Int32] = []
    private var others: [[UInt8]: Int] = [:]
    private var names: Int32 = 0

    /// The first slot of each width's grams: 128 single characters, then
    /// 128² pairs, then 128³ triples.
    private static let starts = [0, 128, 128 + 128 * 128]
    private static let slots = 128 + 128 * 128 + 128 * 128 * 128

    /// Counts the grams of one name, given as its UTF-8 bytes.
    ///
    /// - Returns: `false`, counting nothing, when SQLite would split the
    ///   bytes differently: they are not valid UTF-8, or hold a NUL.
    /// A name longer than `SQLiteSchema.gramLimit` characters counts nothing,
    /// as in the triggers.
    @discardableResult
    mutating func add(_ codes: some Collection<UInt8>) -> Bool {
        guard codes.allSatisfy({ $0 < 0x80 && $0 != 0 }) else { return addOthers(Array(codes)) }
        guard codes.count <= SQLiteSchema.gramLimit else { return true }
        names &+= 1
        let codes = Array(codes)
        if ascii.isEmpty {
            ascii = Array(repeating: 0, count: Self.slots)
            lastCounted = Array(repeating: 0, count: Self.slots)
        }
        for start in codes.indices {
            var code = 0
            for width in 1...3 where start + width <= codes.count {
                code = code * 128 + Int(codes[start + width - 1])
                let slot = Self.starts[width - 1] + code
                if lastCounted[slot] != names {
                    lastCounted[slot] = names
                    ascii[slot] += 1
                }
            }
        }
        return true
    }

    private mutating func addOthers(_ codes: [UInt8]) -> Bool {
        guard !codes.contains(0),
            let text = String(validating: codes, as: UTF8.self)
        else { return false }
        names &+= 1
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= SQLiteSchema.gramLimit else { return true }
        var seen: Set<[UInt8]> = []
        for start in scalars.indices {
            var gram: [UInt8] = []
            for width in 1...3 where start + width <= scalars.count {
                gram.append(contentsOf: String(scalars[start + width - 1]).utf8)
                if seen.insert(gram).inserted { others[gram, default: 0] += 1 }
            }
        }
        return true
    }

    /// The grams of every name that `rows` reads — an id, then the name as
    /// the search index holds it, with its two sentinels — from `table`,
    /// whose id column is `id`.
    static func counting(
        _ database: SQLiteConnection, table: String, id: String, indexed: String
    ) throws(PersonStoreError) -> GramTally {
        var tally = GramTally()
        let rows = try database.prepare("SELECT \(id), \(indexed) FROM \(table)")
        var irregular: [Int] = []
        while try rows.step() {
            let bytes = rows.bytes(1)
            if bytes.count < 2 || !tally.add(bytes.dropLast(2)) {
                irregular.append(rows.integer(0))
            }
        }
        let split = try database.prepare(
            SQLiteSchema.grams(of: indexed, from: table, where: "\(id) = ?"))
        for row in irregular {
            try split.bind([.integer(row)])
            var grams: Set<[UInt8]> = []
            while try split.step() { grams.insert(split.bytes(0)) }
            for gram in grams { tally.others[gram, default: 0] += 1 }
        }
        return tally
    }

    /// Every gram counted, with how many names contain it.
    private var counts: [[UInt8]: Int] {
        var counts = others
        for (slot, count) in ascii.enumerated() where count > 0 {
            counts[Self.gram(at: slot), default: 0] += Int(count)
        }
        return counts
    }

    /// Adds every count to the `person_gram` table.
    func write(to database: SQLiteConnection) throws(PersonStoreError) {
        let countGram = try database.prepare(
            "INSERT INTO person_gram (gram, n) VALUES (?, ?) ON CONFLICT (gram) DO UPDATE SET n = n + excluded.n"
        )
        for (gram, names) in counts {
            try countGram.bind([.textBytes(gram), .integer(names)])
            while try countGram.step() {}
        }
    }

    /// What `people check` finds when it holds this tally, counted from the
    /// names, against the derived data.
    struct Comparison {
        /// How many grams `person_gram` counts differently (a gram counted
        /// zero times may be missing there).
        let wrongCounts: Int
        /// How many texts of three characters the search index was asked for.
        let asked: Int
        /// How many of those it answered with the wrong number of persons.
        let wrongAnswers: Int
        /// How a search of the index failed, when one did.
        let failure: String?
    }

    /// Compares this tally with `person_gram`, and with what the search
    /// index answers for every text of three characters the names hold:
    /// a test of what searches find, not only of what the index stores,
    /// which a damaged index can still hold whole.
    ///
    /// - Parameters:
    ///   - askingTheIndex: whether to ask the index at all; not when it is
    ///     known to be broken, which may make every search fail.
    ///   - oddNames: how many names the tally leaves out (see `odd_keys`);
    ///     the index may find any of them as well.
    func compare(with database: SQLiteConnection, askingTheIndex: Bool, oddNames: Int)
        throws(PersonStoreError) -> Comparison
    {
        let counts = counts
        var expected = counts
        var wrongCounts = 0
        let stored = try database.prepare("SELECT gram, n, typeof(n) FROM person_gram")
        while try stored.step() {
            let gram = stored.bytes(0)
            let count = expected[gram] ?? 0
            expected[gram] = nil
            if stored.text(2) != "integer" || stored.integer(1) != count { wrongCounts += 1 }
        }
        wrongCounts += expected.count
        var asked = 0
        var wrongAnswers = 0
        guard askingTheIndex else {
            return Comparison(wrongCounts: wrongCounts, asked: 0, wrongAnswers: 0, failure: nil)
        }
        do throws(PersonStoreError) {
            let search = try database.prepare(
                "SELECT count(*) FROM person_search WHERE person_search MATCH ?")
            for (gram, names) in counts {
                // Only what a search would ask the index for.
                guard let text = String(validating: gram, as: UTF8.self),
                    text.unicodeScalars.count == 3,
                    !text.unicodeScalars.contains(where: SQLiteSearch.isUnindexable)
                else { continue }
                let phrase = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                try search.bind([.text(phrase)])
                let found = try search.step() ? search.integer(0) : 0
                asked += 1
                if found < names || found > names + oddNames { wrongAnswers += 1 }
            }
        } catch {
            return Comparison(
                wrongCounts: wrongCounts, asked: asked, wrongAnswers: wrongAnswers,
                failure: error.description)
        }
        return Comparison(
            wrongCounts: wrongCounts, asked: asked, wrongAnswers: wrongAnswers, failure: nil)
    }

    /// The ASCII text counted at `slot`.
    private static func gram(at slot: Int) -> [UInt8] {
        let width = starts.lastIndex { $0 <= slot } ?? 0
        var code = slot - starts[width]
        var bytes: [UInt8] = []
        for _ in 0...width {
            bytes.append(UInt8(code % 128))
            code /= 128
        }
        return bytes.reversed()
    }
}
