import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite struct PersonDetailControllerTests {
    let store = Fixtures.sampleStore()
    let view = RecordingPersonDetailView()
    let navigator = RecordingNavigator()
    let deletions = LastDeletion()

    private func openDetail(
        of person: Person = Person.samples[0],
        editProvider: @escaping PersonEditControllerProvider = {
            throw PersonStoreError.storage("no form here")
        }
    ) -> PersonDetailController {
        let controller = PersonDetailController(
            person: OpenedPerson(person: person, store: store), view: view, navigator: navigator,
            deletions: deletions, editProvider: editProvider)
        navigator.push(controller)
        return controller
    }

    @Test func appearingShowsEveryField() throws {
        _ = openDetail()
        let shown = try #require(view.shown)
        #expect(shown.title == "Ada Lovelace")
        #expect(shown.fields.map(\.label) == ["Name", "Address", "Email", "Added", "Id"])
        #expect(
            shown.fields.map(\.value) == [
                "Ada Lovelace", "12 St James's Square, London", "ada@example.org", "2010-06-21",
                "1",
            ])
    }

    @Test func missingValuesShowAsADash() throws {
        _ = openDetail(of: Person.samples[1])
        #expect(try #require(view.shown).fields[2].value == "—")
    }

    @Test func editPushesTheFormFromTheProvider() throws {
        var formsMade = 0
        _ = openDetail(editProvider: { [navigator, store] in
            formsMade += 1
            return PersonEditController(
                addingTo: store, clock: Fixtures.clock, view: RecordingPersonEditView(),
                navigator: navigator)
        })
        try #require(view.shown).edit()
        #expect(formsMade == 1)
        #expect(navigator.top is PersonEditController)
    }

    @Test func deleteAsksFirstAndCancellingKeepsThePerson() throws {
        _ = openDetail()
        try #require(view.shown).delete()
        let question = try #require(view.shown?.confirmation)
        #expect(question.question == "Delete Ada Lovelace? (u on the list undoes it.)")
        question.cancel()
        #expect(try store.person(withID: 1) != nil)
        #expect(view.shown?.confirmation == nil)
        #expect(navigator.screens.count == 1)
    }

    @Test func confirmingDeleteRemovesThePersonAndReturns() throws {
        _ = openDetail()
        try #require(view.shown).delete()
        try #require(view.shown?.confirmation).confirm()
        #expect(try store.person(withID: 1) == nil)
        #expect(view.messages == ["Deleted Ada Lovelace."])
        #expect(navigator.screens.isEmpty)
    }

    @Test func aPersonDeletedElsewhereClosesTheScreenWithAReason() throws {
        try store.delete(1)
        _ = openDetail()
        #expect(view.models.isEmpty)
        #expect(view.errors == ["Ada Lovelace can no longer be shown: no person with id 1."])
        #expect(navigator.pops == 1)
    }

    @Test func backReturnsToTheScreenBelow() throws {
        _ = openDetail()
        try #require(view.shown).back()
        #expect(navigator.screens.isEmpty)
    }
}

@MainActor
@Suite struct ReadOnlyDetailTests {
    @Test func anImportedPersonIsShownWithItsSourceAndCannotBeEditedOrDeleted() throws {
        let imported = Person(
            id: -1, name: "Zed Zulu", address: "", email: nil, added: Fixtures.now,
            source: "friends.csv")
        let store = ReadOnlyPersonStore(persons: [imported], source: "friends.csv")
        let view = RecordingPersonDetailView()
        let navigator = RecordingNavigator()
        var formsMade = 0
        navigator.push(
            PersonDetailController(
                person: OpenedPerson(person: imported, store: store), view: view,
                navigator: navigator, deletions: LastDeletion(),
                editProvider: {
                    formsMade += 1
                    throw PersonStoreError.storage("no form")
                }))
        let shown = try #require(view.shown)
        #expect(shown.fields.last?.label == "Source")
        #expect(shown.fields.last?.value == "friends.csv (read-only)")
        shown.edit()
        shown.delete()
        #expect(formsMade == 0)
        #expect(view.shown?.confirmation == nil)
        #expect(
            view.errors
                == Array(
                    repeating:
                        "Zed Zulu comes from friends.csv and is read-only; change that file instead.",
                    count: 2))
    }
}
