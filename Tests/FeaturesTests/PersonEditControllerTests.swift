import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct PersonEditControllerTests {
    let store = Fixtures.sampleStore()
    let view = RecordingPersonEditView()
    let navigator = RecordingNavigator()

    private func openAddForm() {
        navigator.push(
            PersonEditController(
                addingTo: store, clock: Fixtures.clock, rememberingIn: LastAddition(), view: view,
                navigator: navigator))
    }

    private func openEditForm(of id: Person.ID) async throws -> OpenedPerson {
        let opened = OpenedPerson(person: try await store.existingPerson(withID: id), store: store)
        navigator.push(
            PersonEditController(
                editing: opened, lastChange: LastChange(), view: view, navigator: navigator))
        return opened
    }

    /// Answers Enter at each prompt until `field` is asked: at most once a
    /// field, so a value refused again and again cannot keep the test going.
    private func keep(until field: PersonField) async {
        for _ in PersonField.allCases where view.shown?.field != field {
            await view.answer(.keep)
        }
    }

    /// Answers Enter at the prompt shown and every one after it, the last
    /// of which saves.
    private func keepTheRest() async {
        guard let step = view.shown?.step else { return }
        for _ in step.number...step.of { await view.answer(.keep) }
    }

    @Test func theFormAsksForEachFieldInTurn() async {
        openAddForm()
        #expect(view.shown?.field == .name)
        await view.answer(.text("Barbara Liskov"))
        #expect(view.shown?.field == .email)
        await view.answer(.keep)
        #expect(view.shown?.field == .phone)
        #expect(view.shown?.step.number == 3)
        #expect(view.shown?.step.of == PersonField.allCases.count)
    }

    @Test func addingSavesANewPersonAndReturns() async throws {
        openAddForm()
        await view.answer(.text("  Barbara Liskov "))
        await view.answer(.text("barbara@example.org"))
        await keep(until: .address)
        await view.answer(.text("MIT"))
        await keepTheRest()
        let added = try #require(
            try await store.page(matching: "liskov", from: .first, limit: 1).first)
        #expect(added.name == "Barbara Liskov")
        #expect(added.email == "barbara@example.org")
        #expect(added.address == "MIT")
        #expect(view.messages == ["Saved Barbara Liskov."])
        #expect(navigator.screens.isEmpty)
    }

    /// A stored value another program wrote, kept as it is, is refused
    /// as the stored one, with what to do: in a check's own words it read
    /// as a typing mistake the person never made.
    @Test func aStoredValueThatCannotBeKeptIsSaidToBeTheStoredOne() async throws {
        let stored = Person(
            id: 1, name: "Ada", address: "Esc\u{1B}[31m", email: nil, added: Fixtures.now)
        let opened = OpenedPerson(person: stored, store: MemoryPersonStore(persons: [stored]))
        navigator.push(
            PersonEditController(
                editing: opened, lastChange: LastChange(), view: view, navigator: navigator))
        await keep(until: .address)
        await view.answer(.keep)
        #expect(
            view.errors == [
                "the stored address cannot be kept (address contains the control character U+001B): type another or clear it"
            ])
        #expect(view.shown?.field == .address)
        await view.answer(.text("Esc\u{1B}[32m"))
        #expect(view.errors.last == "address contains the control character U+001B")
        await view.answer(.clear)
        await keepTheRest()
        #expect(view.messages == ["Saved Ada."])
    }

    /// `>` in the line front end: a name and an email, then save, without
    /// answering the eleven prompts after them.
    @Test func savingNowKeepsTheRestAsTheyAreAndSaves() async throws {
        openAddForm()
        await view.answer(.text("Barbara Liskov"))
        await view.answer(.text("work: barbara@example.org, home: bl@example.net"))
        await view.answer(.saveKeepingTheRest)
        #expect(view.messages == ["Saved Barbara Liskov."])
        #expect(navigator.screens.isEmpty)
        let added = try #require(
            try await store.page(matching: "liskov", from: .first, limit: 1).first)
        #expect(added.details.emails.map(\.value) == ["barbara@example.org", "bl@example.net"])
        #expect(added.details.phones.isEmpty && added.address.isEmpty)
    }

    /// Saving now keeps each value as Enter would, so a kept value that
    /// cannot be saved stops it at that field, and the fields after it are
    /// kept from there on.
    @Test func savingNowStopsAtAKeptValueThatIsRefusedAndAsksForIt() async throws {
        var details = ContactDetails()
        details.phones = [LabelledValue(label: "work", value: "020 7946 0018")]
        details.address.street = "Esc\u{1B}[31m"
        let stored = Person(id: 1, name: "Ada", details: details, added: Fixtures.now)
        let store = MemoryPersonStore(persons: [stored])
        let opened = OpenedPerson(person: stored, store: store)
        navigator.push(
            PersonEditController(
                editing: opened, lastChange: LastChange(), view: view, navigator: navigator))
        await view.answer(.saveKeepingTheRest)
        #expect(view.shown?.field == .address)
        #expect(view.errors.count == 1 && view.messages.isEmpty)
        await view.answer(.text("Ockham Park"))
        await view.answer(.saveKeepingTheRest)
        #expect(view.messages == ["Saved Ada."])
        let saved = try await store.existingPerson(withID: 1)
        #expect(saved.address == "Ockham Park")
        #expect(saved.details.phones == details.phones)
    }

    @Test func aRefusedValueIsExplainedAndAskedForAgain() async throws {
        openAddForm()
        await view.answer(.keep)
        #expect(view.errors == ["name is required"])
        #expect(view.shown?.field == .name)
        await view.answer(.text("Barbara"))
        await view.answer(.text("barbara@"))
        #expect(
            view.errors.last
                == "email 'barbara@' is not a valid address (expected name@example.org)")
        #expect(view.shown?.field == .email)
        #expect(try await store.count(matching: "") == 3)
    }

    @Test func editingStartsFromTheCurrentValuesAndEnterKeepsThem() async throws {
        let opened = try await openEditForm(of: 1)
        #expect(view.shown?.currentValue == "Ada Lovelace")
        await keep(until: .address)
        await view.answer(.text("Marylebone"))
        await keepTheRest()
        let stored = try await store.existingPerson(withID: 1)
        #expect(stored.name == "Ada Lovelace")
        #expect(stored.address == "Marylebone")
        #expect(stored.email == "ada@example.org")
        #expect(opened.person == stored)
    }

    @Test func clearingAnOptionalFieldEmptiesIt() async throws {
        _ = try await openEditForm(of: 1)
        await view.answer(.keep)
        await view.answer(.clear)
        await keepTheRest()
        #expect(try await store.existingPerson(withID: 1).email == nil)
    }

    @Test func cancellingSavesNothing() async throws {
        _ = try await openEditForm(of: 1)
        await view.answer(.text("Someone Else"))
        await view.answer(.cancel)
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
        #expect(view.messages == ["Cancelled; nothing was saved."])
        #expect(navigator.screens.isEmpty)
    }

    @Test func aSaveOverSomeoneElsesChangeIsRefusedAndTheirChangeKept() async throws {
        _ = try await openEditForm(of: 1)
        // Meanwhile another screen or program renames her.
        _ = try await store.update(1, validating: PersonDraft(name: "Ada King"))
        await view.answer(.text("Ada Byron"))
        await keepTheRest()
        #expect(
            view.errors == [
                "Could not save: Ada Lovelace was changed by someone else since they were opened; "
                    + "open them again to see the change"
            ])
        #expect(try await store.existingPerson(withID: 1).name == "Ada King")
        #expect(navigator.screens.count == 1, "the form stays, with what was typed")
        #expect(view.shown?.currentValue == "Ada Byron")
    }

    /// Esc while "saving…" in the full-screen front end cancels the save's
    /// task: the form says so, keeps every value typed, and nothing is kept.
    @Test func aSaveStoppedWhileItWaitsSavesNothingAndKeepsTheDraft() async throws {
        let gated = GatedPersonStore(store)
        let opened = OpenedPerson(person: try await store.existingPerson(withID: 1), store: gated)
        navigator.push(
            PersonEditController(
                editing: opened, lastChange: LastChange(), view: view, navigator: navigator))
        await view.answer(.text("Ada Byron"))
        await keep(until: .address)
        await view.answer(.text("Ockham Park"))
        await keep(until: .notes)
        let saving = Task { await view.answer(.keep) }
        #expect(await gated.nextParkedCall() == "update")
        saving.cancel()
        await saving.value
        gated.open()
        #expect(gated.cancelledCalls == 1)
        #expect(view.errors == ["Stopped saving; nothing was saved."])
        #expect(view.messages == [], "never said to be saved")
        #expect(navigator.screens.count == 1, "the form stays open")
        #expect(view.shown?.field == .name)
        #expect(view.shown?.values[.name] == "Ada Byron", "with what was typed")
        #expect(view.shown?.values[.address] == "Ockham Park")
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
    }

    @Test func aFailedSaveIsReportedAndTheFormStaysOpen() async {
        navigator.push(
            PersonEditController(
                addingTo: StrictPersonStore(expectsCalls: true), clock: Fixtures.clock,
                rememberingIn: LastAddition(), view: view, navigator: navigator))
        await view.answer(.text("Barbara"))
        await keepTheRest()
        #expect(view.errors == ["Could not save: disk unplugged"])
        #expect(navigator.screens.count == 1)
        #expect(view.shown?.field == .name)
        #expect(view.shown?.currentValue == "Barbara")
    }
}
