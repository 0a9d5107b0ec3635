import Features

/// What every full-screen view shares: the line of news under the panes,
/// the help shown over them, the book's name for the title, and the one way
/// to ask for a new frame.
///
/// The views and the navigator of one front end share one display, made by
/// the factory (``FullScreenViews``). A view never draws when told
/// something; it keeps what it was shown and asks for a frame, and the
/// navigator draws the next one once every key typed so far is handled.
@MainActor
public final class FullScreenDisplay {
    /// Where a view's request for a frame goes.
    private let events: EventQueue
    /// The book shown in the title line: the file's name or the server's.
    public let book: String
    /// The message or error shown under the panes until the next key.
    public private(set) var status: (text: String, role: TextRole)?
    /// The screen whose keys are shown over the panes, until the next key.
    public var help: AppScreen?
    /// What the write in flight is doing — "saving…", "deleting…" — while
    /// one is: shown under the panes, and what Esc and Ctrl-C stop.
    public private(set) var writing: String?
    /// Whether a `.redraw` this display posted is still in the queue: the
    /// navigator has not taken it yet, so asking again would add nothing.
    private var isRedrawQueued = false
    /// How a write runs, set by the navigator.
    ///
    /// The navigator is the one reader of the events, so it runs the write
    /// and answers them while the write waits (``FullScreenNavigator``).
    /// Before a navigator is made, a write just runs.
    var answersWhileWriting: @MainActor (@escaping @MainActor () async -> Void) async -> Void = {
        await $0()
    }

    /// A display whose frames are asked for through `events`.
    public init(events: EventQueue, book: String) {
        self.events = events
        self.book = book
    }

    /// Asks for a new frame, once however many views ask before the
    /// navigator takes the request.
    ///
    /// One request stands for every change until it is taken, not until a
    /// frame is drawn: the navigator may take it and handle keys before it
    /// draws, and a change made then — a load arriving that a waiting key
    /// needs — must wake it again, or that key would wait for ever.
    public func setNeedsDisplay() {
        guard !isRedrawQueued else { return }
        isRedrawQueued = true
        events.post(.redraw)
    }

    /// Called by the navigator when it takes a `.redraw` from the events:
    /// the next change asks again.
    func tookRedraw() {
        isRedrawQueued = false
    }

    /// Shows `text` under the panes, in `role`'s colour, until the next key.
    public func showStatus(_ text: String, as role: TextRole) {
        status = (text, role)
        setNeedsDisplay()
    }

    /// Runs `write`, a key's save, delete or undo, shown as `doing`
    /// ("saving…") until it ends; while it runs the navigator keeps
    /// answering, and Esc or Ctrl-C cancel it (``FullScreenNavigator``).
    ///
    /// A write is the one thing that may wait on someone else (another
    /// program's lock, a server), so it is the one thing run beside the
    /// reading of events; every other key is handled before the next is read.
    public func whileWriting(_ doing: String, _ write: @escaping @MainActor () async -> Void) async
    {
        writing = doing
        setNeedsDisplay()
        await answersWhileWriting(write)
        writing = nil
        setNeedsDisplay()
    }

    /// Clears the message: a key was pressed.
    func clearStatus() {
        status = nil
    }

    /// Takes back `text` if it is still the message shown: what it said is
    /// no longer true, and no key may come to clear it.
    func withdrawStatus(_ text: String) {
        guard status?.text == text else { return }
        status = nil
        setNeedsDisplay()
    }
}

/// A rectangle of the window one view draws in.
public struct PaneArea: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var rows: Int
    public var columns: Int

    /// The area of `rows` by `columns` whose top left cell is at `top`, `left`.
    public init(top: Int, left: Int, rows: Int, columns: Int) {
        self.top = top
        self.left = left
        self.rows = rows
        self.columns = columns
    }

    /// The point `row` rows down and `column` columns in.
    func point(_ row: Int, _ column: Int = 0) -> GridPoint {
        GridPoint(row: top + row, column: left + column)
    }
}

/// What became of a key a view was handed.
public enum KeyOutcome: Equatable, Sendable {
    /// The view did what the key asks.
    case handled
    /// Not a key of this view: the navigator tries the next, or says so.
    case notMine
    /// The key reads what is still loading: it waits, with the keys after
    /// it, until the load arrives.
    case waitForLoad
    /// Open the highlighted row: the navigator gives the detail the focus.
    case openHighlighted
    /// Back to the list from a person shown beside it.
    case back
    /// Show the keys of this screen.
    case help
}

/// A view of the full-screen front end: it draws into its pane of the frame
/// and turns keys into its model's intents.
///
/// The full-screen side of ``Features/ScreenView``, as `LineInputView` is
/// the line front end's: `Features` sees neither keys nor cells.
@MainActor
public protocol FullScreenView: ScreenView {
    /// Which screen it shows: for its help and key line.
    var screen: AppScreen { get }
    /// Draws what it was last shown into `area` of `grid`; `focused` when
    /// keys go to it.
    func draw(in grid: inout CellGrid, area: PaneArea, focused: Bool)
    /// Turns `key` into one of the shown model's intents.
    func handle(_ key: Key) async -> KeyOutcome
    /// The keys that do something now, for the bottom line.
    var keyLine: String { get }
}
