import Features

/// A navigator that keeps a stack of screens like the real one but draws
/// nothing and reads nothing, so a test can see where a controller went.
///
/// Hand it to a session scope (`SessionScope(app: app, navigator: recorder)`)
/// and the real injectors navigate through it: `run` shows the root and
/// returns, and the test types into the view of ``top`` and reads ``screens``.
@MainActor
public final class RecordingNavigator: Navigator {
    /// The screens from bottom to top.
    public private(set) var screens: [any Screen] = []
    /// How many times `pop` was called.
    public private(set) var pops = 0
    /// Whether `quit` was called.
    public private(set) var didQuit = false

    /// An empty stack.
    public init() {}

    /// The screen on top, if any.
    public var top: (any Screen)? { screens.last }

    public func push(_ screen: any Screen) {
        screens.append(screen)
        screen.appear()
    }

    /// Takes the top screen off, lets it stop its work, and shows the one
    /// under it, as the terminal's stack does.
    public func pop() async {
        pops += 1
        guard let top = screens.popLast() else { return }
        await top.leave()
        screens.last?.appear()
    }

    /// The screen on top once what it is loading has arrived
    /// (``Features/Screen/settled()``), as a script piped to `people` meets
    /// it: what a test types next meets the screen loaded.
    public func settledTop() async -> (any Screen)? {
        await top?.settled()
        return top
    }

    /// Shows `root` and returns at once: the test drives from here.
    public func run(root: any Screen) async {
        push(root)
    }

    /// Takes every screen off, top first, each stopping its work.
    public func quit() async {
        didQuit = true
        while let top = screens.popLast() { await top.leave() }
    }
}
