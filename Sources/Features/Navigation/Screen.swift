/// Makes a screen on demand: the interactive session's root, made inside
/// `run` so that a failure to open the store is reported as one line.
public typealias ScreenProvider = @MainActor () throws -> any Screen

/// One screen of the app: what a navigation stack holds.
///
/// Controllers are screens, the way view controllers are on iOS. A screen
/// draws itself through its ``view`` when it comes to the top of the stack,
/// and what the person types while it is there goes to that view.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the screen; called each time it comes into sight: on top of
    /// the stack, or beside the person on top in the split view.
    ///
    /// A screen that shows what the store holds draws that it is loading
    /// and starts the load as work of its scope (``ScopedWork``), so the
    /// keys that need no data — quit, back, help — answer at once.
    func appear()

    /// The view the screen draws through: where a front end sends what the
    /// person types while this screen is on top.
    ///
    /// As on iOS, where a touch goes to a view controller's view and not to
    /// the controller, input never passes through a controller: each front
    /// end reads it in its own terms (lines, or keys) and its own view turns
    /// it into one of the intents of the model the controller showed. So a
    /// controller takes no typed text, and the same controller serves every
    /// front end. Whether a key waits for a load is the front end's to say:
    /// before a key that reads what is loading, it awaits ``settled()``.
    var view: any ScreenView { get }

    /// Returns once what the screen is loading has arrived, failed or been
    /// cancelled: the screen shows what it will show until the next key.
    ///
    /// The one thing a front end needs to know about a screen's work. A
    /// key that reads the page waits for it; a script waits for it before
    /// its next line, so the same script always meets the same screens;
    /// a key that reads nothing (quit, back, help) need not wait.
    func settled() async

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

    /// Nothing loading, so settled at once: the default for screens that
    /// are handed their content.
    public func settled() async {}
}
