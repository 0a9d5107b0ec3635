import Features
import Foundation
import PeopleTestSupport
import Testing

/// Pages of the memory store and of an aggregate, checked against the
/// simplest possible model: every person sorted, then sliced.
@Suite struct PagingModelTests {
    /// Names that collide, differ only in case and accents, and share parts.
    private static func names(_ count: Int, using generator: inout SeededGenerator) -> [String] {
        let parts = ["ada", "Ada", "ÅSA", "åsa", "zoë", "Zoe", "bo", "li", "Ng", "émile", "x"]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                parts[Int.random(in: 0..<parts.count, using: &generator)]
            }.joined(separator: " ")
        }
    }

    private static func persons(
        _ names: [String], firstID: Int, step: Int = 1, source: String? = nil
    ) -> [Person] {
        names.enumerated().map { offset, name in
            Person(
                id: firstID + offset * step, name: name, address: "", email: nil,
                added: Fixtures.now, source: source)
        }
    }

    private static func model(_ persons: [Person], search: String) -> [Person] {
        let folded = PersonSortKey.fold(search)
        return persons.filter { $0.searchText.contains(folded: folded) }
            .sorted { $0.sortKey < $1.sortKey }
    }

    @Test(arguments: [(1, 0, 0), (2, 40, 3), (3, 1_500, 2_000), (4, 3_000, 60)])
    func anAggregatesPageByNumberIsThePageOfEveryoneSorted(
        seed: UInt64, importedFirst: Int, importedSecond: Int
    ) async throws {
        var generator = SeededGenerator(seed: seed)
        let primary = Self.persons(Self.names(2_000, using: &generator), firstID: 1)
        let first = Self.persons(
            Self.names(importedFirst, using: &generator), firstID: -1, step: -1, source: "a.csv")
        let second = Self.persons(
            Self.names(importedSecond, using: &generator), firstID: -1 - importedFirst, step: -1,
            source: "b.csv")
        let imported = [
            ReadOnlyPersonStore(persons: first, source: "a.csv"),
            ReadOnlyPersonStore(persons: second, source: "b.csv"),
        ]
        let store = AggregatePersonStore(
            primary: MemoryPersonStore(persons: primary), readOnly: { imported })
        for search in ["", "ada", "x", "é"] {
            let everyone = Self.model(primary + first + second, search: search)
            for offset in [
                0, 1, 9, 999, 1_000, 1_001, everyone.count / 2, everyone.count - 3, everyone.count,
                everyone.count + 5,
            ] {
                let page = try await store.page(matching: search, from: .offset(offset), limit: 10)
                let expected = Array(everyone.dropFirst(offset).prefix(10))
                #expect(page.map(\.id) == expected.map(\.id), "search \(search), offset \(offset)")
            }
        }
    }

    @Test(arguments: [5, 6, 7])
    func theMemoryStoresPagesInEveryDirectionMatchTheModel(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let persons = Self.persons(Self.names(700, using: &generator), firstID: 1)
        let store = MemoryPersonStore(persons: Array(persons.prefix(300)))
        _ = try await store.add(
            validatingAll: persons.dropFirst(300).map { PersonDraft(name: $0.name) })
        let stored = try await store.page(matching: "", from: .first, limit: 1_000)
        #expect(stored.count == 700)
        for search in ["", "li", "ÅSA"] {
            let everyone = Self.model(stored, search: search)
            #expect(try await store.count(matching: search) == everyone.count)
            for (index, person) in everyone.enumerated() where index % 37 == 0 {
                let key = person.sortKey
                #expect(try await store.position(of: key, matching: search) == index)
                #expect(
                    try await store.page(matching: search, from: .after(key), limit: 7).map(\.id)
                        == everyone.dropFirst(index + 1).prefix(7).map(\.id))
                #expect(
                    try await store.page(matching: search, from: .before(key), limit: 7).map(\.id)
                        == everyone.prefix(index).suffix(7).map(\.id))
                #expect(try await store.person(withID: person.id) == person)
            }
        }
    }

    @Test func aMemoryStoreWhoseIdsAreUsedUpSaysSoAndKeepsWhatItHas() async throws {
        let last = Person(
            id: .max, name: "Last", address: "", email: nil, added: Fixtures.now)
        let store = MemoryPersonStore(persons: [last])
        let error = await #expect(throws: PersonStoreError.self) {
            try await store.add(validating: PersonDraft(name: "One Too Many"))
        }
        #expect(error?.description.hasPrefix("no new ids are left") == true)
        #expect(try await store.count(matching: "") == 1)
    }
}
