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
    /// Where every view writes; read by each view's own file, which makes it.
    let console: any Console
    /// How wide each view's lines may be.
    let width: TerminalWidth

    /// A factory of views that write to `console`, their lines cut to `width`.
    public init(console: any Console, width: TerminalWidth) {
        self.console = console
        self.width = width
    }

    /// The line front end's stack, reading a line at a time from the same
    /// console the views write to.
    public func makeNavigator() -> any Navigator {
        TerminalNavigator(console: console)
    }
}
