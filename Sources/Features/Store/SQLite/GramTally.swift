/// Counts, over many folded names, how many contain each text of one to
/// three characters: what the `person_gram` table keeps.
///
/// The table's triggers count one name at a time in SQL, which is right for
/// one person and far too slow for a million (each name is some forty grams).
/// A bulk add counts here instead while its rows stream past, then adds the
/// totals to the table once. It must split names exactly as the triggers'
/// `substr` does, by Unicode scalar, and count a gram once per name however
/// often it occurs there.
///
/// ASCII grams — nearly all of them in most address books — are counted in
/// flat arrays indexed by their characters; any other gram by its text.
struct GramTally {
    /// Counts of ASCII grams, at ``GramTally/slot(_:)``.
    private var ascii: [Int32] = []
    /// For each ASCII gram, the last name that counted it, so a name counts
    /// each gram once without keeping a set per name.
    private var lastCounted: [Int32] = []
    private var others: [String: Int] = [:]
    private var names: Int32 = 0

    /// The first slot of each width's grams: 128 single characters, then
    /// 128² pairs, then 128³ triples.
    private static let starts = [0, 128, 128 + 128 * 128]
    private static let slots = 128 + 128 * 128 + 128 * 128 * 128

    /// Counts the grams of one folded name.
    mutating func add(_ folded: String) {
        names &+= 1
        let codes = Array(folded.utf8)
        guard codes.allSatisfy({ $0 < 0x80 }) else {
            return addOthers(Array(folded.unicodeScalars))
        }
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
    }

    private mutating func addOthers(_ scalars: [Unicode.Scalar]) {
        var seen: Set<String> = []
        for start in scalars.indices {
            var gram = String.UnicodeScalarView()
            for width in 1...3 where start + width <= scalars.count {
                gram.append(scalars[start + width - 1])
                let text = String(gram)
                if seen.insert(text).inserted { others[text, default: 0] += 1 }
            }
        }
    }

    /// Every gram counted, with how many names contain it.
    ///
    /// A gram may come twice — once from ASCII names, once from others — so
    /// the caller adds.
    private var counts: [(gram: String, names: Int)] {
        var counts = others.map { (gram: $0.key, names: $0.value) }
        for (slot, count) in ascii.enumerated() where count > 0 {
            counts.append((Self.gram(at: slot), Int(count)))
        }
        return counts
    }

    /// Adds every count to the `person_gram` table.
    func write(to database: SQLiteConnection) throws(PersonStoreError) {
        let countGram = try database.prepare(
            "INSERT INTO person_gram (gram, n) VALUES (?, ?) ON CONFLICT (gram) DO UPDATE SET n = n + excluded.n"
        )
        for (gram, names) in counts {
            try countGram.bind([.text(gram), .integer(names)])
            while try countGram.step() {}
        }
    }

    /// The ASCII text counted at `slot`.
    private static func gram(at slot: Int) -> String {
        let width = starts.lastIndex { $0 <= slot } ?? 0
        var code = slot - starts[width]
        var bytes: [UInt8] = []
        for _ in 0...width {
            bytes.append(UInt8(code % 128))
            code /= 128
        }
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}
