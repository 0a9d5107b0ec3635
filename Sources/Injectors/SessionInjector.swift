import AppScope
import Features
import Terminal

/// Builds what one interactive session has: the session itself, its
/// navigation stack, its last change and its work (its views are made by
/// ``AppInjector/injectViewFactory(_:)``).
///
/// Every method takes the session's scope, so several sessions can be built
/// over one app scope, each from its own.
@MainActor
public enum SessionInjector {
    /// The session, rooted at the list screen.
    ///
    /// The root comes through a provider so that the store opens inside the
    /// session's `run`, which reports a failure as one line.
    public static func injectInteractiveSession(_ session: SessionScope) -> InteractiveSession {
        injectInteractiveSession(session, beginScope: PersonListInjector.beginPersonScope(session))
    }

    /// The same session, its list beginning each person's scope with
    /// `beginScope`: how a test watches, through the real list, the scopes
    /// the session opens and frees.
    public static func injectInteractiveSession(
        _ session: SessionScope, beginScope: @escaping PersonScopeBeginning
    ) -> InteractiveSession {
        session.make(
            InteractiveSession(
                navigator: injectNavigator(session),
                rootProvider: PersonListInjector.injectPersonListControllerProvider(
                    session, beginScope: beginScope),
                console: session.app.console,
                work: injectSessionWork(session)))
    }

    /// The navigation stack, one per session: the one the session's views
    /// make (``AppInjector/injectViewFactory(_:)``), made on first use,
    /// unless the scope was handed one.
    public static func injectNavigator(_ session: SessionScope) -> any Navigator {
        session.keep(session.navigatorCache) {
            session.make(AppInjector.injectViewFactory(session).makeNavigator())
        }
    }

    /// The session's work: the loads its screens start.
    ///
    /// The session's end cancels and awaits it; the scope has held it since
    /// it began.
    public static func injectSessionWork(_ session: SessionScope) -> ScopedWork {
        session.reuse(session.work)
    }

    /// The session's last edit or delete, shared by the screens that record
    /// one (the detail, the form) and the list that undoes it.
    public static func injectLastChange(_ session: SessionScope) -> LastChange {
        session.keep(session.lastChangeCache) { LastChange() }
    }

    /// The session's last addition, shared by the new-person form that
    /// records it and the list that shows them highlighted.
    public static func injectLastAddition(_ session: SessionScope) -> LastAddition {
        session.keep(session.lastAdditionCache) { LastAddition() }
    }
}
