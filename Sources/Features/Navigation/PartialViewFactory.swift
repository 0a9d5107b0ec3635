/// A view factory that leaves out the views of the screens its front end
/// never shows: what a front end that shows without asking (a report, a
/// status line) conforms to, instead of writing views that draw nothing.
///
/// A screen it leaves out gets an ``UnshownView``, which takes what it is
/// shown and draws nothing. Such a front end never opens those screens,
/// since nothing in it asks for them; if a controller did, it would run
/// unseen, not crash. An interactive front end conforms to ``ViewFactory``
/// itself, so it must make every view, and a new screen does not compile
/// there until it has one.
@MainActor
public protocol PartialViewFactory: ViewFactory {}

extension PartialViewFactory {
    /// No list: this front end never shows it.
    public func makePersonListView() -> any PersonListView { UnshownView() }
    /// No detail: this front end never shows it.
    public func makePersonDetailView() -> any PersonDetailView { UnshownView() }
    /// No form: this front end never shows it.
    public func makePersonEditView() -> any PersonEditView { UnshownView() }
    /// No settings: this front end never shows them.
    public func makeSettingsView() -> any SettingsView { UnshownView() }
}

/// The view of a screen a front end never shows: it takes every model and
/// message it is given, and draws nothing.
@MainActor
public final class UnshownView: PersonListView, PersonDetailView, PersonEditView, SettingsView {
    /// A view that will show nothing.
    public init() {}

    public func show(_ model: PersonListViewModel) {}
    public func show(_ model: PersonDetailViewModel) {}
    public func show(_ model: PersonFormViewModel) {}
    public func show(_ model: SettingsViewModel) {}
    public func showMessage(_ message: String) {}
    public func showError(_ message: String) {}
    public func showLoadFailure(_ message: String) {}
}
