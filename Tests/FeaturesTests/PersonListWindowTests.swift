import Features
import PeopleTestSupport
import Testing

/// The list paged as a window shows it: fitted to the rows a view shows,
/// to either end of the whole list, and half a window at a time.
extension PersonListControllerTests {
    /// The rows a page shows, by name.
    private static func names(_ harness: Harness) throws -> [String] {
        try harness.shown.rows.map(\.title)
    }

    @Test func aPageFittedToAViewHoldsItsRowsFromTheSameFirstPerson() async throws {
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(40)), pageSize: 10)
        try await harness.appear()
        try await harness.showNextPage()
        try await harness.showPreviousPage()
        try await harness.showNextPage()
        // Read before a key after ←, after one now; either way the window
        // grows from its first person.
        try harness.shown.fitPage(25)
        await harness.settle()
        #expect(try harness.shown.summary == "11–35 of 40")
        #expect(try harness.shown.rowsPerPage == 25)
        try await harness.showPreviousPage()
        try harness.shown.fitPage(4)
        await harness.settle()
        #expect(try Self.names(harness) == (1...4).map { String(format: "Person %03d", $0) })
    }

    @Test func firstAndLastAreTheWholeListsEndsAndLastIsOneRead() async throws {
        let persons = MemoryPersonStore(persons: Fixtures.numberedPersons(1003))
        let store = RecordingPersonStore(persons)
        let harness = Harness(store: store, pageSize: 10)
        try await harness.appear()
        store.forget()
        let last = try #require(try harness.shown.showLast)
        await last()
        await harness.settle()
        #expect(store.calls == ["listPage"])
        #expect(try harness.shown.summary == "994–1003 of 1003")
        // In name order "Person 1003" comes before "Person 101".
        #expect(try Self.names(harness).last == "Person 999")
        #expect(try harness.shown.showNextPage == nil)
        let first = try #require(try harness.shown.showFirst)
        await first()
        await harness.settle()
        #expect(try harness.shown.summary == "1–10 of 1003")
        try await harness.shown.search("Person 10")
        await harness.settle()
        let lastFound = try #require(try harness.shown.showLast)
        await lastFound()
        await harness.settle()
        // The search's last, not the book's.
        #expect(try Self.names(harness).last == "Person 109")
        #expect(try harness.shown.total == 14)
    }

    @Test func halfAWindowMovesThePageAsFarAsThereArePersons() async throws {
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(25)), pageSize: 10)
        try await harness.appear()
        #expect(try await harness.shown.scroll(5) == 5)
        await harness.settle()
        #expect(try harness.shown.summary == "6–15 of 25")
        #expect(try await harness.shown.scroll(-3) == -3)
        await harness.settle()
        #expect(try harness.shown.summary == "3–12 of 25")
        #expect(try await harness.shown.scroll(-5) == -2)
        await harness.settle()
        #expect(try harness.shown.summary == "1–10 of 25")
        #expect(try await harness.shown.scroll(-5) == 0)
        for _ in 0..<3 {
            _ = try await harness.shown.scroll(5)
            await harness.settle()
        }
        #expect(try harness.shown.summary == "16–25 of 25")
        #expect(try await harness.shown.scroll(5) == 0)
    }

    /// First, last, half windows and resizes in any order show what the
    /// plain answer says: a run of the sorted persons, from where each
    /// step puts it.
    @Test(arguments: [1, 7, 23, 64])
    func anyWalkShowsWhatTheSortedPersonsSay(seed: UInt64) async throws {
        var random = SplitMix(seed)
        let count = Int(random.next() % 60) + 1
        let sorted = Fixtures.numberedPersons(count).map(\.name).sorted()
        var size = Int(random.next() % 12) + 1
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(count)), pageSize: size)
        try await harness.appear()
        var first = 0
        for _ in 0..<40 {
            let shown = try harness.shown
            switch random.next() % 4 {
            case 0:
                await shown.showFirst?()
                first = 0
            case 1:
                await shown.showLast?()
                first = max(0, count - size)
            case 2:
                let step = Int(random.next() % 9) - 4
                let rows = min(size, count - first)
                let moved = await shown.scroll(step)
                if step > 0 {
                    // Down: as far as there are persons after the page.
                    #expect(moved == min(step, count - first - rows, rows))
                    first += moved
                } else if step < 0, first > 0 {
                    // Up: the page that ends that much higher (the window's
                    // first row moves by as much on a full page), or the
                    // first page.
                    first = max(0, first + rows + max(step, -size) - size)
                }
            default:
                size = Int(random.next() % 12) + 1
                shown.fitPage(size)
            }
            await harness.settle()
            let wanted = Array(sorted[first..<min(count, first + size)])
            #expect(try Self.names(harness) == wanted, "seed \(seed), \(count) persons")
            #expect(try harness.shown.firstRow == first + 1)
        }
    }
}

/// A small seeded generator, so a failing walk can be run again.
struct SplitMix {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A person just added is on the page the list shows when it is back, and
/// the page says who they are, for a view to highlight.
extension PersonListControllerTests {
    @Test func aPersonJustAddedIsOnThePageShownWhenTheListIsBack() async throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(40))
        let harness = Harness(store: store, pageSize: 10)
        try await harness.appear()
        try await harness.shown.search("Person 00")
        await harness.settle()
        let added = try await store.add(
            PersonDraft(name: "Person 025½", address: "", email: "").validated(),
            addedAt: Fixtures.now)
        harness.additions.remember(added)
        try #require(harness.controller).appear()
        await harness.settle()
        let shown = try harness.shown
        #expect(shown.justAdded == added.id)
        #expect(shown.searchText == "", "everyone listed, whatever was searched")
        #expect(shown.rows.last?.title == "Person 025½")
        #expect(shown.summary == "17–26 of 41")
        // Once: the next page read highlights no one new.
        try #require(harness.controller).appear()
        await harness.settle()
        #expect(try harness.shown.justAdded == nil)
    }
}
