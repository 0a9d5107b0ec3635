/// What the list controller needs from whatever shows the list.
///
/// Each front end's list view implements it for the app (the split view's
/// `FullScreenPersonListView` at a terminal, the line front end's
/// `TerminalPersonListView` otherwise); tests implement it with a view that
/// records what it was given.
@MainActor
public protocol PersonListView: ScreenView {
    /// Shows a page of the list, replacing what was shown before.
    func show(_ model: PersonListViewModel)

    /// Tells the person something that happened, such as an undone delete.
    func showMessage(_ message: String)

    /// Tells the person something went wrong, without leaving the screen.
    func showError(_ message: String)
}

/// Makes the views of the list: this screen's part of ``ViewFactory``,
/// declared beside its view so each front end adopts it in its own view's
/// file (`extension TerminalViews: PersonListViewMaking`) and a new screen edits
/// no front end's factory.
@MainActor
public protocol PersonListViewMaking {
    /// A new view of the list.
    func makePersonListView() -> any PersonListView
}

extension UnshownView: PersonListView {
    public func show(_ model: PersonListViewModel) {}
}

extension PartialViewFactory {
    /// No view of the list: this front end never shows it.
    public func makePersonListView() -> any PersonListView { UnshownView() }
}
