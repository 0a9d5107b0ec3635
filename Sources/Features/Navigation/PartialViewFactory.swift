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
///
/// Each screen's view protocol says, in its own file, what a partial
/// factory makes for it (`extension PartialViewFactory`), and makes
/// ``UnshownView`` one of its views, so a new screen adds that to its own
/// file and to no other.
@MainActor
public protocol PartialViewFactory: ViewFactory {}

/// The view of a screen a front end never shows: it takes every model and
/// message it is given, and draws nothing.
///
/// It is each screen's view (each view protocol's file makes it one), so a
/// ``PartialViewFactory`` can hand it out for any screen it leaves out.
@MainActor
public final class UnshownView: ScreenView {
    /// A view that will show nothing.
    public init() {}

    public func showMessage(_ message: String) {}
    public func showError(_ message: String) {}
    public func showLoadFailure(_ message: String) {}
}
