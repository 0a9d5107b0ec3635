import Features

/// The scope of one interactive session: begun when `people` starts its
/// screens, ended when the person quits.
///
/// It holds what only a person at the screens needs — the views, the
/// navigation stack and the last edit or delete, which `u` undoes — so a one-shot
/// command, which has no session, never builds any of them. Each person
/// opened in the session gets a ``PersonScope`` inside it.
///
/// Several sessions can run at once over one app scope, each with its own
/// views, navigator, work and person scopes, sharing the app's store: what a
/// front end serving many people (a terminal server, a web page) needs.
/// Each begins with `SessionInjector.injectInteractiveSession` on a scope
/// handed that person's views, and ending one frees only its own.
///
/// Business code never sees it; it begins in `AppInjector`, where the
/// session is built, and lives as long as the session object holds it.
public final class SessionScope: Scope {
    /// The app scope this session runs in; its singletons are shared here.
    public let app: AppScope

    /// The views this session draws with, and the factory of its navigator:
    /// one per session, so no two sessions share a view.
    ///
    /// Lifetime: this session's; made on first use by the app's front end
    /// (``AppScope/frontEnd``), or handed in.
    public let viewsCache: ScopeCache<any ViewFactory>

    /// The navigation stack: one per session, shared by every screen of it.
    ///
    /// Lifetime: this session's; made on first use, or handed in by a test.
    public let navigatorCache: ScopeCache<any Navigator>

    /// The last edit or delete, for `u` on the list: one per session.
    ///
    /// Lifetime: this session's; made on first use.
    public let lastChangeCache = ScopeCache<LastChange>()

    /// The person added last, for the list to highlight: one per session.
    ///
    /// Lifetime: this session's; made on first use.
    public let lastAdditionCache = ScopeCache<LastAddition>()

    /// The work the session's screens start — the list's and the settings'
    /// loads, and the list's following of changes made elsewhere —
    /// cancelled and awaited when the session ends.
    ///
    /// Lifetime: this session's; begun with it.
    public let work = ScopedWork()

    /// Begins a session inside `app`.
    ///
    /// - Parameters:
    ///   - app: the scope of the run, which outlives every session in it.
    ///   - views: this session's views, instead of those the app's front end
    ///     makes: one person's, in a front end serving many, or a test's
    ///     recording views.
    ///   - navigator: a navigator to use instead of the one the views make,
    ///     such as a recording one in a test.
    public init(
        app: AppScope, views: (any ViewFactory)? = nil, navigator: (any Navigator)? = nil
    ) {
        self.app = app
        self.wiring = app.wiring
        self.viewsCache = views.map { ScopeCache(holding: $0) } ?? ScopeCache()
        self.navigatorCache = navigator.map { ScopeCache(holding: $0) } ?? ScopeCache()
    }

    /// The app's trace, held here too so reporting to it is one load.
    public let wiring: WiringTrace

    public var label: String { "session" }
}
