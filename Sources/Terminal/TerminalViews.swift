import Features

/// Makes the terminal view of each screen, all writing to one console.
///
/// The view factory of a real run: `AppInjector` makes one per app, from the
/// app's console, unless a test handed the scope another.
public final class TerminalViews: ViewFactory {
    private let console: any Console

    /// A factory of views that write to `console`.
    public init(console: any Console) {
        self.console = console
    }

    public func makePersonListView() -> any PersonListView {
        TerminalPersonListView(console: console)
    }

    public func makePersonDetailView() -> any PersonDetailView {
        TerminalPersonDetailView(console: console)
    }

    public func makePersonEditView() -> any PersonEditView {
        TerminalPersonEditView(console: console)
    }

    public func makeSettingsView() -> any SettingsView {
        TerminalSettingsView(console: console)
    }
}
