import Features
import Testing

/// What every store promises for a whole page of the list, asked in one call.
extension PersonStoreContract {
    /// A list page is its rows, the total and the index of its first row,
    /// from every kind of start.
    public func aListPageIsItsRowsItsTotalAndWhereItStands() async {
        let persons = Fixtures.numberedPersons(25)
        await keeping(persons) { store in
            let first = try await store.listPage(matching: "", from: .first, size: 10)
            #expect(
                first
                    == ListPage(
                        rows: Array(persons[0..<10]), total: 25, firstIndex: 0, start: .first),
                broken())
            let next = try await store.listPage(
                matching: "", from: .after(persons[9].sortKey), size: 10)
            #expect(next.rows.map(\.id) == Array(11...20), broken())
            #expect(next.firstIndex == 10 && next.total == 25, broken())
            #expect(next.start == .after(persons[9].sortKey), broken())
            let back = try await store.listPage(
                matching: "", from: .before(persons[20].sortKey), size: 10)
            #expect(back.rows.map(\.id) == Array(11...20), broken())
            #expect(back.firstIndex == 10, broken())
            let search = try await store.listPage(
                matching: "person 01", from: .after(persons[11].sortKey), size: 3)
            #expect(search.rows.map(\.id) == [13, 14, 15], broken())
            #expect(search.total == 10 && search.firstIndex == 3, broken())
            // The last page: read from the end, standing its length from it.
            let last = try await store.listPage(matching: "", from: .last, size: 10)
            #expect(last.rows.map(\.id) == Array(16...25), broken())
            #expect(last.firstIndex == 15 && last.start == .last, broken())
            let lastFound = try await store.listPage(matching: "person 01", from: .last, size: 3)
            #expect(lastFound.rows.map(\.id) == [17, 18, 19], broken())
            #expect(lastFound.firstIndex == 7 && lastFound.total == 10, broken())
            // From a person on, that person first.
            let from = try await store.listPage(
                matching: "", from: PageStart.from(persons[4].sortKey) ?? .first, size: 3)
            #expect(from.rows.map(\.id) == [5, 6, 7] && from.firstIndex == 4, broken())
        }
    }

    /// A page that came back empty or short is replaced by a whole one
    /// (``Features/ListPage/fallback(from:read:total:size:)``).
    public func aListPageThatCameBackEmptyOrShortFallsBackToAWholePage() async {
        let persons = Fixtures.numberedPersons(25)
        await keeping(persons) { store in
            // The page after the last person emptied: the last page instead.
            let emptied = try await store.listPage(
                matching: "", from: .after(persons[24].sortKey), size: 10)
            #expect(emptied.start == .offset(20), broken())
            #expect(
                emptied.rows.map(\.id) == Array(21...25) && emptied.firstIndex == 20, broken())
            let pastTheEnd = try await store.listPage(matching: "", from: .offset(90), size: 10)
            #expect(pastTheEnd == emptied, broken())
            // Near the top, a page before a key is short: the first page instead.
            let nearTheTop = try await store.listPage(
                matching: "", from: .before(persons[3].sortKey), size: 10)
            #expect(nearTheTop.start == .first, broken())
            #expect(
                nearTheTop.rows.map(\.id) == Array(1...10) && nearTheTop.firstIndex == 0,
                broken())
            // A search matching no one is an empty first page, not a fallback.
            let none = try await store.listPage(
                matching: "zz", from: .after(persons[3].sortKey), size: 10)
            #expect(
                none
                    == ListPage(
                        rows: [], total: 0, firstIndex: 0, start: .after(persons[3].sortKey)),
                broken())
            let searched = try await store.listPage(
                matching: "person 00", from: .after(persons[8].sortKey), size: 4)
            #expect(searched.start == .offset(8) && searched.rows.map(\.id) == [9], broken())
        }
    }

    /// A list page is the answer count, page and position give, asked one by one.
    ///
    /// Seeded pages from every kind of start, over a book with deletions
    /// and names that fold alike, compared with the answer the list read
    /// before it was one call. Three seeds, each on a store of its own.
    public func aListPageIsTheAnswerTheSmallerCallsGive() async {
        for seed in [UInt64(1), 2, 3] {
            var generator = SeededGenerator(seed: seed)
            let first = ["Ada", "ada", "Åsa", "Alan", "Grace", "Émile", "Zoë", "Person"]
            let persons = (1...60).map { id in
                Person(
                    id: id,
                    name:
                        "\(first.randomElement(using: &generator) ?? "") \(Int.random(in: 0..<20, using: &generator))",
                    address: "", email: nil, added: Fixtures.now)
            }
            let deleted = persons.shuffled(using: &generator).prefix(15)
            let asked = (0..<40).map { _ in
                let search = ["", "a", "ada", "1", "zz"].randomElement(using: &generator) ?? ""
                let size = Int.random(in: 1...7, using: &generator)
                let key = (persons.randomElement(using: &generator) ?? persons[0]).sortKey
                let start =
                    [
                        PageStart.offset(Int.random(in: 0...70, using: &generator)), .after(key),
                        .before(key),
                    ]
                    .randomElement(using: &generator) ?? .first
                return (search, start, size)
            }
            await keeping(persons) { store in
                for person in deleted { try await store.delete(id: person.id) }
                for (search, start, size) in asked {
                    let context = "seed \(seed), search \(search), from \(start), size \(size)"
                    let page = try await store.listPage(matching: search, from: start, size: size)
                    let plain = try await Self.plainListPage(store, search, from: start, size: size)
                    #expect(page == plain, broken(context))
                }
            }
        }
    }

    /// The page as the list read it before a page was one call, with its
    /// fallbacks written out one by one.
    private static func plainListPage(
        _ store: any PersonStore, _ search: String, from start: PageStart, size: Int
    ) async throws -> ListPage {
        var start = start
        let total = try await store.count(matching: search)
        var rows = try await store.page(matching: search, from: start, limit: size)
        if case .before = start, rows.count < size {
            start = .first
            rows = try await store.page(matching: search, from: start, limit: size)
        } else if rows.isEmpty, total > 0 {
            start = .offset((total - 1) / size * size)
            rows = try await store.page(matching: search, from: start, limit: size)
            if rows.isEmpty {
                start = .first
                rows = try await store.page(matching: search, from: start, limit: size)
            }
        }
        var firstIndex = 0
        if case .offset(let offset) = start {
            firstIndex = offset
        } else if let first = rows.first {
            firstIndex = try await store.position(of: first.sortKey, matching: search)
        }
        return ListPage(rows: rows, total: total, firstIndex: firstIndex, start: start)
    }
}
