import AppScope
import Features

/// Builds the detail screen of one person, inside that person's own scope.
@MainActor
public enum PersonDetailInjector {
    /// Makes detail screens on demand: the list calls it with the person
    /// selected, and gets a new screen in a new ``AppScope/PersonScope`` each time.
    ///
    /// This closure is where a person scope begins. The list only sees a
    /// function from a person to a controller.
    public static func injectPersonDetailControllerProvider(_ session: SessionScope)
        -> PersonDetailControllerProvider
    {
        injectPersonDetailControllerProvider(
            session, beginScope: PersonListInjector.beginPersonScope(session))
    }

    /// The same provider, beginning each person's scope with `beginScope`.
    ///
    /// The hook a test uses to see the scopes a provider begins — to check
    /// that each is freed when its detail screen closes — without business
    /// code ever seeing a scope.
    public static func injectPersonDetailControllerProvider(
        _ session: SessionScope, beginScope: @escaping PersonScopeBeginning
    ) -> PersonDetailControllerProvider {
        session.provider { person in
            try injectPersonDetailController(beginScope(person))
        }
    }

    /// Begins the scope of `person` inside `session`, with the
    /// ``Features/OpenedPerson`` that defines it.
    ///
    /// - Throws: when the app's store cannot be opened.
    public static func injectPersonScope(_ session: SessionScope, opening person: Person) throws
        -> PersonScope
    {
        try session.begin(
            PersonScope.label(forPerson: person.id),
            with: injectMadeOpenedPerson(session, person)
        ) { PersonScope(session: session, opening: $0) }
    }

    /// The detail screen of the scope's person, sharing that person's
    /// ``Features/OpenedPerson`` with the edit screen it opens, and recording a
    /// delete in the session so the list can undo it.
    public static func injectPersonDetailController(_ scope: PersonScope)
        -> PersonDetailController
    {
        scope.make(
            PersonDetailController(
                person: injectOpenedPerson(scope),
                view: injectPersonDetailView(scope),
                navigator: SessionInjector.injectNavigator(scope.session),
                lastChange: SessionInjector.injectLastChange(scope.session),
                editProvider: PersonEditInjector.injectPersonEditControllerProvider(editing: scope),
                work: injectPersonWork(scope))
        )
    }

    /// The work of the person's scope: the detail screen's reads.
    ///
    /// It ends when that screen closes; the scope has held it since it
    /// began.
    public static func injectPersonWork(_ scope: PersonScope) -> ScopedWork {
        scope.reuse(scope.work)
    }

    /// The opened person of the scope: the one its detail and edit screens
    /// share.
    public static func injectOpenedPerson(_ scope: PersonScope) -> OpenedPerson {
        scope.reuse(scope.openedPerson)
    }

    /// A new opened person on the app's store: the value a person scope is
    /// begun with.
    ///
    /// Call ``injectOpenedPerson(_:)`` instead: this one makes another.
    static func injectMadeOpenedPerson(_ session: SessionScope, _ person: Person) throws
        -> OpenedPerson
    {
        OpenedPerson(person: person, store: try StoreInjector.injectPersonStore(session.app))
    }

    /// The view of one person's detail, from the session's view factory.
    public static func injectPersonDetailView(_ scope: PersonScope) -> any PersonDetailView {
        scope.make(AppInjector.injectViewFactory(scope.session).makePersonDetailView())
    }
}

/// Begins the scope of the person selected: what a detail provider calls
/// before it builds the screen.
///
/// A type of its own so that the hook can be handed down from the session
/// to the list to the detail provider, and a test can hand in one that
/// records each scope it begins.
public typealias PersonScopeBeginning = @MainActor (Person) throws -> PersonScope
