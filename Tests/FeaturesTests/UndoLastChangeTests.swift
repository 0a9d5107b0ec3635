import Features
import PeopleTestSupport
import Testing

/// `u` on the list takes back the session's last change, an edit too.
///
/// An accidental `e`, typing and Enter renamed someone for good. An edit
/// is undone through the store's ordinary update, whose check keeps an
/// undo from writing over someone else's later change.
@MainActor
@Suite(.tags(.parksAsyncWork)) struct UndoLastChangeTests {
    let store = Fixtures.sampleStore()
    let lastChange = LastChange()
    let navigator = RecordingNavigator()
    let listView = RecordingPersonListView()
    let work = ScopedWork()

    /// Ada with every field of her card filled, as stored.
    private func fullCard() async throws -> Person {
        let ada = try await store.existingPerson(withID: 1)
        return try await store.update(ada, with: Fixtures.everyFieldDraft(1).validated())
    }

    /// Edits person `id` in a form, typing `answers` from the first field
    /// and keeping the rest; returns the person as saved.
    @discardableResult
    private func edit(_ id: Person.ID, typing answers: [String]) async throws -> Person {
        let opened = OpenedPerson(person: try await store.existingPerson(withID: id), store: store)
        let view = RecordingPersonEditView()
        navigator.push(
            PersonEditController(
                editing: opened, lastChange: lastChange, view: view, navigator: navigator))
        for answer in answers { await view.answer(.text(answer)) }
        await view.answer(.saveKeepingTheRest)
        #expect(view.errors == [])
        return opened.person
    }

    /// Presses `u` on a list of the store, and waits for the page after it.
    private func undo() async throws {
        let list = PersonListController(
            store: store, pageSize: 10, view: listView, navigator: navigator,
            lastChange: lastChange, additions: LastAddition(),
            detailProvider: { _ in throw PersonStoreError.storage("not in this test") },
            addProvider: { throw PersonStoreError.storage("not in this test") },
            openedScreens: OpenedScreens(providers: [:]), work: work, changes: .none)
        navigator.push(list)
        await work.finish()
        let undo = try #require(listView.shown).undo
        await undo()
        await work.finish()
    }

    @Test func undoingAnEditPutsEveryValueOfTheCardBack() async throws {
        let before = try await fullCard()
        let after = try await edit(1, typing: ["Ada King", "ada@king.org", "", "Analytical"])
        #expect(after.name == "Ada King")
        try await undo()
        let now = try await store.existingPerson(withID: 1)
        #expect(now.hasSameValues(as: before), "every field of the card, not only the name")
        #expect(listView.messages == ["Put \(before.name) back as before the edit."])
        #expect(listView.errors == [])
        #expect(lastChange.take() == nil, "undone once, it is gone")
    }

    @Test func anEditUndoneAfterSomeoneElseChangedThePersonChangesNothingAndSaysSo() async throws {
        let after = try await edit(2, typing: ["Alan M. Turing"])
        let theirs = try await store.update(
            after, with: PersonDraft(name: "A. M. Turing").validated())
        try await undo()
        #expect(try await store.existingPerson(withID: 2).hasSameValues(as: theirs))
        #expect(
            listView.errors == [
                "Alan M. Turing was changed since the edit; the undo changed nothing."
            ])
        #expect(listView.messages == [])
    }

    @Test func anEditUndoneAfterSomeoneElseDeletedThePersonBringsNoOneBack() async throws {
        let after = try await edit(2, typing: ["Alan M. Turing"])
        try await store.delete(after)
        try await undo()
        #expect(try await store.person(withID: 2) == nil)
        #expect(
            listView.errors == [
                "Alan M. Turing was deleted since the edit; the undo changed nothing."
            ])
    }

    @Test func theLastChangeIsTheOneUndoneAndASaveThatChangedNothingIsNone() async throws {
        let grace = try await store.existingPerson(withID: 3)
        try await store.delete(grace)
        lastChange.remember(.deleted(grace))
        try await edit(1, typing: [])
        try await undo()
        #expect(try await store.person(withID: 3) == grace, "the delete, not the empty edit")
        #expect(listView.messages == ["Restored Grace Hopper."])
    }

    @Test func withNothingChangedUndoSaysSo() async throws {
        try await undo()
        #expect(listView.errors == ["There is no edit or delete to undo in this session."])
    }
}
