import Foundation

/// Makes a person form, on demand: a new one each time someone adds or edits.
///
/// The list holds one that makes an empty "add" form; each detail screen holds
/// one that makes an "edit" form for its own person. Neither knows how the
/// form is wired, only that calling the provider gives a fresh one.
public typealias PersonEditControllerProvider = @MainActor () throws -> PersonEditController

/// Asks for a person's fields one at a time, checks each, and saves.
///
/// The same controller adds and edits: what "save" means is handed to it.
/// For a new person it adds to the store; for an opened person it updates
/// them. The controller neither knows nor cares which.
@MainActor
public final class PersonEditController: Screen {
    private let title: String
    private let save: @MainActor (PersonDraft) async throws -> Person
    private let formView: any PersonEditView
    private let navigator: any Navigator
    private var draft: PersonDraft
    /// The values the form started with: for an edit, the stored ones.
    private let startingDraft: PersonDraft
    private var fieldIndex = 0

    /// Stores its collaborators; asks nothing until it appears.
    ///
    /// - Parameters:
    ///   - title: the form's heading, such as "New person".
    ///   - draft: the values the form starts with, each kept unless changed.
    ///   - save: stores the finished draft and returns the stored person.
    ///   - view: asks for each field and shows what was wrong with it.
    ///   - navigator: closes the form when it is saved or cancelled.
    public init(
        title: String,
        draft: PersonDraft,
        save: @escaping @MainActor (PersonDraft) async throws -> Person,
        view: any PersonEditView,
        navigator: any Navigator
    ) {
        self.title = title
        self.draft = draft
        self.startingDraft = draft
        self.save = save
        self.formView = view
        self.navigator = navigator
    }

    /// A form for a new person, which adds the result to `store`, stamped
    /// with `clock`'s time, and remembers them in `additions`, so the list
    /// shows them highlighted when it is back.
    public convenience init(
        addingTo store: any PersonStore, clock: @escaping @Sendable () -> Date,
        rememberingIn additions: LastAddition, view: any PersonEditView,
        navigator: any Navigator
    ) {
        self.init(
            title: "New person", draft: PersonDraft(),
            save: { draft in
                let added = try await store.add(draft.validated(), addedAt: clock())
                additions.remember(added)
                return added
            }, view: view, navigator: navigator)
    }

    /// A form for an opened person, which saves through it so that the detail
    /// screen sharing it shows the change, and keeps the edit in
    /// `lastChange`, so `u` on the list can put the card back as it was.
    ///
    /// A save that changed no value is no edit to undo: it leaves the
    /// change kept before it, a delete say, to be undone.
    public convenience init(
        editing opened: OpenedPerson, lastChange: LastChange, view: any PersonEditView,
        navigator: any Navigator
    ) {
        self.init(
            title: "Edit \(opened.person.name)", draft: PersonDraft(opened.person),
            save: { draft in
                let before = opened.person
                let after = try await opened.save(draft)
                if !after.hasSameValues(as: before) {
                    lastChange.remember(.edited(before: before, after: after))
                }
                return after
            }, view: view, navigator: navigator)
    }

    /// Starts (or restarts) the form at the first field.
    public func appear() {
        fieldIndex = 0
        ask()
    }

    /// The view it draws through, which the front end sends input to.
    public var view: any ScreenView { formView }

    private var field: PersonField { PersonField.allCases[fieldIndex] }

    private func ask() {
        formView.show(
            PersonFormViewModel(
                title: title,
                field: field,
                step: (fieldIndex + 1, PersonField.allCases.count),
                currentValue: draft[field],
                values: draftValues,
                answer: { [weak self] answer in await self?.receive(answer) }))
    }

    /// Every field's value in the draft as it stands, the answers given so
    /// far included.
    private var draftValues: [PersonField: String] {
        Dictionary(uniqueKeysWithValues: PersonField.allCases.map { ($0, draft[$0]) })
    }

    private func receive(_ answer: FormAnswer) async {
        let raw: String
        switch answer {
        case .cancel:
            formView.showMessage("Cancelled; nothing was saved.")
            return await navigator.pop()
        case .previous:
            fieldIndex = max(0, fieldIndex - 1)
            return ask()
        case .keep: raw = draft[field]
        case .clear: raw = ""
        case .text(let text): raw = text
        case .saveKeepingTheRest: return await keepTheRestAndFinish()
        }
        guard accept(raw) else { return ask() }
        fieldIndex += 1
        if fieldIndex < PersonField.allCases.count { return ask() }
        await finish()
    }

    /// Keeps the field asked and every one after it, then saves.
    ///
    /// Each is checked as Enter would check it, in turn, so a person added
    /// with a name and an email is not thirteen prompts. The first value
    /// refused is asked for again, the fields before it kept.
    private func keepTheRestAndFinish() async {
        while fieldIndex < PersonField.allCases.count {
            guard accept(draft[field]) else { return ask() }
            fieldIndex += 1
        }
        await finish()
    }

    /// Puts `raw`, checked, in the draft for the field asked; on a refusal
    /// says why and leaves the draft as it was.
    private func accept(_ raw: String) -> Bool {
        do {
            draft[field] = try field.validate(raw)
            return true
        } catch {
            formView.showError(refusal(error, keeping: raw))
            return false
        }
    }

    /// Why `raw` was refused: a typing mistake in the check's own words,
    /// but a value kept as stored — which another program may have written
    /// — said to be the stored one, with what to do, since the person did
    /// not type it.
    private func refusal(_ error: PersonValidationError, keeping raw: String) -> String {
        guard !raw.isEmpty, raw == startingDraft[field] else { return error.description }
        let remedy = field.isRequired ? "type another" : "type another or clear it"
        return "the stored \(field.rawValue) cannot be kept (\(error)): \(remedy)"
    }

    /// Saves the draft and closes the form; on a failure, or when the save
    /// was stopped (its task cancelled: Esc while "saving…" in the
    /// full-screen front end), says so and asks again, the draft kept.
    ///
    /// A store throws for a write it did not keep, so a save stopped in
    /// time throws and nothing was saved; one that finished first returns,
    /// and is reported saved, as it was.
    private func finish() async {
        do {
            let saved = try await save(draft)
            formView.showMessage("Saved \(saved.name).")
            await navigator.pop()
        } catch {
            formView.showError(
                error is CancellationError || Task.isCancelled
                    ? "Stopped saving; nothing was saved." : "Could not save: \(error)")
            appear()
        }
    }
}
