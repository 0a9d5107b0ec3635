/// Makes a screen on demand: the interactive session's root, made inside
/// `run` so that a failure to open the store is reported as one line.
public typealias ScreenProvider = @MainActor () throws -> any Screen

/// One screen of the app: what a navigation stack holds.
///
/// Controllers are screens, the way view controllers are on iOS. A screen
/// draws itself when it comes to the top of the stack and is handed each line
/// the person types while it is there.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the screen; called each time it becomes the top of the stack.
    func appear()

    /// Handles one line of input typed while this screen is on top.
    func handle(_ input: String)
}
