import Dependencies
import Features

/// Builds the screens of one interactive session from the dependencies in
/// effect when it was made, and holds what the session owns: its
/// navigation stack, its last delete and its work.
///
/// Why an object holding `@Dependency`s: the library's "Lifetimes" article
/// has a model capture its dependencies as it is made, and use them later,
/// outside the `withDependencies` that made it. The controllers cannot hold
/// `@Dependency` themselves (they take everything through `init`), so this
/// object does, and hands them on. The session's own objects are plain
/// properties: they live as long as this object, which the session's
/// providers keep.
@MainActor
public final class SessionScreens {
    @Dependency(\.personStore) private var store
    @Dependency(\.peopleConfiguration) private var configuration
    @Dependency(\.console) private var console
    @Dependency(\.viewFactory) private var views
    @Dependency(\.date) private var date

    /// The navigation stack: one per session, made on first use.
    private(set) lazy var navigator = views.makeNavigator()
    /// The last edit or delete, for `u` on the list.
    let lastChange = LastChange()
    /// The person added last, highlighted when the list is back.
    let lastAddition = LastAddition()
    /// The work the session's screens start, ended with the session.
    let work = ScopedWork()

    /// Called with each person's scope as it begins: the hook a test uses to
    /// see that a closed detail frees it, as the hand wiring's `beginScope` is.
    private let personScopeBegun: @MainActor (PersonScreens) -> Void

    /// A session's screens, from the dependencies in effect now; each
    /// person's scope is shown to `personScopeBegun` as it begins.
    public init(personScopeBegun: @escaping @MainActor (PersonScreens) -> Void = { _ in }) {
        self.personScopeBegun = personScopeBegun
    }

    /// The interactive session, rooted at the list.
    public func interactiveSession() -> InteractiveSession {
        InteractiveSession(
            navigator: navigator, rootProvider: { [self] in personListController() },
            console: console, work: work)
    }

    /// The list, with a provider for each screen it opens.
    public func personListController() -> PersonListController {
        PersonListController(
            store: store, pageSize: configuration.pageSize, view: views.makePersonListView(),
            navigator: navigator, lastChange: lastChange, additions: lastAddition,
            detailProvider: { [self] person in personDetailController(opening: person) },
            addProvider: { [self] in addingController() },
            openedScreens: OpenedScreens(opening: screenProvider(opening:)),
            work: work, changes: .none)
    }

    /// What makes the screen `intent` opens from the list, or `nil` for an
    /// intent that opens none.
    ///
    /// An exhaustive `switch`, as the hand wiring's is, so a new intent does
    /// not compile here until it says which screen it opens, or none.
    func screenProvider(opening intent: ScreenIntent) -> ScreenProvider? {
        switch intent {
        case .settings: { [self] in settingsController() }
        case .open, .nextPage, .previousPage, .search, .add, .demo, .undo, .retry, .edit, .delete,
            .cancel, .back, .quit, .help:
            nil
        }
    }

    /// The detail screen of `person`, in a new person's scope: what the
    /// list's detail provider calls.
    ///
    /// Where a person's scope begins: the person's screens inherit this
    /// session's dependencies, as the "Lifetimes" article has a child model
    /// made.
    public func personDetailController(opening person: Person) -> PersonDetailController {
        let scope = withDependencies(from: self) { PersonScreens(opening: person, in: self) }
        personScopeBegun(scope)
        return scope.personDetailController()
    }

    /// The form for a new person, adding to the store.
    func addingController() -> PersonEditController {
        PersonEditController(
            addingTo: store, clock: { [date] in date.now }, rememberingIn: lastAddition,
            view: views.makePersonEditView(), navigator: navigator)
    }

    /// The settings screen.
    func settingsController() -> SettingsController {
        SettingsController(
            configurator: BaseSettingsConfigurator(configuration: configuration, storeKind: nil),
            view: views.makeSettingsView(), navigator: navigator, work: work)
    }
}
