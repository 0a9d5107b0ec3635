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
        injectPersonDetailControllerProvider(session) { PersonScope(session: session, person: $0) }
    }

    /// The same provider, beginning each person's scope with `beginScope`.
    ///
    /// The hook a test uses to see the scopes a provider begins — to check
    /// that each is freed when its detail screen closes — without business
    /// code ever seeing a scope.
    public static func injectPersonDetailControllerProvider(
        _ session: SessionScope, beginScope: @escaping @MainActor (Person) -> PersonScope
    ) -> PersonDetailControllerProvider {
        session.provider { person in
            try injectPersonDetailController(session.beginning(beginScope(person)))
        }
    }

    /// The detail screen of the scope's person, sharing that person's
    /// ``Features/OpenedPerson`` with the edit screen it opens, and recording a
    /// delete in the session so the list can undo it.
    public static func injectPersonDetailController(_ scope: PersonScope) throws
        -> PersonDetailController
    {
        try scope.new(
            PersonDetailController(
                person: try injectOpenedPerson(scope),
                view: injectPersonDetailView(scope),
                navigator: SessionInjector.injectNavigator(scope.session),
                deletions: SessionInjector.injectLastDeletion(scope.session),
                editProvider: PersonEditInjector.injectPersonEditControllerProvider(editing: scope))
        )
    }

    /// The opened person, one per person scope, on the app's store.
    public static func injectOpenedPerson(_ scope: PersonScope) throws -> OpenedPerson {
        try scope.cached(scope.openedPersonCache) {
            OpenedPerson(
                person: scope.person, store: try StoreInjector.injectPersonStore(scope.session.app))
        }
    }

    /// The terminal view of one person's detail.
    public static func injectPersonDetailView(_ scope: PersonScope) -> TerminalPersonDetailView {
        scope.new(TerminalPersonDetailView(console: scope.session.app.console))
    }
}
