import AppScope
import Features

/// Builds the list screen: the root of the interactive app.
@MainActor
public enum PersonListInjector {
    /// The list controller, with the app's store, page size and navigator,
    /// and providers for the detail, add and settings screens it opens.
    ///
    /// - Throws: when the store cannot be opened.
    public static func injectPersonListController(_ scope: AppScope) throws -> PersonListController
    {
        try scope.wiring.build("PersonListController") {
            PersonListController(
                store: try StoreInjector.injectPersonStore(scope),
                pageSize: scope.configuration.pageSize,
                view: injectPersonListView(scope),
                navigator: AppInjector.injectNavigator(scope),
                detailProvider: PersonDetailInjector.injectPersonDetailControllerProvider(scope),
                addProvider: PersonEditInjector.injectAddPersonControllerProvider(scope),
                settingsProvider: SettingsInjector.injectSettingsControllerProvider(scope))
        }
    }

    /// The terminal view of the list; a new one per list controller.
    public static func injectPersonListView(_ scope: AppScope) -> TerminalPersonListView {
        scope.wiring.build("TerminalPersonListView") {
            TerminalPersonListView(console: scope.console)
        }
    }
}
