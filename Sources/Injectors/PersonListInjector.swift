import AppScope
import Features

/// Builds the list screen: the root of the interactive session.
@MainActor
public enum PersonListInjector {
    /// Makes the list on demand: the session's root, made when it runs.
    public static func injectPersonListControllerProvider(_ session: SessionScope)
        -> ScreenProvider
    {
        injectPersonListControllerProvider(session, beginScope: beginPersonScope(session))
    }

    /// The same provider, its list beginning each person's scope with
    /// `beginScope`: the hook a test uses to watch the person scopes the
    /// real list opens (see ``PersonDetailInjector``).
    public static func injectPersonListControllerProvider(
        _ session: SessionScope, beginScope: @escaping PersonScopeBeginning
    ) -> ScreenProvider {
        session.provider {
            try injectPersonListController(session, beginScope: beginScope)
        }
    }

    /// The list controller, with the app's store and page size, the
    /// session's navigator and last change, providers for the detail,
    /// add and settings screens it opens, and the store's changes made
    /// elsewhere.
    ///
    /// - Throws: when the store cannot be opened.
    public static func injectPersonListController(_ session: SessionScope) throws
        -> PersonListController
    {
        try injectPersonListController(session, beginScope: beginPersonScope(session))
    }

    /// The same list, its detail provider beginning each person's scope
    /// with `beginScope`.
    ///
    /// - Throws: when the store cannot be opened.
    public static func injectPersonListController(
        _ session: SessionScope, beginScope: @escaping PersonScopeBeginning
    ) throws -> PersonListController {
        try session.make(
            PersonListController(
                store: try StoreInjector.injectPersonStore(session.app),
                pageSize: session.app.configuration.pageSize,
                view: injectPersonListView(session),
                navigator: SessionInjector.injectNavigator(session),
                lastChange: SessionInjector.injectLastChange(session),
                additions: SessionInjector.injectLastAddition(session),
                detailProvider: PersonDetailInjector.injectPersonDetailControllerProvider(
                    session, beginScope: beginScope),
                addProvider: PersonEditInjector.injectPersonEditControllerProvider(adding: session),
                openedScreens: injectOpenedScreens(session),
                work: SessionInjector.injectSessionWork(session),
                changes: StoreInjector.injectStoreChanges(session.app)))
    }

    /// The screens the list opens by an intent alone, each provider made
    /// once, with the list.
    public static func injectOpenedScreens(_ session: SessionScope) -> OpenedScreens {
        OpenedScreens { injectScreenProvider(opening: $0, session) }
    }

    /// What makes the screen `intent` opens from the list, or `nil` for an
    /// intent that opens none: one line per screen opened so.
    ///
    /// An exhaustive `switch`, so a new intent does not compile until it
    /// says here which screen it opens, or none.
    public static func injectScreenProvider(opening intent: ScreenIntent, _ session: SessionScope)
        -> ScreenProvider?
    {
        switch intent {
        case .settings: SettingsInjector.injectSettingsControllerProvider(session)
        case .open, .nextPage, .previousPage, .search, .add, .demo, .undo, .retry, .edit, .delete,
            .cancel, .back, .quit, .help:
            nil
        }
    }

    /// The view of the list, from the session's view factory; a new one per list
    /// controller.
    public static func injectPersonListView(_ session: SessionScope) -> any PersonListView {
        session.make(AppInjector.injectViewFactory(session).makePersonListView())
    }

    /// How a real run begins a person's scope: in `session`, with the
    /// person's ``Features/OpenedPerson``.
    static func beginPersonScope(_ session: SessionScope) -> PersonScopeBeginning {
        { try PersonDetailInjector.injectPersonScope(session, opening: $0) }
    }
}
