/// What the form controller needs from whatever shows the person form.
@MainActor
public protocol PersonEditView: ScreenView {
    /// Asks for one field.
    func show(_ model: PersonFormViewModel)

    /// Tells the person something that happened, such as a save.
    func showMessage(_ message: String)

    /// Tells the person why a value was refused.
    func showError(_ message: String)
}

/// Makes the views of the person form: this screen's part of ``ViewFactory``,
/// declared beside its view so each front end adopts it in its own view's
/// file (`extension TerminalViews: PersonEditViewMaking`) and a new screen edits
/// no front end's factory.
@MainActor
public protocol PersonEditViewMaking {
    /// A new view of the person form.
    func makePersonEditView() -> any PersonEditView
}

extension UnshownView: PersonEditView {
    public func show(_ model: PersonFormViewModel) {}
}

extension PartialViewFactory {
    /// No view of the form: this front end never shows it.
    public func makePersonEditView() -> any PersonEditView { UnshownView() }
}
