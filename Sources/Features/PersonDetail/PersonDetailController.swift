import Foundation

/// Makes the detail screen of one person, on demand.
///
/// The list holds one of these instead of a detail controller: it needs a new
/// screen for every person selected, not one screen made up front. The person
/// is the runtime argument; everything else the screen needs was bound when
/// the provider was made.
public typealias PersonDetailControllerProvider =
    @MainActor (Person) throws -> PersonDetailController

/// Shows one person, and leads on to editing or deleting them.
///
/// A delete is remembered in the session's ``LastChange``, so the list can
/// undo it; the confirmation says so.
///
/// It is the first screen of its person's scope and the last to leave it,
/// so its work is the scope's work: the person is reread as work of that
/// scope (``ScopedWork``), and when the screen leaves the stack the scope's
/// work ends — a read still in flight is cancelled and awaited — before the
/// list shows again.
@MainActor
public final class PersonDetailController: Screen {
    private let opened: OpenedPerson
    private let detailView: any PersonDetailView
    private let navigator: any Navigator
    private let lastChange: LastChange
    private let editProvider: PersonEditControllerProvider
    private let work: ScopedWork
    private var isConfirmingDelete = false
    /// The person being read, if any: what a key that needs them waits for.
    private var loading = LoadInFlight()
    /// Why the person could not be read, when the last read failed: what
    /// editing or deleting them says instead.
    private var failure: String?

    /// Stores its collaborators; shows nothing until it appears.
    ///
    /// - Parameters:
    ///   - person: the opened person, shared with this person's edit screen.
    ///   - view: draws the person; the front end sends it what is typed.
    ///   - navigator: goes back to the list, or on to the edit screen.
    ///   - lastChange: where a delete is kept so the list can undo it.
    ///   - editProvider: makes the form that edits this same person.
    ///   - work: the work of this person's scope, which ends when the
    ///     screen leaves.
    public init(
        person: OpenedPerson,
        view: any PersonDetailView,
        navigator: any Navigator,
        lastChange: LastChange,
        editProvider: @escaping PersonEditControllerProvider,
        work: ScopedWork
    ) {
        self.opened = person
        self.detailView = view
        self.navigator = navigator
        self.lastChange = lastChange
        self.editProvider = editProvider
        self.work = work
    }

    /// Rereads the person on every appearance.
    ///
    /// They may have been edited on the form just closed, or deleted by
    /// another process. Until the read arrives the screen shows their name,
    /// marked loading.
    public func appear() {
        isConfirmingDelete = false
        var model = makeViewModel()
        model.isLoading = true
        detailView.show(model)
        loading.start(in: work) { [weak self] in await self?.load() }
    }

    /// The view it draws through, which the front end sends input to.
    public var view: any ScreenView { detailView }

    /// Returns once the person has been read again (or could not be).
    public func settled() async {
        await loading.arrival()
    }

    /// Ends the work of this person's scope: a read still in flight is
    /// cancelled, and this returns once it has stopped.
    public func leave() async {
        await work.end()
    }

    private func load() async {
        do {
            try await opened.reload()
        } catch {
            guard !Task.isCancelled else { return }
            let failure = "\(opened.person.name) can no longer be shown: \(error)"
            self.failure = failure
            return detailView.showLoadFailure(failure)
        }
        guard !Task.isCancelled else { return }
        failure = nil
        detailView.show(makeViewModel())
    }

    private func makeViewModel() -> PersonDetailViewModel {
        let shown = opened.person
        return PersonDetailViewModel(
            title: shown.name,
            fields: shown.shownFields,
            confirmation: isConfirmingDelete
                ? ConfirmationViewModel(
                    question: "Delete \(shown.name)?", canBeUndone: true,
                    confirm: { [weak self] in await self?.confirmDelete() },
                    cancel: { [weak self] in self?.cancelDelete() })
                : nil,
            edit: { [weak self] in self?.edit() },
            delete: { [weak self] in self?.askToDelete() },
            back: { [weak self] in await self?.navigator.pop() },
            quit: { [weak self] in await self?.navigator.quit() })
    }

    private func edit() {
        if let failure { return detailView.showLoadFailure(failure) }
        if let refusal = readOnlyRefusal() { return detailView.showError(refusal) }
        do {
            navigator.push(try editProvider())
        } catch {
            detailView.showError("Could not open the form: \(error)")
        }
    }

    private func askToDelete() {
        if let failure { return detailView.showLoadFailure(failure) }
        if let refusal = readOnlyRefusal() { return detailView.showError(refusal) }
        isConfirmingDelete = true
        detailView.show(makeViewModel())
    }

    /// Why this person cannot be changed here, if they cannot.
    private func readOnlyRefusal() -> String? {
        guard let source = opened.person.source else { return nil }
        return PersonStoreError.readOnly(name: opened.person.name, source: source).description + "."
    }

    private func cancelDelete() {
        isConfirmingDelete = false
        detailView.showMessage("Kept \(opened.person.name).")
        detailView.show(makeViewModel())
    }

    private func confirmDelete() async {
        do {
            try await opened.delete()
            lastChange.remember(.deleted(opened.person))
            detailView.showMessage("Deleted \(opened.person.name).")
            await navigator.pop()
        } catch {
            isConfirmingDelete = false
            // Stopped (its task cancelled): a store throws for a delete it
            // did not keep, so the person is still there.
            detailView.showError(
                error is CancellationError || Task.isCancelled
                    ? "Stopped deleting; \(opened.person.name) was kept."
                    : "Could not delete \(opened.person.name): \(error)")
            detailView.show(makeViewModel())
        }
    }
}
