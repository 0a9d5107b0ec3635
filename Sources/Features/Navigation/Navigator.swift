/// Moves between screens: what a controller asks for when it wants to go
/// somewhere else.
///
/// Controllers receive a navigator through their initializer and never learn
/// which one it is: the terminal's stack when the app runs, a recording one in
/// tests.
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

    /// Shows `root`, then runs the session until it is over: for the
    /// terminal's stack, until the person quits or the input ends; for a
    /// recording navigator in a test, at once, leaving the test to drive.
    func run(root: any Screen) async
}
