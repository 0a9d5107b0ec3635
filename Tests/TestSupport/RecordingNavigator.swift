import Features

/// A navigator that keeps a stack like the real one but draws nothing and
/// reads nothing, so a test can see where a controller went.
@MainActor
public final class RecordingNavigator: Navigator {
    /// The screens from bottom to top.
    public private(set) var stack: [any Screen] = []
    /// How many times `pop` was called.
    public private(set) var pops = 0
    /// Whether `quit` was called.
    public private(set) var didQuit = false

    /// An empty stack.
    public init() {}

    /// The screen on top, if any.
    public var top: (any Screen)? { stack.last }

    public func push(_ screen: any Screen) {
        stack.append(screen)
        screen.appear()
    }

    public func pop() {
        pops += 1
        guard !stack.isEmpty else { return }
        stack.removeLast()
        stack.last?.appear()
    }

    public func quit() {
        didQuit = true
        stack.removeAll()
    }
}
