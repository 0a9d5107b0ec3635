/// The interactive app: the list screen on a navigation stack, driven by input.
///
/// The root screen comes from a provider, so building it — which opens the
/// store — happens inside `run`, where a failure can be reported as one line
/// instead of escaping to `main`.
///
/// The session's end is its scope's end: once the person quits (or the
/// input ends), every screen has left the stack, and the session's work
/// (``ScopedWork``) is cancelled and awaited before `run` returns, so the
/// process never exits with a load or a download in flight.
@MainActor
public final class InteractiveSession: Application {
    private let navigator: any Navigator
    private let rootProvider: ScreenProvider
    private let console: any Console
    private let work: ScopedWork

    /// A session that will show the screen `rootProvider` makes.
    ///
    /// - Parameters:
    ///   - navigator: the stack the screens are shown on.
    ///   - rootProvider: makes the first screen, inside `run`.
    ///   - console: where a failure to start is reported.
    ///   - work: the session scope's work, ended when the session is.
    public init(
        navigator: any Navigator,
        rootProvider: @escaping ScreenProvider,
        console: any Console,
        work: ScopedWork
    ) {
        self.navigator = navigator
        self.rootProvider = rootProvider
        self.console = console
        self.work = work
    }

    public func run() async -> ExitCode {
        do {
            let root = try rootProvider()
            await navigator.run(root: root)
            // Every screen has left: the session is over, and so is its
            // work. (A test's recording navigator returns with the root
            // still showing, for the test to drive on: not over yet.)
            if navigator.screens.isEmpty { await work.end() }
            if let failure = navigator.failure ?? root.failureToLoad {
                console.writeErrorLine("people: \(failure)")
                return console.settle(.failure)
            }
            return console.settle(.success)
        } catch {
            await work.end()
            console.writeErrorLine("people: \(error)")
            return console.settle(error is UsageError ? .usage : .failure)
        }
    }
}
