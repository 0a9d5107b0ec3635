import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct PersonListControllerTests {
    /// A list on `store`, whose providers make screens that only record what
    /// was asked of them.
    @MainActor final class Harness {
        let view = RecordingPersonListView()
        let navigator = RecordingNavigator()
        let lastChange = LastChange()
        let additions = LastAddition()
        /// The session's work, which the list's loads are started as.
        let work = ScopedWork()
        var opened: [Person] = []
        var addFormsMade = 0
        /// How many screens the list's settings provider made.
        var screensOpened = 0
        var controller: PersonListController?

        init(store: any PersonStore, pageSize: Int = 10, changes: StoreChanges = .none) {
            controller = PersonListController(
                store: store, pageSize: pageSize, view: view, navigator: navigator,
                lastChange: lastChange, additions: additions,
                detailProvider: { [unowned self] person in
                    opened.append(person)
                    return PersonDetailController(
                        person: OpenedPerson(person: person, store: store),
                        view: RecordingPersonDetailView(), navigator: navigator,
                        lastChange: lastChange,
                        editProvider: { throw PersonStoreError.storage("not in this test") },
                        work: ScopedWork())
                },
                addProvider: { [unowned self] in
                    addFormsMade += 1
                    return PersonEditController(
                        addingTo: store, clock: Fixtures.clock, rememberingIn: additions,
                        view: RecordingPersonEditView(), navigator: navigator)
                },
                openedScreens: OpenedScreens(providers: [
                    .settings: { [unowned self] in
                        screensOpened += 1
                        return OpenedScreen()
                    }
                ]),
                work: work, changes: changes)
        }

        /// Shows the list and waits for its first page to arrive.
        func appear() async throws {
            navigator.push(try #require(controller))
            await settle()
        }

        /// Waits until the loads the last key started have arrived.
        func settle() async {
            await work.finish()
        }

        var shown: PersonListViewModel {
            get throws { try #require(view.shown) }
        }

        /// Presses "next page", failing the test when there is none.
        func showNextPage() async throws {
            let next = try #require(try shown.showNextPage, "there is no next page")
            await next()
            await settle()
        }

        /// Presses "previous page", failing the test when there is none.
        func showPreviousPage() async throws {
            let previous = try #require(try shown.showPreviousPage, "there is no previous page")
            await previous()
            await settle()
        }
    }

    /// An empty book is offered the demo persons, and only an empty one:
    /// taken, they are listed, and the offer is gone; a search that finds
    /// no one in a full book offers nothing.
    @Test func anEmptyBookIsOfferedTheDemoPersonsOnceAndOnlyWhileEmpty() async throws {
        let store = MemoryPersonStore(persons: [])
        let harness = Harness(store: store)
        try await harness.appear()
        #expect(try harness.shown.summary == "no one yet")
        let fill = try #require(try harness.shown.addDemoPersons, "an empty book is offered them")
        await fill()
        await harness.settle()
        #expect(try harness.shown.rows.map(\.title) == Person.samples.map(\.name))
        #expect(try harness.shown.addDemoPersons == nil, "a book with anyone is not")
        #expect(
            harness.view.messages.last?.hasPrefix("Added the demo persons Ada Lovelace") == true)
        let search = try harness.shown.search
        await search("nobody")
        await harness.settle()
        #expect(try harness.shown.rows.isEmpty)
        #expect(try harness.shown.addDemoPersons == nil, "no one matching is not an empty book")
        #expect(try await store.count(matching: "") == 3)
    }

    /// Filled meanwhile by another program, the book refuses the demo
    /// persons, and the list says why.
    @Test func theDemoPersonsAreRefusedWhenTheBookFilledMeanwhile() async throws {
        let store = MemoryPersonStore(persons: [])
        let harness = Harness(store: store)
        try await harness.appear()
        let fill = try #require(try harness.shown.addDemoPersons)
        _ = try await store.add(PersonDraft(name: "Zed").validated(), addedAt: Fixtures.clock())
        await fill()
        #expect(
            harness.view.errors.last
                == "Could not add the demo persons: the book holds 1 person already; the demo persons go only in an empty book"
        )
        #expect(try await store.count(matching: "") == 1)
    }

    @Test func appearingShowsTheFirstPageInNameOrder() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        let shown = try harness.shown
        #expect(shown.title == "People")
        #expect(shown.summary == "1–3 of 3")
        #expect(shown.rows.map(\.title) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        // The preferred email beside the name, else the address.
        #expect(
            shown.rows.map(\.subtitle) == [
                "ada@example.org", "Hollymeade, Wilmslow", "grace@example.org",
            ])
        #expect(shown.showNextPage == nil && shown.showPreviousPage == nil)
    }

    /// Esc while "undoing…" in the full-screen front end
    /// cancels the undo's task: no one is put back, and the delete can
    /// still be undone.
    @Test func anUndoStoppedWhileItWaitsPutsNoOneBackAndCanBeTriedAgain() async throws {
        let store = Fixtures.sampleStore()
        let ada = try await store.existingPerson(withID: 1)
        try await store.delete(id: 1)
        let gated = GatedPersonStore(store)
        let harness = Harness(store: gated)
        harness.navigator.push(try #require(harness.controller))
        #expect(await gated.nextParkedCall() == "listPage")
        gated.release()
        await harness.settle()
        harness.lastChange.remember(.deleted(ada))
        let undo = try harness.shown.undo
        let undoing = Task { await undo() }
        #expect(await gated.nextParkedCall() == "restore")
        undoing.cancel()
        await undoing.value
        gated.open()
        #expect(gated.cancelledCalls == 1)
        #expect(harness.view.errors == ["Stopped the undo; Ada Lovelace is still deleted."])
        #expect(harness.view.messages == [], "never said to be restored")
        #expect(try await store.person(withID: 1) == nil)
        #expect(harness.lastChange.take() == .deleted(ada), "the delete can still be undone")
    }

    @Test func selectingARowPushesThatPersonsDetail() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.rows[1].select()
        #expect(harness.opened.map(\.name) == ["Alan Turing"])
        #expect(harness.navigator.top is PersonDetailController)
        #expect(harness.navigator.screens.count == 2)
    }

    @Test func anIntentThatOpensAScreenPushesWhatItsProviderMade() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.openScreen(.settings)
        #expect(harness.screensOpened == 1)
        #expect(harness.navigator.top is OpenedScreen)
        #expect(harness.view.errors.isEmpty)
    }

    @Test func anIntentThatOpensNoScreenSaysSoAndStays() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.openScreen(.quit)
        #expect(harness.view.errors == ["That opens no screen from the list."])
        #expect(harness.navigator.screens.count == 1)
    }

    @Test func pagingWalksForwardAndBackThroughTheWholeList() async throws {
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(7)), pageSize: 3)
        try await harness.appear()
        #expect(try harness.shown.summary == "1–3 of 7")
        try await harness.showNextPage()
        #expect(try harness.shown.summary == "4–6 of 7")
        try await harness.showNextPage()
        #expect(try harness.shown.summary == "7 of 7")
        #expect(try harness.shown.rows.map(\.title) == ["Person 007"])
        #expect(try harness.shown.showNextPage == nil)
        try await harness.showPreviousPage()
        #expect(try harness.shown.rows.map(\.title) == ["Person 004", "Person 005", "Person 006"])
    }

    /// A front end that shows the numbers its own way (a report, a title
    /// bar) reads them as values, never out of the summary's words.
    @Test func eachPageCarriesWhatItShowsAsNumbers() async throws {
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(7)), pageSize: 3)
        try await harness.appear()
        var shown = try harness.shown
        #expect(
            [shown.firstRow, shown.rows.count, shown.total, shown.page, shown.pages]
                == [1, 3, 7, 1, 3])
        try await harness.showNextPage()
        try await harness.showNextPage()
        shown = try harness.shown
        #expect(
            [shown.firstRow, shown.rows.count, shown.total, shown.page, shown.pages]
                == [7, 1, 7, 3, 3])
        await shown.search("nobody")
        await harness.settle()
        shown = try harness.shown
        #expect(
            [shown.firstRow, shown.rows.count, shown.total, shown.page, shown.pages]
                == [0, 0, 0, 1, 1])
    }

    /// A page is one trip to the store, so a slow store (`--latency 1s`)
    /// makes each page wait once, not once per question about it.
    @Test func eachPageIsOneStoreCallEvenWhenItFallsBack() async throws {
        let persons = MemoryPersonStore(persons: Fixtures.numberedPersons(7))
        let store = RecordingPersonStore(persons)
        let harness = Harness(store: store, pageSize: 3)
        try await harness.appear()
        try await harness.showNextPage()
        try await harness.showPreviousPage()
        #expect(store.calls == ["listPage", "listPage", "listPage"])
        // The page after the first one empties: the store falls back to
        // the last page, still in one call.
        try await harness.showNextPage()
        for id in 4...6 { try await persons.delete(id: id) }
        store.forget()
        try await harness.showNextPage()
        #expect(store.calls == ["listPage"])
        #expect(try harness.shown.summary == "4 of 4")
        #expect(try harness.shown.rows.map(\.title) == ["Person 007"])
    }

    @Test func searchingShowsOnlyMatchingNamesAndAnEmptySearchShowsEveryone() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.search("hop")
        await harness.settle()
        #expect(try harness.shown.title == "People matching “hop”")
        #expect(try harness.shown.rows.map(\.title) == ["Grace Hopper"])
        try await harness.shown.search("nobody")
        await harness.settle()
        #expect(try harness.shown.rows.isEmpty)
        #expect(try harness.shown.summary == "no one matches")
        #expect(try harness.shown.searchText == "nobody")
        try await harness.shown.search("")
        await harness.settle()
        #expect(try harness.shown.rows.count == 3)
    }

    /// A search is cut to what the longest field can hold, as the full-screen view
    /// cuts what is typed: the line view passed a piped line whole, and
    /// twenty megabytes of it took the SQLite store over a minute.
    @Test func aSearchIsCutToWhatTheLongestFieldCanHold() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.search("Grace" + String(repeating: "x", count: 1_000_000))
        await harness.settle()
        let longest = PersonSearchText.longestField
        #expect(try harness.shown.searchText.count == longest.maximumLength)
        #expect(try harness.shown.searchText.hasPrefix("Gracexxx"))
        try await harness.shown.search("a" + String(repeating: "\u{301}", count: 1_000_000))
        await harness.settle()
        #expect(try harness.shown.searchText.utf8.count <= longest.maximumBytes)
        try await harness.shown.search("hop")
        await harness.settle()
        #expect(try harness.shown.rows.map(\.title) == ["Grace Hopper"])
    }

    @Test func aSearchLongerThanAFieldCanHoldFindsNoOne() async throws {
        let longest = String(repeating: "a", count: PersonField.name.maximumLength)
        let harness = Harness(
            store: MemoryPersonStore(persons: [
                Person(id: 1, name: longest, address: "", email: nil, added: Fixtures.now)
            ]))
        try await harness.appear()
        try await harness.shown.search(longest + "a")
        await harness.settle()
        #expect(try harness.shown.rows.isEmpty)
        // One character of more marks than any field has bytes: cut to
        // nothing, it showed everyone.
        let marks = PersonSearchText.longestField.maximumBytes / 2
        try await harness.shown.search("a" + String(repeating: "\u{301}", count: marks))
        await harness.settle()
        #expect(try harness.shown.rows.isEmpty)
        #expect(try harness.shown.summary == "no one matches")
        #expect(try harness.shown.title.hasPrefix("People matching “a"))
        #expect(try !harness.shown.searchText.isEmpty, "else the hint is for an empty book")
        try await harness.shown.search("aaa")
        await harness.settle()
        #expect(try harness.shown.rows.map(\.title) == [longest])
    }

    /// A search reads every field (``PersonSearchText``), and an email or a
    /// note is far longer than a name: a search was cut to what a name can
    /// hold, so pasting a note's sentence found no one in a session while
    /// `people list --search` found its person.
    @Test func aSearchLongerThanANameFindsTheNoteThatHoldsIt() async throws {
        let sentence = String(repeating: "the analytical engine weaves ", count: 6)
        let harness = Harness(
            store: MemoryPersonStore(persons: [
                Person(
                    id: 1, name: "Ada Lovelace",
                    details: ContactDetails(notes: sentence + "patterns"),
                    added: Fixtures.now)
            ]))
        try await harness.appear()
        try await harness.shown.search(sentence)
        await harness.settle()
        #expect(sentence.count > PersonField.name.maximumLength)
        #expect(try harness.shown.rows.map(\.title) == ["Ada Lovelace"])
    }

    @Test func returningFromAnotherScreenShowsChangesMadeThere() async throws {
        let store = Fixtures.sampleStore()
        let harness = Harness(store: store)
        try await harness.appear()
        try await harness.shown.rows[0].select()
        try await store.delete(id: 1)
        await harness.navigator.pop()
        await harness.settle()
        #expect(try harness.shown.rows.map(\.title) == ["Alan Turing", "Grace Hopper"])
    }

    /// Whether something happened, from any thread.
    final class Confirmed: Sendable {
        private let happened = Locked(false)
        func confirm() { happened.withLock { $0 = true } }
        var isConfirmed: Bool { happened.withLock { $0 } }
    }

    /// Changes someone else made, as a test sends them: `send` yields a
    /// signal and ends the stream, so the list's follower handles it and
    /// finishes (``ScopedWork/followersFinished()``).
    final class ChangesMadeElsewhere: Sendable {
        let stream: AsyncStream<StoreChanges.Signal>
        let continuation: AsyncStream<StoreChanges.Signal>.Continuation
        let stoppedListening = Confirmed()

        init() {
            (stream, continuation) = AsyncStream.makeStream(of: StoreChanges.Signal.self)
            continuation.onTermination = { [stoppedListening] _ in stoppedListening.confirm() }
        }

        var changes: StoreChanges { StoreChanges { [stream] in stream } }

        func sendAndEnd() {
            continuation.yield(.changed)
            continuation.finish()
        }
    }

    @Test func aChangeMadeElsewhereIsShownWithoutAKey() async throws {
        let store = Fixtures.sampleStore()
        let elsewhere = ChangesMadeElsewhere()
        let harness = Harness(store: store, changes: elsewhere.changes)
        try await harness.appear()
        try await store.add(validating: PersonDraft(name: "Aaron Added Elsewhere"))
        #expect(try harness.shown.rows.count == 3, "nothing has told the list yet")
        elsewhere.sendAndEnd()
        await harness.work.followersFinished()
        await harness.settle()
        #expect(try harness.shown.rows.first?.title == "Aaron Added Elsewhere")
        #expect(try harness.shown.summary == "1–4 of 4")
    }

    @Test func aChangeWhileAnotherScreenIsOnTopWaitsForTheListToAppear() async throws {
        let store = Fixtures.sampleStore()
        let elsewhere = ChangesMadeElsewhere()
        let harness = Harness(store: store, changes: elsewhere.changes)
        try await harness.appear()
        try await harness.shown.rows[0].select()
        let shownBefore = harness.view.models.count
        try await store.add(validating: PersonDraft(name: "Aaron Added Elsewhere"))
        elsewhere.sendAndEnd()
        await harness.work.followersFinished()
        await harness.settle()
        #expect(harness.view.models.count == shownBefore, "the list never draws over the detail")
        await harness.navigator.pop()
        await harness.settle()
        #expect(try harness.shown.rows.first?.title == "Aaron Added Elsewhere")
    }

    @Test func whenTheSignalsEndTheListListensAgainWhenItNextAppears() async throws {
        let store = Fixtures.sampleStore()
        let streams = Locked<[ChangesMadeElsewhere]>([])
        let changes = StoreChanges {
            let elsewhere = ChangesMadeElsewhere()
            streams.withLock { $0.append(elsewhere) }
            return elsewhere.stream
        }
        let harness = Harness(store: store, changes: changes)
        try await harness.appear()
        streams.withLock { $0[0] }.continuation.finish()
        await harness.work.followersFinished()
        try await harness.shown.rows[0].select()
        await harness.navigator.pop()
        await harness.settle()
        #expect(streams.withLock { $0.count } == 2, "listening again after it dropped")
        try await store.add(validating: PersonDraft(name: "Aaron Added Elsewhere"))
        streams.withLock { $0[1] }.sendAndEnd()
        await harness.work.followersFinished()
        await harness.settle()
        #expect(try harness.shown.rows.first?.title == "Aaron Added Elsewhere")
    }

    @Test func theSessionsEndStopsListeningForChanges() async throws {
        let elsewhere = ChangesMadeElsewhere()
        let harness = Harness(store: Fixtures.sampleStore(), changes: elsewhere.changes)
        try await harness.appear()
        #expect(harness.work.runningCount == 1, "the list follows the changes")
        #expect(!elsewhere.stoppedListening.isConfirmed)
        await harness.work.end()
        #expect(harness.work.runningCount == 0)
        #expect(elsewhere.stoppedListening.isConfirmed)
    }

    @Test func deletingTheOnlyPersonOnTheLastPageShowsThePageBefore() async throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(4))
        let harness = Harness(store: store, pageSize: 3)
        try await harness.appear()
        try await harness.showNextPage()
        try await harness.shown.rows[0].select()
        try await store.delete(id: 4)
        await harness.navigator.pop()
        await harness.settle()
        #expect(try harness.shown.summary == "1–3 of 3")
    }

    @Test func addOpensANewForm() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.add()
        await harness.settle()
        #expect(harness.addFormsMade == 1)
        #expect(harness.navigator.top is PersonEditController)
    }

    @Test func quitEndsTheSession() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.quit()
        await harness.settle()
        #expect(harness.navigator.didQuit)
    }

    @Test func aLongSearchIsClippedInTheTitle() async throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try await harness.appear()
        try await harness.shown.search(String(repeating: "ab", count: 2_000_000))
        await harness.settle()
        let title = try harness.shown.title
        #expect(title.hasPrefix("People matching “abab"))
        #expect(title.hasSuffix("…”"))
        #expect(title.count < 60, "a search typed once is not printed back in full on every page")
    }

    @Test func aFailingStoreIsReportedOnTheListNotThrown() async throws {
        let harness = Harness(store: StrictPersonStore(expectsCalls: true))
        try await harness.appear()
        let shown = try harness.shown
        #expect(shown.rows.isEmpty)
        #expect(shown.summary == "not loaded")
        #expect(shown.retry != nil, "a list that failed to load offers a retry")
        #expect(harness.view.errors == ["Could not load the list: disk unplugged"])
    }
}

/// A screen an opened-screens provider makes in these tests: it shows
/// nothing, so a test sees only that the list pushed it.
@MainActor private final class OpenedScreen: Screen {
    func appear() {}
    var view: any ScreenView { UnshownView() }
}
