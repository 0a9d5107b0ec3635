import AppScope
import Features

/// Builds the settings screen, choosing its configurator by option.
@MainActor
public enum SettingsInjector {
    /// Makes the settings screen on demand, for the list's `s` key.
    public static func injectSettingsControllerProvider(_ scope: AppScope)
        -> SettingsControllerProvider
    {
        { try injectSettingsController(scope) }
    }

    /// The settings screen, listing what the chosen configurator lists.
    public static func injectSettingsController(_ scope: AppScope) throws -> SettingsController {
        try scope.wiring.build("SettingsController") {
            SettingsController(
                configurator: try injectSettingsConfigurator(scope),
                view: injectSettingsView(scope),
                navigator: AppInjector.injectNavigator(scope))
        }
    }

    /// The debug configurator when `--debug` (or `"debug": true` in the
    /// configuration file) asks for it, the base one otherwise.
    ///
    /// This is the only place the option is read: the settings screen gets a
    /// configurator and never learns which.
    public static func injectSettingsConfigurator(_ scope: AppScope) throws
        -> any SettingsConfigurator
    {
        scope.configuration.debug
            ? try injectDebugSettingsConfigurator(scope)
            : injectBaseSettingsConfigurator(scope)
    }

    /// Store, data location, page size and version.
    public static func injectBaseSettingsConfigurator(_ scope: AppScope) -> BaseSettingsConfigurator
    {
        scope.wiring.build("BaseSettingsConfigurator") {
            BaseSettingsConfigurator(configuration: scope.configuration)
        }
    }

    /// The base settings plus store statistics and the object graph.
    public static func injectDebugSettingsConfigurator(_ scope: AppScope) throws
        -> DebugSettingsConfigurator
    {
        try scope.wiring.build("DebugSettingsConfigurator") {
            DebugSettingsConfigurator(
                base: injectBaseSettingsConfigurator(scope),
                store: try StoreInjector.injectPersonStore(scope),
                objectGraph: { scope.wiring.lines })
        }
    }

    /// The terminal view of the settings.
    public static func injectSettingsView(_ scope: AppScope) -> TerminalSettingsView {
        scope.wiring.build("TerminalSettingsView") {
            TerminalSettingsView(console: scope.console)
        }
    }
}
