/// Makes the view of each screen: the one edge between the controllers and
/// whatever draws them.
///
/// The injectors ask the app's factory for every view, so a real run draws
/// on the terminal (the `Terminal` module's `TerminalViews`), and a test can
/// hand the scope a factory of recording views instead, then drive the real
/// wiring through the models those views were shown — structured values,
/// not terminal text. An abstract factory, in a container's words; here a
/// protocol with one method per screen.
@MainActor
public protocol ViewFactory: AnyObject, Sendable {
    /// A new view of the list.
    func makePersonListView() -> any PersonListView
    /// A new view of one person's details.
    func makePersonDetailView() -> any PersonDetailView
    /// A new view of the person form.
    func makePersonEditView() -> any PersonEditView
    /// A new view of the settings.
    func makeSettingsView() -> any SettingsView
}
