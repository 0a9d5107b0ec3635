import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct PersonDetailControllerTests {
    let store = Fixtures.sampleStore()
    let view = RecordingPersonDetailView()
    let navigator = RecordingNavigator()
    let lastChange = LastChange()
    /// The person scope's work, which the detail's reads are started as.
    let work = ScopedWork()

    /// Pushes the detail of `person` and waits for it to be read again.
    private func openDetail(
        of person: Person = Person.samples[0],
        editProvider: @escaping PersonEditControllerProvider = {
            throw PersonStoreError.storage("no form here")
        }
    ) async -> PersonDetailController {
        let controller = PersonDetailController(
            person: OpenedPerson(person: person, store: store), view: view, navigator: navigator,
            lastChange: lastChange, editProvider: editProvider, work: work)
        navigator.push(controller)
        await work.finish()
        return controller
    }

    @Test func appearingShowsEveryField() async throws {
        _ = await openDetail()
        let shown = try #require(view.shown)
        #expect(shown.title == "Ada Lovelace")
        #expect(shown.fields.map(\.label) == ["Name", "Email", "Address", "Added", "Id"])
        #expect(
            shown.fields.map(\.value) == [
                "Ada Lovelace", "ada@example.org", "12 St James's Square, London", "2010-06-21",
                "1",
            ])
    }

    @Test func missingValuesShowAsADash() async throws {
        _ = await openDetail(of: Person.samples[1])
        let email = try #require(view.shown).fields[1]
        #expect(email.label == "Email" && email.value == "—")
    }

    @Test func editPushesTheFormFromTheProvider() async throws {
        var formsMade = 0
        _ = await openDetail(editProvider: { [navigator, store] in
            formsMade += 1
            return PersonEditController(
                addingTo: store, clock: Fixtures.clock, rememberingIn: LastAddition(),
                view: RecordingPersonEditView(), navigator: navigator)
        })
        try await #require(view.shown).edit()
        #expect(formsMade == 1)
        #expect(navigator.top is PersonEditController)
    }

    @Test func deleteAsksFirstAndCancellingKeepsThePerson() async throws {
        _ = await openDetail()
        try await #require(view.shown).delete()
        let question = try #require(view.shown?.confirmation)
        #expect(question.question == "Delete Ada Lovelace?")
        #expect(question.canBeUndone, "the list's undo brings them back")
        await question.cancel()
        #expect(try await store.person(withID: 1) != nil)
        #expect(view.shown?.confirmation == nil)
        #expect(navigator.screens.count == 1)
    }

    @Test func confirmingDeleteRemovesThePersonAndReturns() async throws {
        _ = await openDetail()
        try await #require(view.shown).delete()
        try await #require(view.shown?.confirmation).confirm()
        #expect(try await store.person(withID: 1) == nil)
        #expect(view.messages == ["Deleted Ada Lovelace."])
        #expect(navigator.screens.isEmpty)
    }

    /// Esc while "deleting…" in the full-screen front end cancels the
    /// delete's task: the person is kept, and there is nothing to undo.
    @Test func aDeleteStoppedWhileItWaitsKeepsThePerson() async throws {
        let gated = GatedPersonStore(store)
        let detail = PersonDetailController(
            person: OpenedPerson(person: Person.samples[0], store: gated), view: view,
            navigator: navigator, lastChange: lastChange,
            editProvider: { throw PersonStoreError.storage("no form here") }, work: work)
        navigator.push(detail)
        #expect(await gated.nextParkedCall() == "person")
        gated.release()
        await work.finish()
        try await #require(view.shown).delete()
        let question = try #require(view.shown?.confirmation)
        let deleting = Task { await question.confirm() }
        #expect(await gated.nextParkedCall() == "delete")
        deleting.cancel()
        await deleting.value
        gated.open()
        #expect(gated.cancelledCalls == 1)
        #expect(view.errors == ["Stopped deleting; Ada Lovelace was kept."])
        #expect(view.messages == [], "never said to be deleted")
        #expect(try await store.person(withID: 1) != nil)
        #expect(lastChange.take() == nil, "there is nothing to undo")
        #expect(view.shown?.confirmation == nil, "the question is gone")
        #expect(navigator.screens.count == 1, "and the person still shown")
    }

    @Test func aDeleteOfAChangeNotYetSeenIsRefusedAndNothingIsRemembered() async throws {
        _ = await openDetail()
        _ = try await store.update(1, validating: PersonDraft(name: "Ada King"))
        try await #require(view.shown).delete()
        try await #require(view.shown?.confirmation).confirm()
        #expect(
            view.errors == [
                "Could not delete Ada Lovelace: Ada Lovelace was changed by someone else since "
                    + "they were opened; open them again to see the change"
            ])
        #expect(try await store.existingPerson(withID: 1).name == "Ada King")
        #expect(lastChange.take() == nil, "there is nothing to undo")
        #expect(navigator.screens.count == 1)
    }

    @Test func aPersonDeletedElsewhereSaysSoAndOnlyBackAndQuitStillWork() async throws {
        try await store.delete(id: 1)
        _ = await openDetail()
        #expect(view.models.map(\.isLoading) == [true], "the person as the list had them, loading")
        #expect(view.loadFailures == ["Ada Lovelace can no longer be shown: no person with id 1"])
        await view.shown?.edit()
        #expect(view.loadFailures.count == 2, "editing them says again why they are gone")
        await view.shown?.delete()
        #expect(view.loadFailures.count == 3, "and so does deleting them")
        #expect(view.shown?.confirmation == nil, "with no question asked")
        await view.shown?.back()
        #expect(navigator.screens.isEmpty)
    }

    @Test func whileThePersonIsReadTheScreenSaysSoAndBackCancelsTheRead() async throws {
        let gated = GatedPersonStore(store)
        let detail = PersonDetailController(
            person: OpenedPerson(person: Person.samples[0], store: gated), view: view,
            navigator: navigator, lastChange: lastChange,
            editProvider: { throw PersonStoreError.storage("no form here") }, work: work)
        navigator.push(detail)
        #expect(await gated.nextParkedCall() == "person")
        #expect(view.shown?.isLoading == true)
        await view.shown?.back()
        #expect(navigator.screens.isEmpty)
        #expect(gated.cancelledCalls == 1, "leaving cancelled the read in flight")
        #expect(work.runningCount == 0, "and waited for it to stop")
        #expect(view.models.count == 1, "nothing was drawn after the screen left")
    }

    @Test func backReturnsToTheScreenBelow() async throws {
        _ = await openDetail()
        try await #require(view.shown).back()
        #expect(navigator.screens.isEmpty)
    }
}

@MainActor
@Suite(.tags(.parksAsyncWork)) struct ReadOnlyDetailTests {
    @Test func anImportedPersonIsShownWithItsSourceAndCannotBeEditedOrDeleted() async throws {
        let imported = Person(
            id: -1, name: "Zed Zulu", address: "", email: nil, added: Fixtures.now,
            source: "friends.csv")
        let store = ReadOnlyPersonStore(persons: [imported], source: "friends.csv")
        let view = RecordingPersonDetailView()
        let navigator = RecordingNavigator()
        let work = ScopedWork()
        var formsMade = 0
        navigator.push(
            PersonDetailController(
                person: OpenedPerson(person: imported, store: store), view: view,
                navigator: navigator, lastChange: LastChange(),
                editProvider: {
                    formsMade += 1
                    throw PersonStoreError.storage("no form")
                }, work: work))
        await work.finish()
        let shown = try #require(view.shown)
        #expect(shown.fields.last?.label == "Source")
        #expect(shown.fields.last?.value == "friends.csv (read-only)")
        await shown.edit()
        await shown.delete()
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
