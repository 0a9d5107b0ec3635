/// What the detail controller needs from whatever shows one person.
@MainActor
public protocol PersonDetailView: ScreenView {
    /// Shows the person, or a pending question about them.
    func show(_ model: PersonDetailViewModel)

    /// Tells the person something that happened, such as a completed delete.
    func showMessage(_ message: String)

    /// Tells the person something went wrong.
    func showError(_ message: String)
    /// Tells the person the screen could not read what it is for, so going
    /// back is the way on: the view says how, in its own keys.
    func showLoadFailure(_ message: String)
}

/// Makes the views of one person's details: this screen's part of ``ViewFactory``,
/// declared beside its view so each front end adopts it in its own view's
/// file (`extension TerminalViews: PersonDetailViewMaking`) and a new screen edits
/// no front end's factory.
@MainActor
public protocol PersonDetailViewMaking {
    /// A new view of one person's details.
    func makePersonDetailView() -> any PersonDetailView
}

extension UnshownView: PersonDetailView {
    public func show(_ model: PersonDetailViewModel) {}
}

extension PartialViewFactory {
    /// No view of the detail: this front end never shows it.
    public func makePersonDetailView() -> any PersonDetailView { UnshownView() }
}
