import AppScope
import Features

/// Builds the settings screen, choosing its configurator by option.
@MainActor
public enum SettingsInjector {
    /// Makes the settings screen on demand, for the list's `s` key.
    public static func injectSettingsControllerProvider(_ session: SessionScope)
        -> SettingsControllerProvider
    {
        session.provider { try injectSettingsController(session) }
    }

    /// The settings screen, listing what the chosen configurator lists.
    public static func injectSettingsController(_ session: SessionScope) throws
        -> SettingsController
    {
        try session.make(
            SettingsController(
                configurator: try injectSettingsConfigurator(session),
                view: injectSettingsView(session),
                navigator: SessionInjector.injectNavigator(session),
                work: SessionInjector.injectSessionWork(session)))
    }

    /// The debug configurator when `--debug` (or `"debug": true` in the
    /// configuration file) asks for it, the base one otherwise.
    ///
    /// This is the only place the option chooses what the settings show:
    /// the settings screen gets a configurator and never learns which.
    /// (The app scope reads it too, to have its wiring trace keep the steps
    /// the debug settings list.)
    public static func injectSettingsConfigurator(_ session: SessionScope) throws
        -> any SettingsConfigurator
    {
        session.app.configuration.debug
            ? try injectDebugSettingsConfigurator(session)
            : injectBaseSettingsConfigurator(session)
    }

    /// Store, data location, page size and version.
    public static func injectBaseSettingsConfigurator(_ session: SessionScope)
        -> BaseSettingsConfigurator
    {
        session.make(
            BaseSettingsConfigurator(
                configuration: session.app.configuration,
                storeKind: session.app.baseStoreIsHandedIn
                    ? nil : session.app.configuration.storeKind))
    }

    /// The base settings plus store statistics and the object graph.
    public static func injectDebugSettingsConfigurator(_ session: SessionScope) throws
        -> DebugSettingsConfigurator
    {
        try session.make(
            DebugSettingsConfigurator(
                base: injectBaseSettingsConfigurator(session),
                store: try StoreInjector.injectPersonStore(session.app),
                objectGraph: { session.app.wiring.lines }))
    }

    /// The view of the settings, from the session's view factory.
    public static func injectSettingsView(_ session: SessionScope) -> any SettingsView {
        session.make(AppInjector.injectViewFactory(session).makeSettingsView())
    }
}
