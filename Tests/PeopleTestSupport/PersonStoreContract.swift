import Features
import Foundation
import Testing

/// The behaviour every ``Features/PersonStore`` promises, as checks another
/// package can run against a store of its own: a decorator, a new back end.
///
/// The protocol is only worth its name if every store behaves alike: a
/// controller tested against `MemoryPersonStore` can then trust the SQLite
/// store, the server store and yours. So the suite this package runs
/// against its own stores is published here, whole. Hand it a name and a
/// maker — a closure that returns a fresh store holding the given persons —
/// and call one promise, or all of them, from a test of your own:
///
/// ```swift
///     @Test func aCountingStoreKeepsEveryPromiseOfTheStoreItWraps() async {
///         let contract = PersonStoreContract("a counting store") { persons in
///             CountingPersonStore(wrapping: MemoryPersonStore(persons: persons))
///         }
///         await contract.checkEveryPromise()
///     }
/// ```
///
/// Each promise is a function of its own, which makes a fresh store and
/// records a Swift Testing issue for every check the store fails, or for
/// any error it throws, naming the store and the promise it broke ("a
/// counting store breaks idsAreNeverReusedAfterADelete()"). Nothing throws
/// out of it, so a failure in one promise never hides another. To see each
/// promise as a test case of its own, run them as arguments:
/// `@Test(arguments: PersonStoreContract.promises)`, then `await
/// contract.check(promise)`.
public struct PersonStoreContract: Sendable {
    /// What the failures call the store: "the sqlite store", "a counting store".
    public let storeName: String
    private let make: @Sendable ([Person]) async throws -> any PersonStore

    /// A contract for the stores `make` returns.
    ///
    /// - Parameters:
    ///   - storeName: names the store in every failure.
    ///   - make: a fresh store holding exactly `persons`, with their ids,
    ///     values and dates; a new one on every call, so promises can run
    ///     in parallel.
    public init(
        _ storeName: String,
        makingStores make:
            @escaping @Sendable (_ persons: [Person]) async throws
            -> any PersonStore
    ) {
        self.storeName = storeName
        self.make = make
    }

    /// One promise of the protocol: its name, and the check that keeps it.
    public struct Promise: Sendable, CustomTestStringConvertible {
        /// The name of the contract's function that checks it.
        public let name: String
        fileprivate let check: @Sendable (PersonStoreContract) async -> Void

        public var testDescription: String { name }
    }

    /// Every promise, in the order ``checkEveryPromise()`` checks them.
    public static let promises: [Promise] = [
        Promise(name: "personsAreListedInNameOrderWhateverTheCase") {
            await $0.personsAreListedInNameOrderWhateverTheCase()
        },
        Promise(name: "pagesFollowOneAnotherWithoutGapsOrRepeats") {
            await $0.pagesFollowOneAnotherWithoutGapsOrRepeats()
        },
        Promise(name: "thePreviousPageIsTheRowsJustBeforeAKeyInAscendingOrder") {
            await $0.thePreviousPageIsTheRowsJustBeforeAKeyInAscendingOrder()
        },
        Promise(name: "searchMatchesPartOfANameIgnoringCase") {
            await $0.searchMatchesPartOfANameIgnoringCase()
        },
        Promise(name: "namesSortWithTheLettersPeopleReadInThem") {
            await $0.namesSortWithTheLettersPeopleReadInThem()
        },
        Promise(name: "searchSetsCaseAndAccentsAside") { await $0.searchSetsCaseAndAccentsAside() },
        Promise(name: "searchReadsEveryFieldButNeverAcrossTwo") {
            await $0.searchReadsEveryFieldButNeverAcrossTwo()
        },
        Promise(name: "searchTextIsDataNeverPattern") { await $0.searchTextIsDataNeverPattern() },
        Promise(name: "unicodeNamesComeBackExactlyAsStored") {
            await $0.unicodeNamesComeBackExactlyAsStored()
        },
        Promise(name: "addingGivesANewIdAndTheClocksDate") {
            await $0.addingGivesANewIdAndTheClocksDate()
        },
        Promise(name: "whatAWriteReturnsIsWhatTheNextWriteFinds") {
            await $0.whatAWriteReturnsIsWhatTheNextWriteFinds()
        },
        Promise(name: "updatingReplacesTheValuesAndKeepsIdAndDate") {
            await $0.updatingReplacesTheValuesAndKeepsIdAndDate()
        },
        Promise(name: "deletingRemovesOnlyThatPerson") { await $0.deletingRemovesOnlyThatPerson() },
        Promise(name: "aPersonNoOneHoldsWasDeletedElsewhere") {
            await $0.aPersonNoOneHoldsWasDeletedElsewhere()
        },
        Promise(name: "aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept") {
            await $0.aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept()
        },
        Promise(name: "anotherSpellingOfTheSameNameIsAChange") {
            await $0.anotherSpellingOfTheSameNameIsAChange()
        },
        Promise(name: "anEmailAddedOrRemovedIsAChange") {
            await $0.anEmailAddedOrRemovedIsAChange()
        },
        Promise(name: "everyFieldOfTheCardIsKeptByEveryWrite") {
            await $0.everyFieldOfTheCardIsKeptByEveryWrite()
        },
        Promise(name: "aSaveOverACardAnotherClientChangedIsRefused") {
            await $0.aSaveOverACardAnotherClientChangedIsRefused()
        },
        Promise(name: "renamingMovesAPersonInTheOrder") {
            await $0.renamingMovesAPersonInTheOrder()
        },
        Promise(name: "addingManyAddsThemAll") { await $0.addingManyAddsThemAll() },
        Promise(name: "everyFieldOfTheCardIsKept") { await $0.everyFieldOfTheCardIsKept() },
        Promise(name: "idsAreNeverReusedAfterADelete") { await $0.idsAreNeverReusedAfterADelete() },
        Promise(name: "searchThroughTheIndexAgreesWithShortSearches") {
            await $0.searchThroughTheIndexAgreesWithShortSearches()
        },
        Promise(name: "aRestoredPersonComesBackExactlyWhereTheyWere") {
            await $0.aRestoredPersonComesBackExactlyWhereTheyWere()
        },
        Promise(name: "anImportPutsBackAndAddsEveryoneOrNoOne") {
            await $0.anImportPutsBackAndAddsEveryoneOrNoOne()
        },
        Promise(name: "aConsistentReadHandsBackWhatItsBodyReturnsOrThrows") {
            await $0.aConsistentReadHandsBackWhatItsBodyReturnsOrThrows()
        },
        Promise(name: "everyPageOfAnExportComesInOrderAndStopsWhenAsked") {
            await $0.everyPageOfAnExportComesInOrderAndStopsWhenAsked()
        },
        Promise(name: "anExportWhoseLastPageIsFullOrThatStopsEarlyEndsThere") {
            await $0.anExportWhoseLastPageIsFullOrThatStopsEarlyEndsThere()
        },
        Promise(name: "aListPageIsItsRowsItsTotalAndWhereItStands") {
            await $0.aListPageIsItsRowsItsTotalAndWhereItStands()
        },
        Promise(name: "aListPageThatCameBackEmptyOrShortFallsBackToAWholePage") {
            await $0.aListPageThatCameBackEmptyOrShortFallsBackToAWholePage()
        },
        Promise(name: "aListPageIsTheAnswerTheSmallerCallsGive") {
            await $0.aListPageIsTheAnswerTheSmallerCallsGive()
        },
    ]

    /// The promises kept when ids run out, each starting with a person at
    /// or near `Int.max`, the largest id there is.
    ///
    /// Kept apart from ``promises``, and not run by ``checkEveryPromise()``,
    /// because a store that counts its ids with `+= 1` does not fail them:
    /// it traps, and a trap ends the process with every test in it. Run
    /// them in a process of their own, an exit test, so a trap fails only
    /// that test, as a broken promise should:
    ///
    /// ```swift
    ///     @Test(arguments: PersonStoreContract.promisesWhenIDsRunOut)
    ///     func aCountingStoreRefusesWhenIDsRunOut(
    ///         _ promise: PersonStoreContract.Promise
    ///     ) async {
    ///         await #expect(processExitsWith: .success) { [name = promise.name as String] in
    ///             await PersonStoreContract("a counting store") { persons in
    ///                 CountingPersonStore(wrapping: MemoryPersonStore(persons: persons))
    ///             }
    ///             .check(PersonStoreContract.promise(named: name))
    ///         }
    ///     }
    /// ```
    ///
    /// Every other promise starts at small ids, so it never meets the edge.
    public static let promisesWhenIDsRunOut: [Promise] = [
        Promise(name: "anAddWhenNoIDIsLeftIsRefused") { await $0.anAddWhenNoIDIsLeftIsRefused() },
        Promise(name: "aBulkAddThatFailsPartWayAddsNoOne") {
            await $0.aBulkAddThatFailsPartWayAddsNoOne()
        },
    ]

    /// The promise of ``promises`` or ``promisesWhenIDsRunOut`` with this name.
    ///
    /// How an exit test, which can take only plain values into its process,
    /// finds the promise it runs. A name that is none records an issue, and
    /// the promise it gives checks nothing.
    public static func promise(named name: String) -> Promise {
        if let promise = (promises + promisesWhenIDsRunOut).first(where: { $0.name == name }) {
            return promise
        }
        Issue.record("the store contract has no promise named \(InertText.quoted(name))")
        return Promise(name: name) { _ in }
    }

    /// Checks one promise against a fresh store.
    public func check(_ promise: Promise) async {
        await promise.check(self)
    }

    /// Checks every promise of ``promises``, one after the other, each
    /// against a fresh store: not those of ``promisesWhenIDsRunOut``, which
    /// a store that traps on them would fail by ending the whole run.
    public func checkEveryPromise() async {
        for promise in Self.promises { await promise.check(self) }
    }

    // MARK: Running a promise

    /// Makes a store holding `persons` and runs `body` on it, recording any
    /// error either throws as the store breaking `promise`.
    ///
    /// A check that fails inside `body` has recorded its own issue already
    /// (`#require` then throws to stop the body), so only other errors are
    /// recorded here.
    func keeping(
        _ persons: [Person], promise: String = #function,
        _ body: (any PersonStore) async throws -> Void
    ) async {
        do {
            try await body(try await make(persons))
        } catch is ExpectationFailedError {
            return
        } catch {
            Issue.record(error, "\(storeName) breaks \(promise): it threw")
        }
    }

    /// The comment a failed check carries: which store broke which promise,
    /// and what the check was about.
    func broken(_ detail: String? = nil, promise: String = #function) -> Comment {
        Comment(rawValue: "\(storeName) breaks \(promise)" + (detail.map { ": \($0)" } ?? ""))
    }

    // MARK: Order and paging

    /// Names are in ``Features/PersonSortKey`` order: case and accents folded.
    public func personsAreListedInNameOrderWhateverTheCase() async {
        await keeping([]) { store in
            for name in ["bob", "Alice", "Émile", "alice", "Zoë", "Charlie"] {
                _ = try await store.add(validating: PersonDraft(name: name))
            }
            let names = try await store.page(matching: "", from: .first, limit: 10).map(\.name)
            #expect(names == ["Alice", "alice", "bob", "Charlie", "Émile", "Zoë"], broken())
        }
    }

    /// Letters sort with the letters people read in them — Ñ with N, Ø with
    /// O, Ł with L — and two names that fold alike in the order they were
    /// added (by id).
    public func namesSortWithTheLettersPeopleReadInThem() async {
        await keeping([]) { store in
            for name in ["Zoë", "Øystein", "Ñuño", "Łukasz", "Zoe", "Oscar", "Nadia", "Luke"] {
                _ = try await store.add(validating: PersonDraft(name: name))
            }
            let names = try await store.page(matching: "", from: .first, limit: 10).map(\.name)
            #expect(
                names == ["Łukasz", "Luke", "Nadia", "Ñuño", "Oscar", "Øystein", "Zoë", "Zoe"],
                broken())
        }
    }

    /// Reading page after page from each last key gives everyone once, in order.
    public func pagesFollowOneAnotherWithoutGapsOrRepeats() async {
        await keeping(Fixtures.numberedPersons(25)) { store in
            var seen: [String] = []
            var page = try await store.page(matching: "", from: .first, limit: 10)
            while let last = page.last {
                seen += page.map(\.name)
                page = try await store.page(matching: "", from: .after(last.sortKey), limit: 10)
            }
            #expect(seen == Fixtures.numberedPersons(25).map(\.name), broken())
        }
    }

    /// A page before a key is the rows just before it, still in ascending
    /// order, and its position is where it starts.
    public func thePreviousPageIsTheRowsJustBeforeAKeyInAscendingOrder() async {
        await keeping(Fixtures.numberedPersons(25)) { store in
            let third = try await store.page(matching: "", from: .offset(20), limit: 10)
            #expect(third.map(\.id) == Array(21...25), broken())
            let second = try await store.page(
                matching: "", from: .before(try #require(third.first, broken()).sortKey),
                limit: 10)
            #expect(second.map(\.id) == Array(11...20), broken())
            #expect(
                try await store.position(
                    of: try #require(second.first, broken()).sortKey, matching: "") == 10,
                broken())
        }
    }

    // MARK: Search

    /// A search finds names containing it, whatever the case.
    public func searchMatchesPartOfANameIgnoringCase() async {
        await keeping(Person.samples) { store throws in  // every `try` is inside a check
            #expect(
                try await store.page(matching: "AL", from: .first, limit: 10).map(\.name) == [
                    "Alan Turing"
                ], broken())
            #expect(try await store.count(matching: "a") == 3, broken())
            #expect(try await store.count(matching: "zz") == 0, broken())
        }
    }

    /// A search sets accents aside as well as case, as people read names:
    /// `zoe`, `ZOE` and `zoë` all find Zoë, `nuno` finds Ñuño, `lukasz`
    /// finds Łukasz, and a name typed with accents finds it without.
    public func searchSetsCaseAndAccentsAside() async {
        await keeping([]) { store in
            for name in ["Zoë Ødegård", "Ñuño Pérez", "Łukasz Straße", "Ana Smith"] {
                _ = try await store.add(validating: PersonDraft(name: name))
            }
            let found = { (search: String) in
                try await store.page(matching: search, from: .first, limit: 10).map(\.name)
            }
            for search in ["zoe", "ZOE", "zoë", "ZOË", "odegard", "ØDEGÅRD", "e o"] {
                #expect(try await found(search) == ["Zoë Ødegård"], broken(search))
            }
            #expect(try await found("nuno") == ["Ñuño Pérez"], broken("nuno"))
            #expect(try await found("perez") == ["Ñuño Pérez"], broken("perez"))
            #expect(try await found("lukasz") == ["Łukasz Straße"], broken("lukasz"))
            #expect(try await found("strasse") == ["Łukasz Straße"], broken("strasse"))
            #expect(try await found("ñ") == ["Ana Smith", "Ñuño Pérez"], broken("ñ"))
            #expect(try await store.count(matching: "ø") == 2, broken("ø"))
            #expect(try await store.count(matching: "Ł") == 1, broken("Ł"))
        }
    }

    /// A search reads every field a person is looked up by — an email, a
    /// phone as written or its digits alone, the organisation, the title,
    /// the nickname, a part of the address, a word of the notes — with
    /// case and accents set aside, and never matches across two fields.
    public func searchReadsEveryFieldButNeverAcrossTwo() async {
        await keeping([]) { store in
            let card = PersonDraft(texts: [
                .name: "Ada Lovelace",
                .email: "work: Ada@Engines.example, home: ada.king@home.example",
                .phone: "mobile: +44 20 7946 0958, home: 020 7946 0001",
                .organization: "Analytical Engines", .title: "Countess",
                .nickname: "Enchantress", .address: "12 St James's Square",
                .city: "Kraków", .region: "Surrey", .postcode: "SW1Y 4LE",
                .country: "Ελλάς", .notes: "Wrote the first program\nfor the Engine",
            ])
            _ = try await store.add(validating: card)
            _ = try await store.add(validating: PersonDraft(name: "Bob Plain"))
            let found = { (search: String) in
                try await store.page(matching: search, from: .first, limit: 10).map(\.name)
            }
            for search in [
                "ENGINES.EXAMPLE", "ada.king@", "+44 20 7946", "2079460958", "7946 0001",
                "analytical", "COUNTESS", "enchant", "james's", "krakow", "surrey", "sw1y",
                "ελλας", "first program", "ENGINE",
            ] {
                #expect(try await found(search) == ["Ada Lovelace"], broken(search))
                #expect(try await store.count(matching: search) == 1, broken(search))
            }
            // Across two fields: the name's end and the email's start, the
            // organisation's end and the title's start.
            for search in ["lovelaceada", "lovelace ada", "enginescountess", "\u{1F}"] {
                #expect(try await found(search) == [], broken(search))
                #expect(try await store.count(matching: search) == 0, broken(search))
            }
            // A label is not what a person is looked up by.
            #expect(try await found("mobile") == [], broken("mobile"))
        }
    }

    /// `%`, `_` and quotes in a search are text to find, never SQL or a pattern.
    public func searchTextIsDataNeverPattern() async {
        await keeping([]) { store in
            let tricky = [
                "O'Brien", "100% Pure", "under_score", "Robert'); DROP TABLE persons;--",
            ]
            for name in tricky { _ = try await store.add(validating: PersonDraft(name: name)) }
            #expect(
                try await store.page(matching: "%", from: .first, limit: 10).map(\.name) == [
                    "100% Pure"
                ], broken())
            #expect(
                try await store.page(matching: "_", from: .first, limit: 10).map(\.name) == [
                    "under_score"
                ], broken())
            // The fold makes a full-width "％" a "%": still text to find.
            #expect(
                try await store.page(matching: "％", from: .first, limit: 10).map(\.name) == [
                    "100% Pure"
                ], broken())
            #expect(
                try await store.page(matching: "'", from: .first, limit: 10).count == 2, broken())
            #expect(try await store.count(matching: "") == 4, broken())
        }
    }

    /// Any Unicode name is kept as written and found in any case.
    public func unicodeNamesComeBackExactlyAsStored() async {
        await keeping([]) { store in
            let added = try await store.add(
                validating: PersonDraft(name: "Nguyễn Thị Minh Khai 👩🏽‍💻", address: "Hà Nội"))
            #expect(
                try await store.person(withID: added.id)?.name == "Nguyễn Thị Minh Khai 👩🏽‍💻",
                broken())
            #expect(try await store.count(matching: "NGUYỄN") == 1, broken())
        }
    }

    /// Searches long enough for an index agree with a scan of every person.
    public func searchThroughTheIndexAgreesWithShortSearches() async {
        await keeping([]) { store in
            _ = try await store.add(validatingAll: DemoPersons.drafts(count: 500))
            for search in ["k", "kn", "knu", "KNUTH 1", "a*", "[x", "ada knuth 2"] {
                let all = try await store.page(matching: search, from: .first, limit: 1_000)
                #expect(
                    all.count == (try await store.count(matching: search)), broken("\(search)"))
                #expect(
                    all.allSatisfy {
                        $0.searchText.contains(folded: PersonSortKey.fold(search))
                    }, broken("\(search)"))
            }
        }
    }

    // MARK: Writes

    /// An add gives a new id, the values checked, and the caller's date.
    public func addingGivesANewIdAndTheClocksDate() async {
        await keeping(Person.samples) { store in
            let added = try await store.add(
                validating: PersonDraft(name: " Barbara Liskov ", email: "barbara@example.org"))
            #expect(added.id > 3, broken())
            #expect(added.name == "Barbara Liskov", broken())
            #expect(added.added == Fixtures.now, broken())
            #expect(try await store.person(withID: added.id) == added, broken())
            #expect(try await store.count(matching: "") == 4, broken())
        }
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

    /// The person an add, an update or a restore returns is the one the
    /// store reads back and the next write accepts, whatever the date.
    public func whatAWriteReturnsIsWhatTheNextWriteFinds() async {
        await keeping([]) { store in
            for date in Self.awkwardDates {
                let added = try await store.add(
                    PersonDraft(name: "Dated \(date)").validated(), addedAt: date)
                #expect(
                    try await store.person(withID: added.id) == added, broken("added at \(date)"))
                if StoredDate.secondsRange.contains(date.timeIntervalSince1970) {
                    #expect(
                        abs(added.added.timeIntervalSince(date)) < 0.001,
                        broken("added at \(date)"))
                }
                let updated = try await store.update(
                    added, with: PersonDraft(name: "Moved \(date)").validated())
                #expect(updated.added == added.added, broken("added at \(date)"))
                #expect(
                    try await store.person(withID: added.id) == updated,
                    broken("added at \(date)"))
                try await store.delete(updated)
                try await store.restore(updated)
                #expect(
                    try await store.person(withID: added.id) == updated,
                    broken("restored, added at \(date)"))
                try await store.delete(updated)
            }
            #expect(try await store.count(matching: "") == 0, broken())
        }
    }

    /// An update replaces every value and keeps the id and the date added.
    public func updatingReplacesTheValuesAndKeepsIdAndDate() async {
        await keeping(Person.samples) { store in
            let updated = try await store.update(
                2, validating: PersonDraft(name: "Alan M. Turing", address: ""))
            #expect(updated.id == 2, broken())
            #expect(updated.added == Person.samples[1].added, broken())
            #expect(try await store.person(withID: 2) == updated, broken())
            #expect(updated.email == nil, broken())
        }
    }

    /// A delete removes that person and no one else.
    public func deletingRemovesOnlyThatPerson() async {
        await keeping(Person.samples) { store in
            try await store.delete(Person.samples[0])
            #expect(try await store.person(withID: 1) == nil, broken())
            #expect(
                try await store.page(matching: "", from: .first, limit: 10).map(\.id) == [2, 3],
                broken())
        }
    }

    /// Renaming someone moves them to their new place in the order.
    public func renamingMovesAPersonInTheOrder() async {
        await keeping(Person.samples) { store in
            _ = try await store.update(3, validating: PersonDraft(name: "Aaron Hopper"))
            #expect(
                try await store.page(matching: "", from: .first, limit: 10).map(\.id) == [3, 1, 2],
                broken())
        }
    }

    /// A bulk add adds everyone, searchable, and later adds are too.
    public func addingManyAddsThemAll() async {
        await keeping(Person.samples) { store in
            #expect(
                try await store.add(validatingAll: DemoPersons.drafts(count: 50)) == 50, broken())
            #expect(
                try await store.count(matching: "ada allen 1") == 1,
                broken("the bulk add is searchable"))
            try await store.add(validating: PersonDraft(name: "Zyx Unique"))
            #expect(
                try await store.count(matching: "zyx uni") == 1, broken("a later single add is too")
            )
            #expect(try await store.count(matching: "") == 54, broken())
        }
    }

    /// Every field of the card — each labelled email and phone, the
    /// address in parts, the birthday, the notes' lines, the card id —
    /// comes back exactly as written from an add, an update, a restore and
    /// a bulk add; and a save over a card someone changed (a phone added)
    /// is refused, the change kept.
    public func everyFieldOfTheCardIsKept() async {
        await keeping([]) { store in
            let first = try Fixtures.everyFieldDraft(0).validated()
            let added = try await store.add(first, addedAt: Fixtures.now)
            #expect(added.name == first.name, broken("added"))
            #expect(added.details == first.details, broken("added"))
            #expect(try await store.person(withID: added.id) == added, broken("added"))

            let second = try Fixtures.everyFieldDraft(1).validated()
            let updated = try await store.update(added, with: second)
            #expect(updated.details == second.details, broken("updated"))
            #expect(try await store.person(withID: added.id) == updated, broken("updated"))

            try await store.delete(updated)
            try await store.restore(updated)
            #expect(try await store.person(withID: added.id) == updated, broken("restored"))

            let many = try (2..<5).map { try Fixtures.everyFieldDraft($0).validated() }
            #expect(
                try await store.add(contentsOf: many, addedAt: Fixtures.now) == 3,
                broken("bulk add"))
            let all = try await store.page(matching: "", from: .first, limit: 10)
            #expect(
                Set(all.map(\.details)) == Set(([second] + many).map(\.details)),
                broken("bulk add"))

            var phoned = PersonDraft(updated)
            phoned[.phone] += ", home: 020 7946 0000"
            let theirs = try await store.update(updated, with: try phoned.validated())
            await #expect(
                throws: PersonStoreError.changedElsewhere(name: updated.name),
                broken("a phone added")
            ) {
                try await store.update(updated, with: second)
            }
            #expect(try await store.person(withID: added.id) == theirs, broken("a phone added"))
        }
    }

    /// An add when the largest id there is is taken is refused with an
    /// error, and the store goes on: it never wraps round to a taken id.
    public func anAddWhenNoIDIsLeftIsRefused() async {
        let last = Person(
            id: .max, name: "The Last", address: "", email: nil, added: Fixtures.now)
        await keeping([last]) { store in
            await #expect(throws: PersonStoreError.self, broken()) {
                try await store.add(validating: PersonDraft(name: "One Too Many"))
            }
            #expect(
                try await store.page(matching: "", from: .first, limit: 10) == [last], broken())
            try await store.delete(last)
            #expect(try await store.count(matching: "") == 0, broken())
        }
    }

    /// A bulk add that cannot add everyone adds no one, and the store goes on.
    public func aBulkAddThatFailsPartWayAddsNoOne() async {
        // Two ids are left after this person: the third newcomer has none.
        let nearTheEnd = Person(
            id: .max - 2, name: "Nearly Last", address: "", email: nil, added: Fixtures.now)
        await keeping([nearTheEnd]) { store in
            await #expect(throws: PersonStoreError.self, broken()) {
                try await store.add(
                    validatingAll: ["One", "Two", "Three"].map { PersonDraft(name: $0) })
            }
            #expect(
                try await store.page(matching: "", from: .first, limit: 10) == [nearTheEnd],
                broken())
            // Ids the failed add took may be spent (a server's sequence is
            // never rolled back), but the store goes on taking writes.
            try await store.delete(nearTheEnd)
            #expect(try await store.count(matching: "") == 0, broken())
        }
    }

    /// An id once given is never given again, even after its person is deleted.
    public func idsAreNeverReusedAfterADelete() async {
        await keeping(Person.samples) { store in
            let first = try await store.add(validating: PersonDraft(name: "Temporary"))
            try await store.delete(first)
            #expect(
                try await store.add(validating: PersonDraft(name: "Next")).id > first.id, broken())
        }
    }

    /// A deleted person restored comes back with the same id, values and
    /// date, where they were in the order; restoring twice is refused.
    public func aRestoredPersonComesBackExactlyWhereTheyWere() async {
        await keeping(Person.samples) { store in
            let alan = Person.samples[1]
            try await store.delete(alan)
            try await store.restore(alan)
            #expect(try await store.person(withID: alan.id) == alan, broken())
            #expect(
                try await store.page(matching: "", from: .first, limit: 10) == Person.samples,
                broken())
            #expect(try await store.count(matching: "") == 3, broken())
            await #expect(throws: PersonStoreError.self, broken("restored twice")) {
                try await store.restore(alan)
            }
            #expect(try await store.count(matching: "") == 3, broken())
        }
    }

    /// An import's persons put back under their own ids and its new ones
    /// are stored together: each put back exactly, the new ones with ids
    /// above every id put back; and when one id is taken, or given twice,
    /// no one at all.
    public func anImportPutsBackAndAddsEveryoneOrNoOne() async {
        await keeping(Person.samples) { store in
            let kept = [
                Person(
                    id: 500, name: "Édith Piaf",
                    details: try Fixtures.everyFieldDraft(0)
                        .validated().details, added: Fixtures.now),
                Person(id: 40, name: "Ada Byron", address: "", email: nil, added: Fixtures.now),
            ]
            let stored = try await store.putBack(
                kept, adding: [try PersonDraft(name: "New One").validated()],
                addedAt: Fixtures.now)
            #expect(stored == 3, broken())
            for person in kept {
                #expect(try await store.person(withID: person.id) == person, broken("put back"))
            }
            let added = try await store.page(matching: "new one", from: .first, limit: 10)
            #expect(
                added.map(\.id).allSatisfy { $0 > 500 },
                broken("a new id above those put back: \(added.map(\.id))"))
            #expect(try await store.count(matching: "") == 6, broken())
            let refused: [[Person]] = [
                [
                    Person(
                        id: 41, name: "Not Stored", address: "", email: nil, added: Fixtures.now),
                    Person.samples[0],
                ],
                [
                    Person(id: 42, name: "Twice", address: "", email: nil, added: Fixtures.now),
                    Person(id: 42, name: "Twice", address: "", email: nil, added: Fixtures.now),
                ],
            ]
            for persons in refused {
                await #expect(throws: PersonStoreError.self, broken("an id taken")) {
                    try await store.putBack(
                        persons, adding: [try PersonDraft(name: "Not Added").validated()],
                        addedAt: Fixtures.now)
                }
                #expect(
                    try await store.person(withID: persons[0].id) == nil, broken("no one put back"))
                #expect(try await store.count(matching: "not") == 0, broken("no one added"))
                #expect(try await store.count(matching: "") == 6, broken())
            }
        }
    }

    // MARK: No lost changes

    /// Writing over a person the store does not hold says they were deleted.
    public func aPersonNoOneHoldsWasDeletedElsewhere() async {
        await keeping(Person.samples) { store throws in  // every `try` is inside a check
            let ghost = Person(
                id: 42, name: "Ghost", address: "", email: nil, added: Fixtures.now)
            #expect(try await store.person(withID: 42) == nil, broken())
            await #expect(throws: PersonStoreError.deletedElsewhere(name: "Ghost"), broken()) {
                try await store.delete(ghost)
            }
            await #expect(throws: PersonStoreError.deletedElsewhere(name: "Ghost"), broken()) {
                try await store.update(ghost, with: PersonDraft(name: "X").validated())
            }
            #expect(try await store.count(matching: "") == 3, broken())
        }
    }

    /// A save or a delete over a change the caller has not read is refused,
    /// and the change is kept.
    public func aSaveOverAChangeItHasNotSeenIsRefusedAndTheChangeKept() async {
        await keeping(Person.samples) { store in
            let opened = Person.samples[0]
            let theirs = try await store.update(
                opened, with: PersonDraft(name: "Ada King", address: "Ockham Park").validated())
            await #expect(
                throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace"), broken("update")
            ) {
                try await store.update(opened, with: PersonDraft(name: "Ada Byron").validated())
            }
            await #expect(
                throws: PersonStoreError.changedElsewhere(name: "Ada Lovelace"), broken("delete")
            ) {
                try await store.delete(opened)
            }
            #expect(try await store.person(withID: 1) == theirs, broken())
            // Read again, the change is seen, and a save over it is the user's choice.
            let saved = try await store.update(
                theirs, with: PersonDraft(name: "Ada Byron").validated())
            #expect(try await store.person(withID: 1) == saved, broken())
        }
    }

    /// A name written again in another Unicode spelling is a change, though
    /// Swift's `==` takes the two as equal.
    public func anotherSpellingOfTheSameNameIsAChange() async {
        // "é" as one scalar, then as "e" and a combining accent: Swift's `==`
        // takes them as equal, but someone did rewrite the name.
        let composed = "Ren\u{E9} Descartes"
        let decomposed = "Rene\u{301} Descartes"
        await keeping([]) { store in
            let opened = try await store.add(validating: PersonDraft(name: composed))
            let theirs = try await store.update(
                opened, with: PersonDraft(name: decomposed).validated())
            #expect(theirs.name == opened.name, broken("equal to Swift"))
            await #expect(throws: PersonStoreError.changedElsewhere(name: composed), broken()) {
                try await store.update(opened, with: PersonDraft(name: "René").validated())
            }
        }
    }

    /// An email added where there was none is a change.
    public func anEmailAddedOrRemovedIsAChange() async {
        await keeping(Person.samples) { store in
            let alan = Person.samples[1]
            _ = try await store.update(
                alan,
                with: PersonDraft(
                    name: alan.name, address: alan.address, email: "alan@example.org"
                )
                .validated())
            await #expect(throws: PersonStoreError.changedElsewhere(name: alan.name), broken()) {
                try await store.delete(alan)
            }
        }
    }

    /// A save over a card another client changed since it was opened — a
    /// phone added, the name and the rest as they were — is refused, as is
    /// a delete, and their phone is kept: the whole card is compared, not
    /// only the columns of earlier releases.
    public func aSaveOverACardAnotherClientChangedIsRefused() async {
        await keeping([]) { store in
            let opened = try await store.add(
                Fixtures.everyFieldCard.validated(), addedAt: Fixtures.now)
            var withAPhone = PersonDraft(opened)
            withAPhone[.phone] += ", home: +1 555 0100"
            let theirs = try await store.update(opened, with: withAPhone.validated())
            #expect(theirs.details.phones.count == 3, broken("their phone was saved"))
            var mine = PersonDraft(opened)
            mine[.title] = "Chief Officer"
            await #expect(
                throws: PersonStoreError.changedElsewhere(name: opened.name), broken("update")
            ) {
                try await store.update(opened, with: mine.validated())
            }
            await #expect(
                throws: PersonStoreError.changedElsewhere(name: opened.name), broken("delete")
            ) {
                try await store.delete(opened)
            }
            #expect(
                try await store.person(withID: opened.id)?.hasSameValues(as: theirs) == true,
                broken("their phone is kept"))
        }
    }

    // MARK: Every field

    /// Every field of a card (``PeopleTestSupport/Fixtures/everyFieldCard``)
    /// is kept, byte for byte, by each write that stores one: an add, an
    /// update, a restore after a delete, and a bulk add; and an update
    /// that empties a card keeps nothing of it.
    ///
    /// A store that kept only the columns of earlier releases — the name,
    /// the street, one email — would lose the phones, the address's parts
    /// and the notes without a word.
    public func everyFieldOfTheCardIsKeptByEveryWrite() async {
        await keeping(Person.samples) { store in
            let card = try Fixtures.everyFieldCard.validated()
            func holdsTheCard(_ person: Person?) -> Bool {
                guard let person else { return false }
                return person.name.utf8.elementsEqual(card.name.utf8)
                    && person.details.hasSameBytes(as: card.details)
            }
            let added = try await store.add(card, addedAt: Fixtures.now)
            #expect(holdsTheCard(added), broken("add"))
            #expect(holdsTheCard(try await store.person(withID: added.id)), broken("add, read"))

            let updated = try await store.update(Person.samples[0], with: card)
            #expect(holdsTheCard(updated), broken("update"))
            #expect(holdsTheCard(try await store.person(withID: 1)), broken("update, read"))
            let emptied = try await store.update(
                updated, with: PersonDraft(name: "Ada Lovelace").validated())
            let emptiedRead = try await store.person(withID: 1)
            #expect(
                emptied.details.hasSameBytes(as: ContactDetails()) && emptiedRead == emptied,
                broken("an update that empties the card"))

            try await store.delete(added)
            try await store.restore(added)
            #expect(
                try await store.person(withID: added.id)?.hasSameValues(as: added) == true,
                broken("restore"))

            #expect(
                try await store.add(contentsOf: [card, card], addedAt: Fixtures.now) == 2,
                broken("bulk add"))
            let found = try await store.page(matching: "ziggy", from: .first, limit: 10)
            #expect(found.count == 3 && found.allSatisfy(holdsTheCard), broken("bulk add, read"))
        }
    }

    // MARK: Export

    /// What a body of ``Features/PersonStore/readingConsistently(_:)``
    /// throws: the error it must hand back unchanged.
    struct ThrownByTheBody: Error, Equatable {}

    /// A consistent read runs its body once and hands back what it returns,
    /// or what it throws, unchanged; reads in it see what was written before
    /// it, and once it has ended, thrown or not, a later write is seen.
    ///
    /// A store that kept its read open after a body threw would go on
    /// answering from that moment, and never show a later change.
    public func aConsistentReadHandsBackWhatItsBodyReturnsOrThrows() async {
        await keeping(Person.samples) { store in
            let runs = Locked(0)
            let names = try await store.readingConsistently {
                runs.withLock { $0 += 1 }
                return try await store.page(matching: "", from: .first, limit: 10).map(\.name)
            }
            #expect(names == Person.samples.map(\.name), broken())
            #expect(runs.withLock { $0 } == 1, broken("the body runs once"))
            await #expect(throws: ThrownByTheBody(), broken("the body's error")) {
                try await store.readingConsistently { () async throws -> Int in
                    _ = try await store.count(matching: "")
                    throw ThrownByTheBody()
                }
            }
            let added = try await store.add(validating: PersonDraft(name: "After The Read"))
            #expect(
                try await store.readingConsistently { try await store.person(withID: added.id) }
                    == added, broken("a write after a read that threw"))
            #expect(try await store.count(matching: "") == 4, broken())
        }
    }

    /// An export hands over every page in order, and `false` stops it.
    public func everyPageOfAnExportComesInOrderAndStopsWhenAsked() async {
        await keeping(Fixtures.numberedPersons(23)) { store in
            let pages = Locked<[[String]]>([])
            try await store.forEachPage(matching: "", pageSize: 5) { page in
                pages.withLock { $0.append(page.map(\.name)) }
                return true
            }
            let read = pages.withLock { $0 }
            #expect(read.map(\.count) == [5, 5, 5, 5, 3], broken())
            #expect(
                read.joined().map { $0 } == Fixtures.numberedPersons(23).map(\.name), broken())
            let searched = Locked<[String]>([])
            try await store.forEachPage(matching: "person 01", pageSize: 4) { page in
                searched.withLock { $0 += page.map(\.name) }
                return true
            }
            #expect(
                searched.withLock { $0 } == (10...19).map { "Person 0\($0)" }, broken("searched"))
            let asked = Locked(0)
            try await store.forEachPage(matching: "", pageSize: 5) { _ in
                asked.withLock { $0 += 1 }
                return false
            }
            #expect(asked.withLock { $0 } == 1, broken("false stops the reading"))
        }
    }

    /// A last page that is full, an answer with no page, and a reading
    /// stopped with a page already asked for all end as they should.
    ///
    /// The server store asks for each page before the one before it is
    /// handed over, so these must end as every other store's do.
    public func anExportWhoseLastPageIsFullOrThatStopsEarlyEndsThere() async {
        let numbered = Fixtures.numberedPersons(20)
        await keeping(numbered) { store in
            let counts = Locked<[Int]>([])
            try await store.forEachPage(matching: "", pageSize: 5) { page in
                counts.withLock { $0.append(page.count) }
                return true
            }
            #expect(counts.withLock { $0 } == [5, 5, 5, 5], broken())
            let handed = Locked(0)
            try await store.forEachPage(matching: "nobody by this name", pageSize: 5) { _ in
                handed.withLock { $0 += 1 }
                return true
            }
            #expect(handed.withLock { $0 } == 0, broken("no persons, no page"))
            let asked = Locked(0)
            try await store.forEachPage(matching: "", pageSize: 5) { _ in
                asked.withLock { $0 += 1 }
                return asked.withLock { $0 } < 2
            }
            #expect(
                asked.withLock { $0 } == 2, broken("false on the second page stops the reading"))
            let again = Locked<[String]>([])
            try await store.forEachPage(matching: "", pageSize: 7) { page in
                again.withLock { $0 += page.map(\.name) }
                return true
            }
            #expect(
                again.withLock { $0 } == numbered.map(\.name),
                broken("the store reads on as before"))
        }
    }
}
