import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite struct PersonEditControllerTests {
    let store = Fixtures.sampleStore()
    let view = RecordingPersonEditView()
    let navigator = RecordingNavigator()

    private func openAddForm() {
        navigator.push(
            PersonEditController(
                addingTo: store, clock: Fixtures.clock, view: view, navigator: navigator))
    }

    private func openEditForm(of id: Person.ID) throws -> OpenedPerson {
        let opened = OpenedPerson(person: try store.existingPerson(withID: id), store: store)
        navigator.push(PersonEditController(editing: opened, view: view, navigator: navigator))
        return opened
    }

    @Test func theFormAsksForEachFieldInTurn() {
        openAddForm()
        #expect(view.shown?.field == .name)
        view.answer(.text("Barbara Liskov"))
        #expect(view.shown?.field == .address)
        view.answer(.keep)
        #expect(view.shown?.field == .email)
        #expect(view.shown?.step.number == 3)
    }

    @Test func addingSavesANewPersonAndReturns() throws {
        openAddForm()
        view.answer(.text("  Barbara Liskov "))
        view.answer(.text("MIT"))
        view.answer(.text("barbara@example.org"))
        let added = try #require(try store.page(matching: "liskov", from: .first, limit: 1).first)
        #expect(added.name == "Barbara Liskov")
        #expect(added.email == "barbara@example.org")
        #expect(view.messages == ["Saved Barbara Liskov."])
        #expect(navigator.screens.isEmpty)
    }

    @Test func aRefusedValueIsExplainedAndAskedForAgain() throws {
        openAddForm()
        view.answer(.keep)
        #expect(view.errors == ["name is required"])
        #expect(view.shown?.field == .name)
        view.answer(.text("Barbara"))
        view.answer(.keep)
        view.answer(.text("barbara@"))
        #expect(
            view.errors.last
                == "email 'barbara@' is not a valid address (expected name@example.org)")
        #expect(view.shown?.field == .email)
        #expect(try store.count(matching: "") == 3)
    }

    @Test func editingStartsFromTheCurrentValuesAndEnterKeepsThem() throws {
        let opened = try openEditForm(of: 1)
        #expect(view.shown?.currentValue == "Ada Lovelace")
        view.answer(.keep)
        view.answer(.text("Marylebone"))
        view.answer(.keep)
        let stored = try store.existingPerson(withID: 1)
        #expect(stored.name == "Ada Lovelace")
        #expect(stored.address == "Marylebone")
        #expect(stored.email == "ada@example.org")
        #expect(opened.person == stored)
    }

    @Test func clearingAnOptionalFieldEmptiesIt() throws {
        _ = try openEditForm(of: 1)
        view.answer(.keep)
        view.answer(.keep)
        view.answer(.clear)
        #expect(try store.existingPerson(withID: 1).email == nil)
    }

    @Test func cancellingSavesNothing() throws {
        _ = try openEditForm(of: 1)
        view.answer(.text("Someone Else"))
        view.answer(.cancel)
        #expect(try store.existingPerson(withID: 1).name == "Ada Lovelace")
        #expect(view.messages == ["Cancelled; nothing was saved."])
        #expect(navigator.screens.isEmpty)
    }

    @Test func aFailedSaveIsReportedAndTheFormStaysOpen() {
        navigator.push(
            PersonEditController(
                addingTo: StrictPersonStore(expectsCalls: true), clock: Fixtures.clock, view: view,
                navigator: navigator))
        view.answer(.text("Barbara"))
        view.answer(.keep)
        view.answer(.keep)
        #expect(view.errors == ["Could not save: disk unplugged"])
        #expect(navigator.screens.count == 1)
        #expect(view.shown?.field == .name)
        #expect(view.shown?.currentValue == "Barbara")
    }
}
