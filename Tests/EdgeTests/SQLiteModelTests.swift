import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// The SQLite store against SQLite's own plain answer, through random writes
/// by `people` and by another program's ordinary SQL.
///
/// Every structure the store keeps for speed — the search index, the gram
/// counts, the total, the page marks — is derived from `person`. The plain
/// answer reads `person` alone (`count(*)`, `instr`, `ORDER BY … LIMIT …
/// OFFSET`), so after every operation each page, walk, search, position and
/// total must equal it. The other program inserts, renames, renumbers,
/// upserts over an existing id, deletes, stores names longer than any `people`
/// accepts and sort keys that are BLOBs, and the store is reopened now and
/// then. A failing round names its seed; the same seed fails the same way.
@Suite struct SQLiteModelTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func everyAnswerIsSQLitesOwnWhateverEitherProgramWrote(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let path = folder.path("model-\(seed).sqlite")
        var store = try SQLitePersonStore(path: path, startingWith: Person.samples)
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        _ = try store.add(
            contentsOf: (0..<300).map { _ in try Self.name(&random) }.map {
                try PersonDraft(name: $0).validated()
            }, addedAt: Fixtures.now)
        for step in 0..<120 {
            let operation = try await Self.operate(on: &store, other, path: path, &random)
            let context = Comment(rawValue: "seed \(seed), step \(step): \(operation)")
            try await Self.expectPlainAnswers(store, other, &random, context)
        }
        #expect(try await store.check(repairing: false).problems == [], "seed \(seed)")
    }

    /// One random write, by `people` or by another program; returns what it did.
    private static func operate(
        on store: inout SQLitePersonStore, _ other: SQLiteConnection, path: String,
        _ random: inout SeededGenerator
    ) async throws -> String {
        let ids = try other.rows("SELECT id FROM person").map { $0.integer(0) }
        let someone = ids.randomElement(using: &random) ?? 1
        let name = try name(&random)
        switch Int.random(in: 0..<17, using: &random) {
        case 0:
            let draft = try fields(of: name, &random)
            _ = try await store.add(validating: draft)
            return "people adds \(draft)"
        case 1:
            let draft = try fields(of: name, &random)
            _ = try? await store.update(someone, validating: draft)
            return "people changes \(someone) to \(draft)"
        case 2:
            try? await store.delete(id: someone)
            return "people deletes \(someone)"
        case 3:
            _ = try await store.add(
                validatingAll: (0..<Int.random(in: 1...40, using: &random)).map { _ in
                    PersonDraft(name: name + " \(Int.random(in: 0...9, using: &random))")
                })
            return "people adds many named \(name)"
        case 4:
            try other.run(
                "INSERT INTO person (name, sort_name, address, added) VALUES (?, ?, '', 0)",
                [.text(name), .text(PersonSortKey.fold(name))])
            return "SQL inserts \(name)"
        case 5:
            try other.run(
                "UPDATE person SET name = ?, sort_name = ? WHERE id = ?",
                [.text(name), .text(PersonSortKey.fold(name)), .integer(someone)])
            return "SQL renames \(someone) to \(name)"
        case 6:
            try other.run("DELETE FROM person WHERE id = ?", [.integer(someone)])
            return "SQL deletes \(someone)"
        case 7:
            let free = (ids.max() ?? 0) + Int.random(in: 1...50, using: &random)
            try other.run(
                "UPDATE person SET id = ? WHERE id = ?", [.integer(free), .integer(someone)])
            return "SQL renumbers \(someone) to \(free)"
        case 8:
            try other.run(
                "INSERT OR REPLACE INTO person (id, name, sort_name, address, added) VALUES (?, ?, ?, '', 0)",
                [.integer(someone), .text(name), .text(PersonSortKey.fold(name))])
            return "SQL replaces \(someone) with \(name)"
        case 9:
            let target = ids.randomElement(using: &random) ?? 2
            try other.run(
                "UPDATE OR REPLACE person SET id = ? WHERE id = ?",
                [.integer(target), .integer(someone)])
            return "SQL moves \(someone) over \(target)"
        case 10:
            // Some longer than any text whose grams are counted
            // (SQLiteSchema.gramLimit), some counted in the trigger.
            let words = name.unicodeScalars.count + 1
            let long = String(
                repeating: name + " ",
                count: Bool.random(using: &random)
                    ? Int.random(in: 40...90, using: &random)
                    : 12_001 / words + Int.random(in: 1...40, using: &random))
            try other.run(
                "INSERT INTO person (name, sort_name, address, added) VALUES (?, ?, '', 0)",
                [.text(long), .text(PersonSortKey.fold(long))])
            return "SQL inserts a name of \(long.unicodeScalars.count) characters"
        case 11:
            try other.run(
                "UPDATE person SET sort_name = CAST(sort_name AS BLOB) WHERE id = ?",
                [.integer(someone)])
            return "SQL makes the sort key of \(someone) a BLOB"
        case 12:
            try other.run(
                "UPDATE person SET sort_name = ? WHERE id = ?",
                [.text("zz " + name), .integer(someone)])
            return "SQL gives \(someone) a sort key that is not its name"
        case 13:
            let free = (ids.max() ?? 0) + Int.random(in: 1...50, using: &random)
            try other.run(
                "UPDATE person SET rowid = ? WHERE id = ?", [.integer(free), .integer(someone)])
            return "SQL renumbers \(someone) to \(free) through rowid"
        case 14:
            try other.execute(
                "INSERT INTO person (name, sort_name, address, added) VALUES ('nul', CAST(x'616e00616461' AS TEXT), '', 0)"
            )
            return "SQL inserts a sort key holding a NUL"
        case 15:
            let fields =
                [
                    "NULL", "'\(PersonSortKey.fold(name))'", "CAST('blob \(name)' AS BLOB)",
                    "'nul' || char(0) || 'ada'", "'a' || char(31) || 'b'",
                ].randomElement(using: &random) ?? "NULL"
            try other.run(
                "UPDATE person SET search_fields = \(fields), email = 'sql@example.org' WHERE id = ?",
                [.integer(someone)])
            return "SQL sets the search fields of \(someone) to \(fields)"
        default:
            store = try SQLitePersonStore(path: path)
            return "people opens the file again"
        }
    }

    /// Checks the total, searches, pages by number, pages by key, positions
    /// and a whole walk against plain SQL over `person`.
    private static func expectPlainAnswers(
        _ store: SQLitePersonStore, _ plain: SQLiteConnection, _ random: inout SeededGenerator,
        _ context: Comment
    ) async throws {
        let order = "ORDER BY sort_name, id"
        let everyone = try plain.rows("SELECT id, sort_name FROM person \(order)")
        #expect(try await store.count(matching: "") == everyone.count, context)
        let sample = everyone.randomElement(using: &random)?.text(1) ?? "ada"
        let start = Int.random(in: 0..<max(1, sample.unicodeScalars.count), using: &random)
        let searches = [
            "", "a", "an", "ada", "ing", "zz ", "é", "a\u{FFFF}n", "\u{FFFD}", "Ø", "nuno", "ss",
            String(
                String.UnicodeScalarView(
                    sample.unicodeScalars.dropFirst(start).prefix(
                        Int.random(in: 1...5, using: &random)))),
        ]
        for search in searches {
            let folded = PersonSortKey.fold(search)
            let filter = "WHERE \(SQLiteTestFile.plainSearchFilter) OR ? = ''"
            let matching = [SQLiteValue.text(folded), .text(folded), .text(folded)]
            let context = Comment(rawValue: context.rawValue + ", search '\(search)'")
            #expect(
                try await store.count(matching: search)
                    == plain.integer("SELECT count(*) FROM person \(filter)", matching), context)
            let offset = Int.random(in: 0...max(0, everyone.count), using: &random)
            #expect(
                try await store.page(matching: search, from: .offset(offset), limit: 10).map(\.id)
                    == plain.rows(
                        "SELECT id FROM person \(filter) \(order) LIMIT 10 OFFSET ?",
                        matching + [.integer(offset)]
                    ).map { $0.integer(0) }, context)
        }
        guard let row = everyone.randomElement(using: &random) else { return }
        let key = PersonSortKey(foldedName: row.text(1) ?? "", id: row.integer(0))
        let keyValues: [SQLiteValue] = [.text(key.foldedName), .integer(key.id)]
        #expect(
            try await store.position(of: key, matching: "")
                == plain.integer(
                    "SELECT count(*) FROM person WHERE (sort_name, id) < (?, ?)", keyValues),
            context)
        #expect(
            try await store.page(matching: "", from: .after(key), limit: 10).map(\.id)
                == plain.rows(
                    "SELECT id FROM person WHERE (sort_name, id) > (?, ?) \(order) LIMIT 10",
                    keyValues
                ).map { $0.integer(0) }, context)
        var walked: [Int] = []
        var from = PageStart.first
        while walked.count <= everyone.count {
            let page = try await store.page(matching: "", from: from, limit: 37)
            walked += page.map(\.id)
            guard let last = page.last else { break }
            from = .after(last.sortKey)
        }
        #expect(walked == everyone.map { $0.integer(0) }, context)
    }

    /// A draft named `name`, with now and then an email, a phone, an
    /// organisation or a note of words from the names' pool, so a search
    /// finds persons by fields beside the name.
    private static func fields(of name: String, _ random: inout SeededGenerator) throws
        -> PersonDraft
    {
        var texts: [PersonField: String] = [.name: name]
        for field in [PersonField.organization, .notes, .city] where Bool.random(using: &random) {
            texts[field] = try Self.name(&random)
        }
        if Bool.random(using: &random) {
            let local = PersonSortKey.fold(try Self.name(&random)).filter(\.isASCII)
                .filter(\.isLetter)
            texts[.email] = "work: \(local.isEmpty ? "ada" : local)@example.org"
        }
        if Bool.random(using: &random) {
            texts[.phone] = "+44 20 \(Int.random(in: 1000...9999, using: &random))"
        }
        return PersonDraft(texts: texts)
    }

    /// A name of a few words from a small pool, so searches match many,
    /// with letters that fold and compose, and letters that are read as
    /// others (Ø as O, ß as ss).
    private static func name(_ random: inout SeededGenerator) throws -> String {
        let words = [
            "Ada", "Alan", "Turing", "Grace", "Zoë", "É\u{301}mile", "ŵyn", "Li", "an", "ING",
            "a\u{FFFF}n", "a\u{FFFD}n", "Ñuño", "Nuno", "Øystein", "Łukasz", "Straße", "Þór", "zoe",
        ]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in
            words.randomElement(using: &random) ?? "Ada"
        }.joined(separator: " ")
    }
}
