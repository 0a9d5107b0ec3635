import AppScope
import Features
import Terminal

/// Builds the list screen: the root of the interactive session.
@MainActor
public enum PersonListInjector {
    /// Makes the list on demand: the session's root, made when it runs.
    public static func injectPersonListControllerProvider(_ session: SessionScope)
        -> ScreenProvider
    {
        session.provider {
            try injectPersonListController(session)
        }
    }

    /// The list controller, with the app's store and page size, the
    /// session's navigator and last delete, and providers for the detail,
    /// add and settings screens it opens.
    ///
    /// - Throws: when the store cannot be opened.
    public static func injectPersonListController(_ session: SessionScope) throws
        -> PersonListController
    {
        try session.make(
            PersonListController(
                store: try StoreInjector.injectPersonStore(session.app),
                pageSize: session.app.configuration.pageSize,
                view: injectPersonListView(session),
                navigator: SessionInjector.injectNavigator(session),
                deletions: SessionInjector.injectLastDeletion(session),
                detailProvider: PersonDetailInjector.injectPersonDetailControllerProvider(session),
                addProvider: PersonEditInjector.injectPersonEditControllerProvider(adding: session),
                settingsProvider: SettingsInjector.injectSettingsControllerProvider(session)))
    }

    /// The terminal view of the list; a new one per list controller.
    public static func injectPersonListView(_ session: SessionScope) -> TerminalPersonListView {
        session.make(TerminalPersonListView(console: session.app.console))
    }
}
