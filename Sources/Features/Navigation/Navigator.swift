/// Moves between screens: what a controller asks for when it wants to go
/// somewhere else.
///
/// Controllers receive a navigator through their initializer and never learn
/// which one it is: the chosen front end's when the app runs (the split
/// view's, or the line front end's stack), a recording one in tests.
@MainActor
public protocol Navigator: AnyObject, Sendable {
    /// Shows `screen` on top of the current one.
    func push(_ screen: any Screen)

    /// Closes the top screen and shows the one under it, once the closed
    /// screen has stopped its work (``Screen/leave()``).
    func pop() async

    /// Closes every screen, top first, each stopping its work, which ends
    /// the interactive session.
    func quit() async

    /// The screens from bottom to top, so a test can see where navigation
    /// went.
    var screens: [any Screen] { get }

    /// Whether `screen` can be seen now: so a screen knows whether to
    /// redraw when something it shows changed elsewhere.
    ///
    /// On a stack that shows one screen at a time, only the top one; a
    /// split view also shows the list beside the person on top of it.
    func isShowing(_ screen: any Screen) -> Bool

    /// Shows `root`, then runs the session until it is over: for a front
    /// end's navigator, until the person quits or the input ends; for a
    /// recording navigator in a test, at once, leaving the test to drive.
    func run(root: any Screen) async

    /// Why the run failed, once ``run(root:)`` has returned: the front end
    /// could not do what it is for — a report it could not write, a page
    /// it was asked for and never got — or `nil` when it did.
    ///
    /// The session ends with a failure then, as when its first screen never
    /// loaded, so a front end that shows without asking (a report, a
    /// status line) gives its script an honest exit status.
    var failure: String? { get }
}

extension Navigator {
    /// Nothing failed: the default for a navigator whose run is over when
    /// the person says so.
    public var failure: String? { nil }

    /// Only the top screen is seen: the rule of a stack that shows one
    /// screen at a time.
    public func isShowing(_ screen: any Screen) -> Bool {
        screens.last.map { $0 === screen } ?? false
    }
}
