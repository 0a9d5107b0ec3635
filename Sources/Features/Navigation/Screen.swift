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

    /// Why the screen never showed what it is for — every load it tried
    /// failed — or `nil` once it has (or when it loads nothing).
    ///
    /// The session asks its root when the person leaves: a session in which
    /// the first screen never loaded ends with a failure, so a script
    /// driving `people` learns that nothing worked.
    var failureToLoad: String? { get }
}

extension Screen {
    /// Nothing to load, so nothing that failed: the default for screens
    /// that are handed their content.
    public var failureToLoad: String? { nil }
}
