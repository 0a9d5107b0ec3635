import Features
import Foundation
import PeopleTestSupport
import SQLiteStore
import Synchronization
import Testing

/// The behaviour every ``PersonStore`` promises, run against each store.
///
/// This is what the protocol is for: one suite, several implementations,
/// and a controller tested against one can trust all of them.
@Suite struct PersonStoreContractTests {
    @Test(arguments: StoreMaker.all)
    func personsAreListedInNameOrderWhateverTheCase(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: [])
        for name in ["bob", "Alice", "Émile", "alice", "Zoë", "Charlie"] {
            _ = try await store.add(validating: PersonDraft(name: name))
        }
        let names = try await store.page(matching: "", from: .first, limit: 10).map(\.name)
        #expect(names == ["Alice", "alice", "bob", "Charlie", "Zoë", "Émile"])
    }

    @Test(arguments: StoreMaker.all)
    func pagesFollowOneAnotherWithoutGapsOrRepeats(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Fixtures.numberedPersons(25))
        var seen: [String] = []
        var page = try await store.page(matching: "", from: .first, limit: 10)
        while let last = page.last {
            seen += page.map(\.name)
            page = try await store.page(matching: "", from: .after(last.sortKey), limit: 10)
        }
        #expect(seen == Fixtures.numberedPersons(25).map(\.name))
    }

    @Test(arguments: StoreMaker.all)
    func thePreviousPageIsTheRowsJustBeforeAKeyInAscendingOrder(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Fixtures.numberedPersons(25))
        let third = try await store.page(matching: "", from: .offset(20), limit: 10)
        #expect(third.map(\.id) == Array(21...25))
        let second = try await store.page(
            matching: "", from: .before(try #require(third.first).sortKey), limit: 10)
        #expect(second.map(\.id) == Array(11...20))
        #expect(
            try await store.position(of: try #require(second.first).sortKey, matching: "") == 10)
    }

    @Test(arguments: StoreMaker.all)
    func searchMatchesPartOfANameIgnoringCase(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        #expect(
            try await store.page(matching: "AL", from: .first, limit: 10).map(\.name) == [
                "Alan Turing"
            ])
        #expect(try await store.count(matching: "a") == 3)
        #expect(try await store.count(matching: "zz") == 0)
    }

    @Test(arguments: StoreMaker.all)
    func searchTextIsDataNeverPattern(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: [])
        let tricky = ["O'Brien", "100% Pure", "under_score", "Robert'); DROP TABLE persons;--"]
        for name in tricky { _ = try await store.add(validating: PersonDraft(name: name)) }
        #expect(
            try await store.page(matching: "%", from: .first, limit: 10).map(\.name) == [
                "100% Pure"
            ])
        #expect(
            try await store.page(matching: "_", from: .first, limit: 10).map(\.name) == [
                "under_score"
            ])
        #expect(try await store.page(matching: "'", from: .first, limit: 10).count == 2)
        #expect(try await store.count(matching: "") == 4)
    }

    @Test(arguments: StoreMaker.all)
    func unicodeNamesComeBackExactlyAsStored(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: [])
        let added = try await store.add(
            validating: PersonDraft(name: "Nguyễn Thị Minh Khai 👩🏽‍💻", address: "Hà Nội"))
        #expect(try await store.person(withID: added.id)?.name == "Nguyễn Thị Minh Khai 👩🏽‍💻")
        #expect(try await store.count(matching: "NGUYỄN") == 1)
    }

    @Test(arguments: StoreMaker.all)
    func addingGivesANewIdAndTheClocksDate(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let added = try await store.add(
            validating: PersonDraft(name: " Barbara Liskov ", email: "barbara@example.org"))
        #expect(added.id > 3)
        #expect(added.name == "Barbara Liskov")
        #expect(added.added == Fixtures.now)
        #expect(try await store.person(withID: added.id) == added)
        #expect(try await store.count(matching: "") == 4)
    }

    /// Dates with a fraction of a second, far in the past and far in the
    /// future, and twenty more drawn at random: seconds from 2001 and from
    /// 1970 round differently, which a store keeping either must not lose.
    static let awkwardDates: [Date] = {
        var random = SeededGenerator(seed: 28)
        return [
            Date(timeIntervalSince1970: 1_764_133_383.123_456_7),
            Date(timeIntervalSinceReferenceDate: 0.1),
            Date(timeIntervalSince1970: -62_000_000_000.3),
            Date(timeIntervalSince1970: 250_000_000_000.7),
            .distantPast, .distantFuture,
        ]
            + (0..<20).map { _ in
                Date(timeIntervalSince1970: Double.random(in: -3e9...5e9, using: &random))
            }
    }()

    @Test(arguments: StoreMaker.all)
    func whatAWriteReturnsIsWhatTheNextWriteFinds(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: [])
        for date in Self.awkwardDates {
            let added = try await store.add(
                PersonDraft(name: "Dated \(date)").validated(), addedAt: date)
            #expect(try await store.person(withID: added.id) == added, "added at \(date)")
            if StoredDate.secondsRange.contains(date.timeIntervalSince1970) {
                #expect(abs(added.added.timeIntervalSince(date)) < 0.001, "added at \(date)")
            }
            let updated = try await store.update(
                added, with: PersonDraft(name: "Moved \(date)").validated())
            #expect(updated.added == added.added, "added at \(date)")
            #expect(try await store.person(withID: added.id) == updated, "added at \(date)")
            try await store.delete(updated)
            try await store.restore(updated)
            #expect(
                try await store.person(withID: added.id) == updated, "restored, added at \(date)")
            try await store.delete(updated)
        }
        #expect(try await store.count(matching: "") == 0)
    }

    @Test(arguments: StoreMaker.all)
    func updatingReplacesTheValuesAndKeepsIdAndDate(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let updated = try await store.update(
            2, validating: PersonDraft(name: "Alan M. Turing", address: ""))
        #expect(updated.id == 2)
        #expect(updated.added == Person.samples[1].added)
        #expect(try await store.person(withID: 2) == updated)
        #expect(updated.email == nil)
    }

    @Test(arguments: StoreMaker.all)
    func deletingRemovesOnlyThatPerson(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        try await store.delete(Person.samples[0])
        #expect(try await store.person(withID: 1) == nil)
        #expect(try await store.page(matching: "", from: .first, limit: 10).map(\.id) == [2, 3])
    }

    @Test(arguments: StoreMaker.all)
    func aPersonNoOneHoldsWasDeletedElsewhere(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let ghost = Person(id: 42, name: "Ghost", address: "", email: nil, added: Fixtures.now)
        #expect(try await store.person(withID: 42) == nil)
        await #expect(throws: PersonStoreError.deletedElsewhere(name: "Ghost")) {
            try await store.delete(ghost)
        }
        await #expect(throws: PersonStoreError.deletedElsewhere(name: "Ghost")) {
            try await store.update(ghost, with: PersonDraft(name: "X").validated())
        }
        #expect(try await store.count(matching: "") == 3)
    }

    @Test(arguments: StoreMaker.all)
    func aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let opened = Person.samples[0]
        let theirs = try await store.update(
            opened, with: PersonDraft(name: "Ada King", address: "Ockham Park").validated())
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace")) {
            try await store.update(opened, with: PersonDraft(name: "Ada Byron").validated())
        }
        await #expect(throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace")) {
            try await store.delete(opened)
        }
        #expect(try await store.person(withID: 1) == theirs)
        // Read again, the change is seen, and a save over it is the user's choice.
        let saved = try await store.update(theirs, with: PersonDraft(name: "Ada Byron").validated())
        #expect(try await store.person(withID: 1) == saved)
    }

    @Test(arguments: StoreMaker.all)
    func anotherSpellingOfTheSameNameIsAChange(_ maker: StoreMaker) async throws {
        // "é" as one scalar, then as "e" and a combining accent: Swift's `==`
        // takes them as equal, but someone did rewrite the name.
        let composed = "Ren\u{E9} Descartes"
        let decomposed = "Rene\u{301} Descartes"
        let store = try maker.make(persons: [])
        let opened = try await store.add(validating: PersonDraft(name: composed))
        let theirs = try await store.update(opened, with: PersonDraft(name: decomposed).validated())
        #expect(theirs.name == opened.name, "equal to Swift")
        await #expect(throws: PersonStoreError.changedElsewhere(name: composed)) {
            try await store.update(opened, with: PersonDraft(name: "René").validated())
        }
    }

    @Test(arguments: StoreMaker.all)
    func anEmailAddedOrRemovedIsAChange(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let alan = Person.samples[1]
        _ = try await store.update(
            alan,
            with: PersonDraft(name: alan.name, address: alan.address, email: "alan@example.org")
                .validated())
        await #expect(throws: PersonStoreError.changedElsewhere(name: alan.name)) {
            try await store.delete(alan)
        }
    }

    @Test(arguments: StoreMaker.all)
    func aBulkAddThatFailsPartWayAddsNoOne(_ maker: StoreMaker) async throws {
        // Two ids are left after this person: the third newcomer has none.
        let nearTheEnd = Person(
            id: .max - 2, name: "Nearly Last", address: "", email: nil, added: Fixtures.now)
        let store = try maker.make(persons: [nearTheEnd])
        await #expect(throws: PersonStoreError.self) {
            try await store.add(
                validatingAll: ["One", "Two", "Three"].map { PersonDraft(name: $0) })
        }
        #expect(try await store.page(matching: "", from: .first, limit: 10) == [nearTheEnd])
        // Ids the failed add took may be spent (a server's sequence is
        // never rolled back), but the store goes on taking writes.
        try await store.delete(nearTheEnd)
        #expect(try await store.count(matching: "") == 0)
    }

    @Test(arguments: StoreMaker.all)
    func renamingMovesAPersonInTheOrder(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        _ = try await store.update(3, validating: PersonDraft(name: "Aaron Hopper"))
        #expect(try await store.page(matching: "", from: .first, limit: 10).map(\.id) == [3, 1, 2])
    }

    @Test(arguments: StoreMaker.all)
    func addingManyAddsThemAll(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        #expect(try await store.add(validatingAll: DemoPersons.drafts(count: 50)) == 50)
        #expect(try await store.count(matching: "ada allen 1") == 1, "the bulk add is searchable")
        try await store.add(validating: PersonDraft(name: "Zyx Unique"))
        #expect(try await store.count(matching: "zyx uni") == 1, "a later single add is too")
        #expect(try await store.count(matching: "") == 54)
    }

    @Test(arguments: StoreMaker.all)
    func idsAreNeverReusedAfterADelete(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let first = try await store.add(validating: PersonDraft(name: "Temporary"))
        try await store.delete(first)
        #expect(try await store.add(validating: PersonDraft(name: "Next")).id > first.id)
    }

    @Test(arguments: StoreMaker.all)
    func searchThroughTheIndexAgreesWithShortSearches(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: [])
        _ = try await store.add(validatingAll: DemoPersons.drafts(count: 500))
        for search in ["k", "kn", "knu", "KNUTH 1", "a*", "[x", "ada knuth 2"] {
            let all = try await store.page(matching: search, from: .first, limit: 1_000)
            #expect(all.count == (try await store.count(matching: search)), "\(search)")
            #expect(
                all.allSatisfy { PersonSortKey.fold($0.name).contains(PersonSortKey.fold(search)) })
        }
    }

    @Test(arguments: StoreMaker.all)
    func aRestoredPersonComesBackExactlyWhereTheyWere(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Person.samples)
        let alan = Person.samples[1]
        try await store.delete(alan)
        try await store.restore(alan)
        #expect(try await store.person(withID: alan.id) == alan)
        #expect(try await store.page(matching: "", from: .first, limit: 10) == Person.samples)
        #expect(try await store.count(matching: "") == 3)
        await #expect(throws: PersonStoreError.self) { try await store.restore(alan) }
        #expect(try await store.count(matching: "") == 3)
    }

    @Test(arguments: StoreMaker.all)
    func everyPageOfAnExportComesInOrderAndStopsWhenAsked(_ maker: StoreMaker) async throws {
        let store = try maker.make(persons: Fixtures.numberedPersons(23))
        let pages = Mutex<[[String]]>([])
        try await store.forEachPage(matching: "", pageSize: 5) { page in
            pages.withLock { $0.append(page.map(\.name)) }
            return true
        }
        let read = pages.withLock { $0 }
        #expect(read.map(\.count) == [5, 5, 5, 5, 3])
        #expect(read.joined().map { $0 } == Fixtures.numberedPersons(23).map(\.name))
        let searched = Mutex<[String]>([])
        try await store.forEachPage(matching: "person 01", pageSize: 4) { page in
            searched.withLock { $0 += page.map(\.name) }
            return true
        }
        #expect(searched.withLock { $0 } == (10...19).map { "Person 0\($0)" })
        let asked = Mutex(0)
        try await store.forEachPage(matching: "", pageSize: 5) { _ in
            asked.withLock { $0 += 1 }
            return false
        }
        #expect(asked.withLock { $0 } == 1, "false stops the reading")
    }

    /// The server store asks for each page before the one before it is
    /// handed over; a last page that is full, an answer with no page, and a
    /// reading stopped with a page already asked for must end as every
    /// other store's do.
    @Test(arguments: StoreMaker.all)
    func anExportWhoseLastPageIsFullOrThatStopsEarlyEndsThere(_ maker: StoreMaker) async throws {
        let numbered = Fixtures.numberedPersons(20)
        let store = try maker.make(persons: numbered)
        let counts = Mutex<[Int]>([])
        try await store.forEachPage(matching: "", pageSize: 5) { page in
            counts.withLock { $0.append(page.count) }
            return true
        }
        #expect(counts.withLock { $0 } == [5, 5, 5, 5])
        let handed = Mutex(0)
        try await store.forEachPage(matching: "nobody by this name", pageSize: 5) { _ in
            handed.withLock { $0 += 1 }
            return true
        }
        #expect(handed.withLock { $0 } == 0, "no persons, no page")
        let asked = Mutex(0)
        try await store.forEachPage(matching: "", pageSize: 5) { _ in
            asked.withLock { $0 += 1 }
            return asked.withLock { $0 } < 2
        }
        #expect(asked.withLock { $0 } == 2, "false on the second page stops the reading")
        let again = Mutex<[String]>([])
        try await store.forEachPage(matching: "", pageSize: 7) { page in
            again.withLock { $0 += page.map(\.name) }
            return true
        }
        #expect(again.withLock { $0 } == numbered.map(\.name), "the store reads on as before")
    }
}
