import AppScope
import Features

/// Builds the person form, for adding from the list or editing from a detail
/// screen.
///
/// One controller type serves both, and both providers have one type: the
/// scope they are made in decides what saving means — the session's store
/// for a new person, the opened person for an edit.
@MainActor
public enum PersonEditInjector {
    /// Makes an empty "new person" form on demand, for the list's `a` key.
    public static func injectPersonEditControllerProvider(adding session: SessionScope)
        -> PersonEditControllerProvider
    {
        session.provider {
            try injectPersonEditController(adding: session)
        }
    }

    /// A form that adds what it is given to the app's store.
    public static func injectPersonEditController(adding session: SessionScope) throws
        -> PersonEditController
    {
        try session.make(
            PersonEditController(
                addingTo: try StoreInjector.injectPersonStore(session.app),
                clock: session.app.clock,
                rememberingIn: SessionInjector.injectLastAddition(session),
                view: injectPersonEditView(session),
                navigator: SessionInjector.injectNavigator(session)))
    }

    /// Makes an edit form for the scope's person on demand, for the detail
    /// screen's `e` key.
    public static func injectPersonEditControllerProvider(editing scope: PersonScope)
        -> PersonEditControllerProvider
    {
        scope.provider {
            injectPersonEditController(editing: scope)
        }
    }

    /// A form that saves through the person's ``Features/OpenedPerson``, so the detail
    /// screen under it shows the change, and keeps the edit as the
    /// session's last change, which `u` on the list undoes.
    public static func injectPersonEditController(editing scope: PersonScope)
        -> PersonEditController
    {
        scope.make(
            PersonEditController(
                editing: PersonDetailInjector.injectOpenedPerson(scope),
                lastChange: SessionInjector.injectLastChange(scope.session),
                view: injectPersonEditView(scope.session),
                navigator: SessionInjector.injectNavigator(scope.session)))
    }

    /// The view of the form, from the session's view factory.
    public static func injectPersonEditView(_ session: SessionScope) -> any PersonEditView {
        session.make(AppInjector.injectViewFactory(session).makePersonEditView())
    }
}
