import AppScope
import Features

/// Builds the application `main` runs, and the app-wide pieces every screen
/// shares.
///
/// The composition root: the only code that decides what is built from what.
/// Each method is one expression of glue — an initializer call, a scope
/// cache, or another `inject…` call — wrapped in `scope.wiring.build`, which
/// logs the tree of what is built when `--trace` asks for it. The whole
/// object graph can be read here, top down, without running anything.
@MainActor
public enum AppInjector {
    /// The program for this run: the interactive session when no command was
    /// given, otherwise the one-shot command runner.
    ///
    /// The choice is made here, from the scope's command, and nowhere else.
    public static func injectApplication(_ scope: AppScope) -> any Application {
        switch scope.command {
        case .interactive: injectInteractiveSession(scope)
        default: injectPersonCommands(scope)
        }
    }

    /// The interactive session, rooted at the list screen.
    ///
    /// The root comes through a provider so that the store opens inside the
    /// session's `run`, which reports a failure as one line.
    public static func injectInteractiveSession(_ scope: AppScope) -> InteractiveSession {
        scope.wiring.build("InteractiveSession") {
            InteractiveSession(
                navigator: injectNavigator(scope),
                rootProvider: { try PersonListInjector.injectPersonListController(scope) },
                console: scope.console)
        }
    }

    /// The one-shot command runner, for scripts.
    ///
    /// The store is handed over as a provider: `--help` and `--version` never
    /// open it.
    public static func injectPersonCommands(_ scope: AppScope) -> PersonCommands {
        scope.wiring.build("PersonCommands") {
            PersonCommands(
                command: scope.command,
                storeProvider: { try StoreInjector.injectPersonStore(scope) },
                pageSize: scope.configuration.pageSize,
                console: scope.console)
        }
    }

    /// The navigation stack, one per app, made on first use.
    public static func injectNavigator(_ scope: AppScope) -> TerminalNavigator {
        scope.wiring.build("TerminalNavigator") {
            scope.navigator.value { TerminalNavigator(console: scope.console) }
        }
    }
}
