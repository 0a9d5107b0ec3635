import Features

/// One `provider` per provider type: the closure an injector writes, handed
/// back as it is while the trace is off, and reporting each call while it is
/// on.
///
/// One overload per type rather than one generic method, for two reasons a
/// reader can see in the benchmark: a generic function type would be passed
/// through a thunk that costs an allocation every time a screen is made, and
/// the overload knows its provider's name, so no injector has to spell it.
/// The overload is picked by the type the injector returns.
extension Scope {
    /// A provider of the session's root screen.
    @inlinable
    public func provider(_ body: @escaping ScreenProvider) -> ScreenProvider {
        wiring.isEnabled ? reportingCalls("PersonListControllerProvider", body) : body
    }

    /// A provider of detail screens, one per person selected.
    @inlinable
    public func provider(_ body: @escaping PersonDetailControllerProvider)
        -> PersonDetailControllerProvider
    {
        wiring.isEnabled ? reportingCalls("PersonDetailControllerProvider", body) : body
    }

    /// A provider of person forms, for adding or for editing.
    @inlinable
    public func provider(_ body: @escaping PersonEditControllerProvider)
        -> PersonEditControllerProvider
    {
        wiring.isEnabled ? reportingCalls("PersonEditControllerProvider", body) : body
    }

    /// A provider of the settings screen.
    @inlinable
    public func provider(_ body: @escaping SettingsControllerProvider)
        -> SettingsControllerProvider
    {
        wiring.isEnabled ? reportingCalls("SettingsControllerProvider", body) : body
    }

    /// A provider of the store, for one-shot commands.
    @inlinable
    public func provider(_ body: @escaping PersonStoreProvider) -> PersonStoreProvider {
        wiring.isEnabled ? reportingCalls("PersonStoreProvider", body) : body
    }

    /// A provider of a recorded run of the injectors, for `people graph`.
    ///
    /// Its calls are not reported: what it records goes to a trace of its own.
    @inlinable
    public func provider(_ body: @escaping WiringTourProvider) -> WiringTourProvider {
        if wiring.isEnabled { wiring.note("WiringTourProvider", .provider, in: label) }
        return body
    }
}
