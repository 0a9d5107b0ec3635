import Features
import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

/// Imported, read-only persons listed together with the stored ones.
@Suite struct AggregationTests {
    /// The samples in the primary store, and `imported` names in one file.
    private func aggregate(importing imported: [String]) -> AggregatePersonStore {
        let persons = imported.enumerated().map { index, name in
            Person(
                id: -(index + 1), name: name, address: "", email: nil, added: Fixtures.now,
                source: "friends.csv")
        }
        let imported = [ReadOnlyPersonStore(persons: persons, source: "friends.csv")]
        return AggregatePersonStore(primary: Fixtures.sampleStore(), readOnly: { imported })
    }

    private func walk(_ store: any PersonStore, pageSize: Int, search: String = "") async throws
        -> [[String]]
    {
        var pages: [[String]] = []
        var page = try await store.page(matching: search, from: .first, limit: pageSize)
        while let last = page.last {
            pages.append(page.map(\.name))
            page = try await store.page(
                matching: search, from: .after(last.sortKey), limit: pageSize)
        }
        return pages
    }

    @Test func bothSourcesArePagedAsOneOrderedList() async throws {
        let store = aggregate(importing: [
            "Zed Zulu", "Aaron Aardvark", "Alfred Adler", "Barbara Liskov",
        ])
        #expect(try await store.count(matching: "") == 7)
        await #expect(
            try walk(store, pageSize: 3) == [
                ["Aaron Aardvark", "Ada Lovelace", "Alan Turing"],
                ["Alfred Adler", "Barbara Liskov", "Grace Hopper"],
                ["Zed Zulu"],
            ])
    }

    @Test func goingBackAcrossAPageBoundaryGivesThePageBefore() async throws {
        let store = aggregate(importing: [
            "Zed Zulu", "Aaron Aardvark", "Alfred Adler", "Barbara Liskov",
        ])
        let third = try await store.page(matching: "", from: .offset(6), limit: 3)
        #expect(third.map(\.name) == ["Zed Zulu"])
        let second = try await store.page(
            matching: "", from: .before(try #require(third.first).sortKey), limit: 3)
        #expect(second.map(\.name) == ["Alfred Adler", "Barbara Liskov", "Grace Hopper"])
        #expect(try await store.position(of: try #require(second.first).sortKey, matching: "") == 3)
        #expect(
            try await store.page(matching: "", from: .offset(2), limit: 2).map(\.name) == [
                "Alan Turing", "Alfred Adler",
            ])
    }

    /// `--import` beside a server store: a page the list turns to asks the
    /// primary store once, as it would without the imports.
    @Test func aPageOfTheListAsksThePrimaryStoreOnce() async throws {
        let primary = RecordingPersonStore(MemoryPersonStore(persons: Fixtures.numberedPersons(9)))
        let imported = ReadOnlyPersonStore(
            persons: [
                Person(id: -1, name: "Person 004½", address: "", email: nil, added: Fixtures.now)
            ],
            source: "friends.csv")
        let store = AggregatePersonStore(primary: primary, readOnly: { [imported] })
        let first = try await store.listPage(matching: "", from: .first, size: 4)
        let next = try await store.listPage(
            matching: "", from: .after(try #require(first.rows.last).sortKey), size: 4)
        let back = try await store.listPage(
            matching: "", from: .before(try #require(next.rows.first).sortKey), size: 4)
        #expect(primary.calls == ["listPage", "listPage", "listPage"])
        #expect(next.rows.map(\.name) == ["Person 004½", "Person 005", "Person 006", "Person 007"])
        #expect(next.total == 10 && next.firstIndex == 4)
        #expect(back.rows == first.rows && back.firstIndex == 0)
    }

    /// Seeded pages of an aggregate from every kind of start, compared with
    /// the same page read in parts: count, page and position one by one.
    @Test(arguments: [UInt64(11), 12, 13])
    func anAggregatesListPageIsTheAnswerItsPartsGive(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        func persons(_ count: Int, ids: (Int) -> Int) -> [Person] {
            (0..<count).map { index in
                let name = ["Ada", "Åsa", "Alan", "Grace", "Zoë"].randomElement(using: &generator)
                return Person(
                    id: ids(index),
                    name: "\(name ?? "") \(Int.random(in: 0..<9, using: &generator))",
                    address: "", email: nil, added: Fixtures.now)
            }
        }
        let primary = MemoryPersonStore(persons: persons(40, ids: { $0 + 1 }))
        let imported = [
            ReadOnlyPersonStore(persons: persons(15, ids: { -($0 + 1) }), source: "a.csv"),
            ReadOnlyPersonStore(persons: persons(5, ids: { -($0 + 100) }), source: "b.csv"),
        ]
        let store = AggregatePersonStore(primary: primary, readOnly: { imported })
        let everyone = try await store.page(matching: "", from: .first, limit: 100)
        for _ in 0..<150 {
            let search = ["", "a", "ada", "1", "zz"].randomElement(using: &generator) ?? ""
            let size = Int.random(in: 1...8, using: &generator)
            let key = (everyone.randomElement(using: &generator) ?? everyone[0]).sortKey
            let start =
                [
                    PageStart.offset(Int.random(in: 0...70, using: &generator)), .after(key),
                    .before(key),
                ]
                .randomElement(using: &generator) ?? .first
            #expect(
                try await store.listPage(matching: search, from: start, size: size)
                    == store.listPageInParts(matching: search, from: start, size: size),
                "search \(search), from \(start), size \(size)")
        }
    }

    @Test func searchLooksInBothSources() async throws {
        let store = aggregate(importing: ["Grace Brewster Murray", "Zed Zulu"])
        await #expect(
            try walk(store, pageSize: 10, search: "grace") == [
                ["Grace Brewster Murray", "Grace Hopper"]
            ])
        #expect(try await store.count(matching: "a") == 4)
    }

    @Test func anImportedPersonOpensButCannotBeChanged() async throws {
        let store = aggregate(importing: ["Zed Zulu"])
        let imported = try #require(try await store.person(withID: -1))
        #expect(imported.isReadOnly)
        await #expect(throws: PersonStoreError.readOnly(name: "Zed Zulu", source: "friends.csv")) {
            try await store.update(-1, validating: PersonDraft(name: "Zed"))
        }
        await #expect(throws: PersonStoreError.readOnly(name: "Zed Zulu", source: "friends.csv")) {
            try await store.delete(id: -1)
        }
        #expect(try await store.person(withID: -1) == imported)
    }

    @Test func storedPersonsStayWritableAndNewOnesGoToThePrimaryStore() async throws {
        let store = aggregate(importing: ["Zed Zulu"])
        let added = try await store.add(validating: PersonDraft(name: "New Person"))
        #expect(added.id == 4 && !added.isReadOnly)
        _ = try await store.update(1, validating: PersonDraft(name: "Ada King"))
        try await store.delete(id: 2)
        await #expect(throws: PersonStoreError.notFound(99)) { try await store.delete(id: 99) }
        #expect(try await store.count(matching: "") == 4)
    }

    /// An add, a restore and a check are the primary store's alone, so an
    /// import that cannot be fetched (a file gone, a URL down) neither
    /// stops them nor is asked for them; a list, which needs it, fails.
    @Test func theImportsAreFetchedOnlyForQuestionsThatNeedThem() async throws {
        let fetches = Locked(0)
        let store = AggregatePersonStore(
            primary: Fixtures.sampleStore(),
            readOnly: {
                fetches.withLock { $0 += 1 }
                throw PersonStoreError.storage("friends.csv is gone")
            })
        let added = try await store.add(validating: PersonDraft(name: "New Person"))
        try await store.restore(
            Person(id: 50, name: "Put Back", address: "", email: nil, added: Fixtures.now))
        _ = try await store.check(repairing: false)
        #expect(added.id == 4)
        #expect(fetches.withLock { $0 } == 0)
        await #expect(throws: PersonStoreError.storage("friends.csv is gone")) {
            try await store.count(matching: "")
        }
    }
}

@Suite struct PersonImportTests {
    private func drafts(_ text: String, name: String = "friends.csv") throws(UsageError)
        -> [PersonDraft]
    {
        try PersonImport.drafts(in: Data(text.utf8), name: name).map(\.asDraft)
    }

    private func message(_ text: String, name: String = "friends.csv") -> String? {
        do {
            _ = try drafts(text, name: name)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func csvColumnsMayComeInAnyOrderAndFieldsMayBeQuoted() async throws {
        let read = try drafts(
            "Email, NAME ,address\r\n,\"Hopper, Grace\",\"The \"\"Yard\"\"\"\n\nada@example.org,Ada,\n"
        )
        #expect(
            read == [
                PersonDraft(name: "Hopper, Grace", address: "The \"Yard\"", email: ""),
                PersonDraft(name: "Ada", address: "", email: "ada@example.org"),
            ])
    }

    @Test func jsonIsAListOfObjectsWithTheSameKeys() async throws {
        let read = try drafts(
            #"[{"name": "Ada", "email": "ada@example.org"}, {"name": " Alan ", "address": null}]"#)
        #expect(
            read == [PersonDraft(name: "Ada", email: "ada@example.org"), PersonDraft(name: "Alan")])
    }

    @Test(arguments: [
        ("", "friends.csv: the file is empty; expected a header row"),
        (
            "name,Fax\nAda,1\n",
            "friends.csv:1: unknown column 'fax' (expected name, address, email, phone, organization, title, nickname, city, region, postcode, country, birthday, notes, uid, id, added)"
        ),
        ("email\nada@example.org\n", "friends.csv:1: the header row needs a 'name' column"),
        ("name,email\nAda,ada@example.org\nAlan\n", "friends.csv:3: expected 2 fields, found 1"),
        (
            "name,email\nAda,ada@\n",
            "friends.csv:2: email 'ada@' is not a valid address (expected name@example.org)"
        ),
        ("name\n\"Ada\n\nLovelace\nAlan\n", "friends.csv:2: a quoted field is never closed"),
        ("name\nAda\n \n", "friends.csv:3: name is required"),
    ])
    func csvMistakesNameTheLine(_ text: String, _ expected: String) {
        #expect(message(text) == expected)
    }

    @Test func jsonMistakesNameTheEntry() async {
        #expect(
            message(#"[{"name": "Ada"}, {"name": ""}]"#, name: "p.json")
                == "p.json: person 2: name is required")
        #expect(
            message(#"[{"name": "Ada", "fax": "1"}]"#, name: "p.json")
                == "p.json: person 1: unknown key 'fax' (expected name, address, email, phone, organization, title, nickname, city, region, postcode, country, birthday, notes, uid, id, added)"
        )
        #expect(
            message(#"[{"name": 7}]"#, name: "p.json")?.hasPrefix(
                "p.json: expected a JSON list of persons") == true)
        #expect(
            message("[{", name: "p.json")?.hasPrefix("p.json: expected a JSON list of persons")
                == true)
    }

    @Test func idsCountDownAcrossFilesSoTheyNeverMeetStoredOnes() async throws {
        let files = ["a.csv": "name\nAda\nAlan\n", "b.json": #"[{"name": "Grace"}]"#]
        let stores = try await PersonImport.stores(
            from: ["a.csv", "b.json"],
            read: { path in Data((files[path] ?? "").utf8) },
            added: Fixtures.now)
        var ids: [Person.ID] = []
        for store in stores {
            ids += try await store.page(matching: "", from: .first, limit: 10).map(\.id)
        }
        #expect(ids.sorted() == [-3, -2, -1])
        #expect(stores.map(\.source) == ["a.csv", "b.json"])
    }
}
