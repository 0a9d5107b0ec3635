import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// The database's quick search gives exactly the answers of the slow one,
/// whichever way it runs and however the persons got there.
@Suite struct SQLiteSearchTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Name parts that share grams, differ in case and accents, carry a
    /// quote, and reach outside the Basic Multilingual Plane.
    private static let parts = [
        "ada", "Ada", "ÅSA", "åsa", "zoë", "Zoe", "bo", "li", "Ng", "émile", "x", "\"q\"", "a🦆b",
        "e\u{301}", "ß",
    ]

    /// Parts one name in a hundred has, so that short searches for them
    /// match few persons and go through the index.
    private static let rareParts = ["ŵyn", "qu", "ж"]

    private static func names(_ count: Int, using generator: inout SeededGenerator) -> [String] {
        (0..<count).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Int.random(in: 0..<100, using: &generator) == 0
                    ? rareParts[Int.random(in: 0..<rareParts.count, using: &generator)]
                    : parts[Int.random(in: 0..<parts.count, using: &generator)]
            }.joined(separator: " ")
        }
    }

    /// Every search worth asking of `names`: each of their grams of one to
    /// four characters, plus texts that match nothing or hold the sentinel.
    private static func searches(_ names: [String]) -> [String] {
        var searches: Set<String> = [
            "", "zzz", "q", "\u{1}", "a\u{1}", "\"", "ada li",
            // Other fields', and across two fields, which matches no one.
            "@example.org", "p1", "7946 10", "447946", "met", "at work", "\u{1F}", "org\u{1F}",
        ]
        for name in names {
            let scalars = Array(PersonSortKey.fold(name).unicodeScalars)
            for start in scalars.indices {
                for width in 1...4 where start + width <= scalars.count {
                    var gram = String.UnicodeScalarView()
                    gram.append(contentsOf: scalars[start..<start + width])
                    searches.insert(String(gram))
                }
            }
        }
        return searches.sorted()
    }

    private func drafts(_ names: some Sequence<String>) throws -> [ValidatedDraft] {
        try names.map { (name) throws(PersonValidationError) in
            try Self.card(name).validated()
        }
    }

    /// A draft named `name` with, for two names in three, other fields a
    /// search reads holding the name's parts reversed: an organisation, a
    /// note, an email and a phone, so searches find persons by them too.
    private static func card(_ name: String) -> PersonDraft {
        let parts = name.split(separator: " ").reversed().joined(separator: " ")
        var texts: [PersonField: String] = [.name: name]
        switch name.unicodeScalars.count % 3 {
        case 0: texts[.organization] = parts
        case 1:
            texts[.notes] = "met \(parts)\nat work"
            texts[.phone] = "mobile: +44 20 7946 \(1_000 + name.unicodeScalars.count)"
            texts[.email] = "work: p\(name.utf8.count)@example.org"
        default: break
        }
        return PersonDraft(texts: texts)
    }

    /// A card with every field at its longest, in letters and digits
    /// alone: the longest search text a person `people` accepts can have.
    private static func longestCard() throws -> ValidatedDraft {
        let email =
            String(repeating: "e", count: 64) + "@" + String(repeating: "d", count: 63) + "."
            + String(repeating: "d", count: 63) + "." + String(repeating: "d", count: 57) + ".org"
        var texts: [PersonField: String] = [:]
        for field in PersonField.allCases where !field.isList && field != .birthday {
            texts[field] = String(repeating: "w", count: field.maximumLength - 3) + "end"
        }
        texts[.notes] =
            String(repeating: "n", count: PersonField.notes.maximumLength - 7) + "the end"
        texts[.email] = (0..<PersonField.mostValues).map { _ in email }.joined(separator: ", ")
        texts[.phone] = (0..<PersonField.mostValues).map { index in
            "+44 " + String(repeating: "0", count: PersonField.longestValue(of: .phone) - 6)
                + String(format: "%02d", index)
        }.joined(separator: ", ")
        return try PersonDraft(texts: texts).validated()
    }

    /// The longest card `people` accepts is counted and indexed like any
    /// other, by a bulk add and by the triggers alike, so a search never
    /// has to walk every person because of it.
    @Test func theLongestCardPeopleAcceptsIsCountedNotWalked() async throws {
        let card = try Self.longestCard()
        let text = PersonSearchText(name: card.name, details: card.details).folded
        #expect(text.unicodeScalars.count > 10_000)
        #expect(text.unicodeScalars.count <= SQLiteSchema.gramLimit)
        let inBulk = try SQLitePersonStore(path: folder.path("bulk.sqlite"))
        _ = try inBulk.add(contentsOf: [card], addedAt: Fixtures.now)
        let oneByOne = try SQLitePersonStore(path: folder.path("single.sqlite"))
        let added = try await oneByOne.add(card, addedAt: Fixtures.now)
        for file in ["bulk.sqlite", "single.sqlite"] {
            let connection = try SQLiteConnection(path: folder.path(file), busyTimeout: .seconds(1))
            #expect(try connection.integer("SELECT odd_keys FROM person_state") == 0, "\(file)")
            #expect(try connection.integer("SELECT n FROM person_gram WHERE gram = 'nt'") == 1)
        }
        for store in [inBulk, oneByOne] {
            #expect(try await store.count(matching: "the end") == 1)
            #expect(try await store.count(matching: "0019") == 1)
            #expect(try await store.page(matching: "wend", from: .first, limit: 10).count == 1)
        }
        // An edit splits the old text and the new in the triggers.
        var edited = PersonDraft(added)
        edited[.notes] = "short now"
        _ = try await oneByOne.update(added, with: edited.validated())
        #expect(try await oneByOne.count(matching: "the end") == 0)
        #expect(try await oneByOne.count(matching: "short now") == 1)
        #expect(try await oneByOne.check(repairing: false).problems == [])
    }

    /// The grams `person_gram` counts in the book `file` of the test's
    /// folder, each with its count, in order: what two books are compared by.
    private func countedGrams(in file: String) throws -> [String] {
        try SQLiteConnection(path: folder.path(file), busyTimeout: .seconds(1))
            .rows("SELECT gram, n FROM person_gram WHERE n > 0 ORDER BY gram")
            .map { "\($0.text(0) ?? "?") \($0.integer(1))" }
    }

    /// The triggers split a long text into the same grams as a bulk add.
    ///
    /// They cut it in pieces of ``SQLiteSchema/gramPiece`` characters
    /// first, since SQL's `substr` counts characters from the start of the
    /// text each time: an edit of the longest card took seconds when each
    /// gram was taken from the whole text. The pieces overlap by two
    /// characters, so no gram across a cut is lost; counted by the triggers
    /// and by a bulk add (``GramTally``, in Swift), the counts are the same.
    @Test func theTriggersCountALongTextsGramsAsABulkAddDoes() async throws {
        let card = try Self.longestCard()
        let inBulk = try SQLitePersonStore(path: folder.path("bulk.sqlite"))
        _ = try inBulk.add(contentsOf: [card], addedAt: Fixtures.now)
        let oneByOne = try SQLitePersonStore(path: folder.path("single.sqlite"))
        var person = try await oneByOne.add(card, addedAt: Fixtures.now)
        // An edit forgets the old text's grams and counts the new one's.
        let title = person.details.title
        var edited = PersonDraft(person)
        edited[.title] = "an edit"
        person = try await oneByOne.update(person, with: edited.validated())
        edited[.title] = title
        _ = try await oneByOne.update(person, with: edited.validated())
        let counted = try countedGrams(in: "single.sqlite")
        #expect(counted.count > 100)
        #expect(try countedGrams(in: "bulk.sqlite") == counted)
        #expect(try await oneByOne.check(repairing: false).problems == [])
    }

    /// A card `people` accepts that folds longer than the counts split is
    /// found after a bulk add.
    ///
    /// Four thousand "ﬃ" in the notes are twelve thousand letters. The
    /// triggers note such a text as odd, and searches walk; a bulk add (an
    /// import) did not, so the person was in no count, and a search of one
    /// to three letters, their name's included, found no one.
    @Test func aCardThatFoldsLongerThanTheCountsIsFoundAfterABulkAdd() async throws {
        let notes = String(repeating: "\u{FB03}", count: PersonField.notes.maximumLength)
        let card = try PersonDraft(texts: [.name: "Yan Kex", .notes: notes]).validated()
        let text = PersonSearchText(name: card.name, details: card.details).folded
        #expect(text.unicodeScalars.count > SQLiteSchema.gramLimit)
        let store = try SQLitePersonStore(path: folder.path("people.sqlite"))
        _ = try await store.add(Self.card("Bob Plain").validated(), addedAt: Fixtures.now)
        _ = try store.add(contentsOf: [card], addedAt: Fixtures.now)
        for search in ["yan", "ya", "y", "ffi", "f"] {
            #expect(try await store.count(matching: search) == 1, "\(search)")
            let found = try await store.page(matching: search, from: .first, limit: 10)
            #expect(found.map(\.name) == ["Yan Kex"], "\(search)")
        }
        #expect(try await store.check(repairing: false).problems == [])
    }

    @Test(arguments: [1, 2] as [UInt64])
    func everySearchMatchesTheMemoryStoreWhicheverWayItRuns(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let database = try SQLitePersonStore(path: folder.path("people.sqlite"))
        let memory = MemoryPersonStore(persons: [])
        // Half in bulk, counted by GramTally; half one by one, by the triggers.
        let bulk = try drafts(Self.names(1_500, using: &generator))
        _ = try database.add(contentsOf: bulk, addedAt: Fixtures.now)
        _ = try await memory.add(contentsOf: bulk, addedAt: Fixtures.now)
        for name in Self.names(300, using: &generator) {
            let draft = try Self.card(name).validated()
            _ = try await database.add(draft, addedAt: Fixtures.now)
            _ = try await memory.add(draft, addedAt: Fixtures.now)
        }
        // Renames and deletes, through the triggers too.
        let everyone = try await memory.page(matching: "", from: .first, limit: 10_000)
        for person in everyone.shuffled(using: &generator).prefix(200) {
            if Bool.random(using: &generator) {
                try await database.delete(person)
                try await memory.delete(person)
            } else {
                let draft = try Self.card(Self.names(1, using: &generator)[0]).validated()
                _ = try await database.update(person, with: draft)
                _ = try await memory.update(person, with: draft)
            }
        }
        let names = try await memory.page(matching: "", from: .first, limit: 10_000).map(\.name)
        for search in Self.searches(names) {
            let all = try await memory.page(matching: search, from: .first, limit: 10_000)
            #expect(try await database.count(matching: search) == all.count, "count of \(search)")
            for offset in [0, 7, all.count / 2, max(0, all.count - 3)] {
                #expect(
                    try await database.page(matching: search, from: .offset(offset), limit: 10)
                        == Array(all.dropFirst(offset).prefix(10)), "\(search) from \(offset)")
            }
            for index in Set([0, all.count / 3, all.count - 1]) where all.indices.contains(index) {
                let key = all[index].sortKey
                #expect(
                    try await database.position(of: key, matching: search) == index, "\(search)")
                #expect(
                    try await database.page(matching: search, from: .after(key), limit: 5)
                        == Array(all.dropFirst(index + 1).prefix(5)), "\(search) after \(index)")
                #expect(
                    try await database.page(matching: search, from: .before(key), limit: 5)
                        == Array(all.prefix(index).suffix(5)), "\(search) before \(index)")
            }
        }
    }

    @Test func aRareSearchIsLookedUpAndACommonOneWalksTheNameOrder() async throws {
        let path = folder.path("people.sqlite")
        let store = try SQLitePersonStore(path: path)
        _ = try store.add(
            contentsOf: try (DemoPersons.drafts(count: 2_000).map(\.name) + ["Ŵyn Ẍr"]).map {
                (name) throws(PersonValidationError) in try PersonDraft(name: name).validated()
            }, addedAt: Fixtures.now)
        let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try database.execute(SQLiteSearch.termsTable)
        func route(_ search: String) throws -> String {
            switch try SQLiteSearch(search, trusted: true).route(
                for: .page(wanted: 10, skipped: 0), in: database)
            {
            case .everyone: "everyone"
            case .walk: "walk"
            case .lookUp: "look up"
            case .none: "none"
            }
        }
        #expect(try route("") == "everyone")
        #expect(try route("a") == "walk")
        // "ŵ" is searched as "w", which hundreds of these names hold.
        #expect(try route("ŵ") == "walk")
        #expect(try route("ŵy") == "look up")
        #expect(try route("ada") == "walk")
        #expect(try route("grace zuse 4") == "look up")
        #expect(try route("ẍ") == "look up")
        #expect(try route("q") == "none")
        #expect(try route("qqqq") == "none")
        #expect(
            try await store.page(matching: "ẍ", from: .first, limit: 10).map(\.name) == ["Ŵyn Ẍr"])
        #expect(try await store.count(matching: "ada") == 100)
    }

    @Test func aBulkAddCountsGramsExactlyAsTheTriggersDo() async throws {
        var generator = SeededGenerator(seed: 3)
        let names =
            Self.names(800, using: &generator) + ["e\u{301}e\u{301}", "𝒜𝒜𝒜𝒜", "İstanbul", "ÆØÅ"]
        let inBulk = try SQLitePersonStore(path: folder.path("bulk.sqlite"))
        _ = try inBulk.add(contentsOf: try drafts(names), addedAt: Fixtures.now)
        let oneByOne = try SQLitePersonStore(path: folder.path("single.sqlite"))
        for draft in try drafts(names) { _ = try await oneByOne.add(draft, addedAt: Fixtures.now) }
        let counted = try countedGrams(in: "single.sqlite")
        #expect(counted.count > 200)
        #expect(try countedGrams(in: "bulk.sqlite") == counted)
    }

    @Test func aVersionTwoDatabaseGainsTheQuickSearchWithItsPersons() async throws {
        let path = folder.path("old.sqlite")
        let old = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try old.execute(SQLiteSchema.steps[0] + SQLiteSchema.steps[1] + "PRAGMA user_version = 2;")
        for name in ["ada lovelace", "Åsa Nilsson", "bo", "x"] {
            try old.run(
                "INSERT INTO person (name, sort_name, address, added) VALUES (?, ?, '', 0)",
                [.text(name), .text(PersonSortKey.fold(name))])
        }
        let store = try SQLitePersonStore(path: path)
        #expect(try await store.count(matching: "a") == 2)
        #expect(try await store.count(matching: "ås") == 1)
        #expect(try await store.count(matching: "love") == 1)
        #expect(try await store.page(matching: "x", from: .first, limit: 10).map(\.name) == ["x"])
        _ = try await store.add(try PersonDraft(name: "Ada Two").validated(), addedAt: Fixtures.now)
        #expect(try await store.count(matching: "ada") == 2)
    }
}
