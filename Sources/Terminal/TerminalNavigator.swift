import Features

/// The navigation stack of the line front end, and the loop that feeds it input.
///
/// Like a navigation controller on iOS: screens are pushed and popped, and the
/// top one is what the person sees. It reads one line at a time from the
/// console and hands it to the view of the top screen, until the stack is
/// empty or the input ends.
///
/// One per interactive session, made by ``TerminalViews/makeNavigator()``:
/// shared by every screen of it, for as long as the session runs.
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

    /// Takes the top screen off, waits for it to stop its work, then shows
    /// the one under it.
    public func pop() async {
        guard let top = stack.popLast() else { return }
        await top.leave()
        stack.last?.appear()
    }

    /// Takes every screen off, top first, each stopping its work.
    public func quit() async {
        while let top = stack.popLast() { await top.leave() }
    }

    /// Shows `root` and feeds input to the top screen's view, a line at a time,
    /// until the person quits, the input ends, or the output no longer
    /// reaches anyone; every screen has left the stack when it returns.
    ///
    /// Waiting for a line suspends rather than blocks, so a page that
    /// arrives meanwhile is drawn at once. A script's next line is read
    /// only once the screen on top has settled, so `printf '2\nb\nq\n'`
    /// shows the second person before going back, however slow the store;
    /// a person at a terminal types ahead, and a key that reads what is
    /// loading waits for it, while quit, back and help answer at once.
    public func run(root: any Screen) async {
        push(root)
        while let top = stack.last {
            if !console.typesAhead { await top.settled() }
            guard console.outputProblem == nil, let line = await console.readLine(prompt: "> ")
            else {
                return await quit()
            }
            if !Self.isAnsweredWhileLoading(line) { await top.settled() }
            await top.handle(line: line)
        }
    }

    /// The keys every screen answers while it is still loading: quit, back
    /// and help read nothing from the store, so they never wait for it.
    nonisolated public static let answeredWhileLoading = Set(
        [ScreenIntent.quit, .back, .help].map { KeyInput(LineKeyMap.key(for: $0).keys) })

    /// Whether the line `input` is one of the keys answered while loading,
    /// read as the views read keys (``KeyInput``): without surrounding
    /// spaces, in either case, so ` Q` quits as promptly as `q`.
    nonisolated public static func isAnsweredWhileLoading(_ input: String) -> Bool {
        answeredWhileLoading.contains(KeyInput(input))
    }
}
