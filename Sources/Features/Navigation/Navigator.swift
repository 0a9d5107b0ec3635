/// Moves between screens: what a controller asks for when it wants to go
/// somewhere else.
///
/// Controllers receive a navigator through their initializer and never learn
/// which one it is: the terminal's stack when the app runs, a recording one in
/// tests.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows `screen` on top of the current one.
    func push(_ screen: any Screen)

    /// Closes the top screen and shows the one under it.
    func pop()

    /// Closes every screen, which ends the interactive session.
    func quit()
}
