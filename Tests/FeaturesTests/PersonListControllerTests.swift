import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite struct PersonListControllerTests {
    /// A list on `store`, whose providers make screens that only record what
    /// was asked of them.
    @MainActor final class Harness {
        let view = RecordingPersonListView()
        let navigator = RecordingNavigator()
        let deletions = LastDeletion()
        var opened: [Person] = []
        var addFormsMade = 0
        var settingsOpened = 0
        var controller: PersonListController?

        init(store: any PersonStore, pageSize: Int = 10) {
            controller = PersonListController(
                store: store, pageSize: pageSize, view: view, navigator: navigator,
                deletions: deletions,
                detailProvider: { [unowned self] person in
                    opened.append(person)
                    return PersonDetailController(
                        person: OpenedPerson(person: person, store: store),
                        view: RecordingPersonDetailView(), navigator: navigator,
                        deletions: deletions,
                        editProvider: { throw PersonStoreError.storage("not in this test") })
                },
                addProvider: { [unowned self] in
                    addFormsMade += 1
                    return PersonEditController(
                        addingTo: store, clock: Fixtures.clock, view: RecordingPersonEditView(),
                        navigator: navigator)
                },
                settingsProvider: { [unowned self] in
                    settingsOpened += 1
                    throw PersonStoreError.storage("no settings in this test")
                })
        }

        func appear() throws {
            navigator.push(try #require(controller))
        }

        var shown: PersonListViewModel {
            get throws { try #require(view.shown) }
        }

        /// Presses "next page", failing the test when there is none.
        func showNextPage() throws {
            let next = try #require(try shown.showNextPage, "there is no next page")
            next()
        }

        /// Presses "previous page", failing the test when there is none.
        func showPreviousPage() throws {
            let previous = try #require(try shown.showPreviousPage, "there is no previous page")
            previous()
        }
    }

    @Test func appearingShowsTheFirstPageInNameOrder() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        let shown = try harness.shown
        #expect(shown.title == "People")
        #expect(shown.summary == "1–3 of 3")
        #expect(shown.rows.map(\.title) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        #expect(shown.rows.map(\.subtitle)[0] == "12 St James's Square, London")
        #expect(shown.showNextPage == nil && shown.showPreviousPage == nil)
    }

    @Test func selectingARowPushesThatPersonsDetail() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        try harness.shown.rows[1].select()
        #expect(harness.opened.map(\.name) == ["Alan Turing"])
        #expect(harness.navigator.top is PersonDetailController)
        #expect(harness.navigator.screens.count == 2)
    }

    @Test func pagingWalksForwardAndBackThroughTheWholeList() throws {
        let harness = Harness(
            store: MemoryPersonStore(persons: Fixtures.numberedPersons(7)), pageSize: 3)
        try harness.appear()
        #expect(try harness.shown.summary == "1–3 of 7")
        try harness.showNextPage()
        #expect(try harness.shown.summary == "4–6 of 7")
        try harness.showNextPage()
        #expect(try harness.shown.summary == "7 of 7")
        #expect(try harness.shown.rows.map(\.title) == ["Person 007"])
        #expect(try harness.shown.showNextPage == nil)
        try harness.showPreviousPage()
        #expect(try harness.shown.rows.map(\.title) == ["Person 004", "Person 005", "Person 006"])
    }

    @Test func searchingShowsOnlyMatchingNamesAndAnEmptySearchShowsEveryone() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        try harness.shown.search("hop")
        #expect(try harness.shown.title == "People matching “hop”")
        #expect(try harness.shown.rows.map(\.title) == ["Grace Hopper"])
        try harness.shown.search("nobody")
        #expect(try harness.shown.rows.isEmpty)
        #expect(try harness.shown.summary == "no one matches; / alone shows everyone")
        try harness.shown.search("")
        #expect(try harness.shown.rows.count == 3)
    }

    @Test func returningFromAnotherScreenShowsChangesMadeThere() throws {
        let store = Fixtures.sampleStore()
        let harness = Harness(store: store)
        try harness.appear()
        try harness.shown.rows[0].select()
        try store.delete(1)
        harness.navigator.pop()
        #expect(try harness.shown.rows.map(\.title) == ["Alan Turing", "Grace Hopper"])
    }

    @Test func deletingTheOnlyPersonOnTheLastPageShowsThePageBefore() throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(4))
        let harness = Harness(store: store, pageSize: 3)
        try harness.appear()
        try harness.showNextPage()
        try harness.shown.rows[0].select()
        try store.delete(4)
        harness.navigator.pop()
        #expect(try harness.shown.summary == "1–3 of 3")
    }

    @Test func addOpensANewForm() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        try harness.shown.add()
        #expect(harness.addFormsMade == 1)
        #expect(harness.navigator.top is PersonEditController)
    }

    @Test func quitEndsTheSession() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        try harness.shown.quit()
        #expect(harness.navigator.didQuit)
    }

    @Test func aLongSearchIsClippedInTheTitle() throws {
        let harness = Harness(store: Fixtures.sampleStore())
        try harness.appear()
        try harness.shown.search(String(repeating: "ab", count: 2_000_000))
        let title = try harness.shown.title
        #expect(title.hasPrefix("People matching “abab"))
        #expect(title.hasSuffix("…”"))
        #expect(title.count < 60, "a search typed once is not printed back in full on every page")
    }

    @Test func aFailingStoreIsReportedOnTheListNotThrown() throws {
        let harness = Harness(store: StrictPersonStore(expectsCalls: true))
        try harness.appear()
        let shown = try harness.shown
        #expect(shown.rows.isEmpty)
        #expect(shown.summary == "not loaded; Enter tries again")
        #expect(shown.retry != nil, "a list that failed to load offers a retry")
        #expect(harness.view.errors == ["Could not load the list: disk unplugged"])
    }
}
