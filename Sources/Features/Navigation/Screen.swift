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
    ///
    /// A screen that shows what the store holds draws that it is loading
    /// and starts the load as work of its scope (``ScopedWork``), so the
    /// keys that need no data — quit, back, help — answer at once.
    func appear()

    /// Handles one line of input typed while this screen is on top.
    ///
    /// Lines are handled one at a time, in the order typed: a key that reads
    /// what is loading waits for the load first, so typing `1` before the
    /// list arrives opens its first row once it does.
    func handle(_ input: String) async

    /// Called once, when the screen is taken off the stack for good: stops
    /// the work it started and returns once that work has stopped, so the
    /// screen is never written to again.
    func leave() async

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

    /// Nothing started, so nothing to stop: the default for screens that
    /// start no work of their own.
    public func leave() async {}
}
