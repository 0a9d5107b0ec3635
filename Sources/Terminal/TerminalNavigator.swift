import Features

/// The navigation stack of the terminal app, and the loop that feeds it input.
///
/// Like a navigation controller on iOS: screens are pushed and popped, and the
/// top one is what the person sees. It reads one line at a time from the
/// console and hands it to the top screen, until the stack is empty or the
/// input ends.
///
/// One per interactive session: shared by every screen of it, for as long as
/// the session runs.
@MainActor
public final class TerminalNavigator: Navigator {
    private let console: any Console
    private var stack: [any Screen] = []

    /// A navigator with an empty stack, reading from and writing to `console`.
    public init(console: any Console) {
        self.console = console
    }

    /// The screens from bottom to top.
    public var screens: [any Screen] { stack }

    public func push(_ screen: any Screen) {
        stack.append(screen)
        screen.appear()
    }

    public func pop() {
        guard !stack.isEmpty else { return }
        stack.removeLast()
        stack.last?.appear()
    }

    public func quit() {
        stack.removeAll()
    }

    /// Shows `root` and feeds input to the top screen until the person quits,
    /// the input ends, or the output no longer reaches anyone.
    public func run(root: any Screen) {
        push(root)
        while let top = stack.last {
            guard console.outputProblem == nil, let line = console.readLine(prompt: "> ") else {
                stack.removeAll()
                return
            }
            top.handle(line)
        }
    }
}
