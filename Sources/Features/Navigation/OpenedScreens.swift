/// The screens a screen opens by an intent alone, with no argument: what the
/// list's settings key opens, and each screen added the same way.
///
/// The screen that holds it offers every such intent through one action of
/// its model (``PersonListViewModel/openScreen``), and its views hand that
/// action every intent of its own they do not handle themselves, so a new
/// screen opened this way edits neither the opening controller, its model,
/// nor any of its views.
///
/// An injector fills it from an exhaustive `switch` over ``ScreenIntent``
/// (`PersonListInjector.injectScreenProvider(opening:_:)`), so a new intent
/// does not compile until the injector says which screen it opens, or that
/// it opens none: a forgotten wiring line is a compile error, as a missing
/// provider parameter would be, and never a key that quietly does nothing.
public struct OpenedScreens: Sendable {
    private let providers: [ScreenIntent: ScreenProvider]

    /// Screens made by `providers`, each under the intent that opens it.
    public init(providers: [ScreenIntent: ScreenProvider]) {
        self.providers = providers
    }

    /// Screens made by what `provider` answers for each intent, `nil` for
    /// one that opens none.
    ///
    /// Why a function of every intent, not a list: written as an exhaustive
    /// `switch`, it does not compile until a new intent is given its screen
    /// or none, in every wiring that writes one (the containers' too), where
    /// a list would leave the new key to say it opens nothing.
    public init(opening provider: (ScreenIntent) -> ScreenProvider?) {
        self.init(
            providers: ScreenIntent.allCases.reduce(into: [:]) { providers, intent in
                providers[intent] = provider(intent)
            })
    }

    /// What makes the screen `intent` opens, or `nil` when it opens none.
    public func provider(for intent: ScreenIntent) -> ScreenProvider? {
        providers[intent]
    }
}
