import Features

/// The line front end: makes the line view of each screen, all writing to
/// one console, and the stack that feeds them lines.
///
/// The views of a run that pipes or scripts `people`, or asks for them with
/// `--ui line`; a person at a terminal gets the split view
/// (`FullScreenViews`) unless they ask. `AppInjector.injectFrontEnd` picks
/// it, and `AppInjector.injectViewFactory` makes one per session, on the
/// app's console when the app scope was handed no front end.
public final class TerminalViews: ViewFactory {
    private let console: any Console
    private let width: TerminalWidth

    /// A factory of views that write to `console`, their lines cut to `width`.
    public init(console: any Console, width: TerminalWidth) {
        self.console = console
        self.width = width
    }

    public func makePersonListView() -> any PersonListView {
        TerminalPersonListView(console: console, width: width)
    }

    public func makePersonDetailView() -> any PersonDetailView {
        TerminalPersonDetailView(console: console, width: width)
    }

    public func makePersonEditView() -> any PersonEditView {
        TerminalPersonEditView(console: console, width: width)
    }

    public func makeSettingsView() -> any SettingsView {
        TerminalSettingsView(console: console)
    }

    /// The line front end's stack, reading a line at a time from the same
    /// console the views write to.
    public func makeNavigator() -> any Navigator {
        TerminalNavigator(console: console)
    }
}
