import Dependencies
import Features

/// Builds the screens of one opened person, and holds what that person's
/// scope owns: the opened person the detail and edit screens share, and
/// the detail screen's work.
///
/// Why an object of its own: it is the person's scope. It is made inside
/// `withDependencies(from:)`, so it sees the session's dependencies; the
/// detail screen's edit provider keeps it, so it is freed when that screen
/// closes.
@MainActor
public final class PersonScreens {
    @Dependency(\.viewFactory) private var views

    private let session: SessionScreens
    /// The person on screen, shared by the detail and edit screens.
    let opened: OpenedPerson
    /// The detail screen's work, ended when that screen closes.
    let work = ScopedWork()

    /// Opens `person` on the store in effect now, inside `session`.
    init(opening person: Person, in session: SessionScreens) {
        @Dependency(\.personStore) var store
        self.session = session
        self.opened = OpenedPerson(person: person, store: store)
    }

    /// The detail screen of the person.
    func personDetailController() -> PersonDetailController {
        PersonDetailController(
            person: opened, view: views.makePersonDetailView(), navigator: session.navigator,
            lastChange: session.lastChange, editProvider: { [self] in editingController() },
            work: work)
    }

    /// The form that edits the person, saving through the opened person.
    func editingController() -> PersonEditController {
        PersonEditController(
            editing: opened, lastChange: session.lastChange, view: views.makePersonEditView(),
            navigator: session.navigator)
    }
}
