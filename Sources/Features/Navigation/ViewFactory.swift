/// Makes the view of each screen, and the navigation stack that shows them:
/// the one edge between the controllers and whatever draws them.
///
/// One factory per session: the injectors ask the session's factory for
/// every view (`AppInjector.injectViewFactory`), so a session draws with the
/// front end the composition root chose — the split view of the
/// `FullScreen` module's `FullScreenViews` for a person at a terminal, the
/// lines of the `Terminal` module's `TerminalViews` for a pipe, a script or
/// `--ui line` — and two sessions of one app never share a view or a
/// navigator. A front end that serves many people hands each session a
/// factory of its own; a test hands one of recording views, then drives the
/// real wiring through the models those views were shown: structured
/// values, not terminal text. An abstract factory, in a container's words;
/// here a protocol made of one protocol per screen, each declared in that
/// screen's own file (``SettingsViewMaking``) with its one method. A front
/// end adopts each in that screen's view file, so a new screen adds one
/// name here, and a front end without its view does not compile.
@MainActor
public protocol ViewFactory: AnyObject, Sendable, PersonListViewMaking, PersonDetailViewMaking,
    PersonEditViewMaking, SettingsViewMaking
{
    /// The navigation stack that shows these views and sends them input:
    /// one per session.
    ///
    /// A front end is its views and the stack that feeds them, which only
    /// work together — a full-screen view cannot be fed lines — so the one
    /// factory makes both, and choosing a front end is one choice, made
    /// once, in the composition root.
    func makeNavigator() -> any Navigator
}

/// Makes the views of one session: how the app scope holds the front end the
/// composition root chose, so that each session it begins gets a factory of
/// its own.
public typealias ViewFactoryProvider = @MainActor @Sendable () -> any ViewFactory
