/// The interactive app: the list screen on a navigation stack, driven by input.
///
/// The root screen comes from a provider, so building it — which opens the
/// store — happens inside `run`, where a failure can be reported as one line
/// instead of escaping to `main`.
@MainActor
public final class InteractiveSession: Application {
    private let navigator: any Navigator
    private let rootProvider: ScreenProvider
    private let console: any Console

    /// A session that will show the screen `rootProvider` makes.
    public init(
        navigator: any Navigator,
        rootProvider: @escaping ScreenProvider,
        console: any Console
    ) {
        self.navigator = navigator
        self.rootProvider = rootProvider
        self.console = console
    }

    public func run() -> ExitCode {
        do {
            let root = try rootProvider()
            navigator.run(root: root)
            if let failure = root.failureToLoad {
                console.writeErrorLine("people: \(failure)")
                return console.settle(.failure)
            }
            return console.settle(.success)
        } catch {
            console.writeErrorLine("people: \(error)")
            return console.settle(error is UsageError ? .usage : .failure)
        }
    }
}
