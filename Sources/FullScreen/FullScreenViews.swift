import Features

/// The full-screen front end: makes the full-screen view of each screen and
/// the navigator that lays them out, all sharing one display.
///
/// The second front end of the same controllers. The composition root
/// picks it or the line front end (`TerminalViews`) in one place; no
/// controller, view model or injector below that choice changes.
@MainActor
public final class FullScreenViews: ViewFactory {
    private let terminal: any FullScreenTerminal
    private let writer: FrameWriter
    /// What every view draws into; read by each view's own file, which
    /// makes it.
    let display: FullScreenDisplay

    /// A front end drawing on `terminal` with `writer`'s colours, its title
    /// line naming `book`.
    public init(terminal: any FullScreenTerminal, writer: FrameWriter, book: String) {
        self.terminal = terminal
        self.writer = writer
        self.display = FullScreenDisplay(events: terminal.events, book: book)
    }

    /// The split view's navigator, on the same terminal and display.
    public func makeNavigator() -> any Navigator {
        FullScreenNavigator(terminal: terminal, display: display, writer: writer)
    }
}
