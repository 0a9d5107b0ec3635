/// Whatever draws one screen: the common ground of every screen's view
/// protocol (``PersonListView``, ``PersonDetailView``, …).
///
/// It asks for nothing. Each front end reads input in its own terms — the
/// line front end a line at a time, the full-screen one a key at a time —
/// and sends it to the view of the screen on top (``Screen/view``), which
/// is that front end's own view, so it knows how. `Features` never sees a
/// line or a key: a view calls the closures of the model it was shown.
@MainActor
public protocol ScreenView: AnyObject {}
