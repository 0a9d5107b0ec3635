/// A window's size in character cells, at most ``largest`` each way.
///
/// The terminal says how large it is, and `stty rows 20000 cols 20000`
/// makes it say anything: a frame holds every cell, so a window is drawn in
/// at most its first 1,000 rows and columns (the line front end's widest
/// line too), and a frame never costs more than a few megabytes.
public struct TerminalSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    /// The most rows, and the most columns, a frame is drawn in.
    public static let largest = 1_000

    /// A size of `rows` by `columns`, each cut to ``largest``.
    public init(rows: Int, columns: Int) {
        self.rows = min(rows, Self.largest)
        self.columns = min(columns, Self.largest)
    }
}

/// The window the full-screen front end draws in and reads keys from.
///
/// A protocol so that the navigator and the views are tested with a window
/// in memory (a test posts keys and reads the frames), while a real run
/// owns the terminal through ``RawTerminal``.
@MainActor
public protocol FullScreenTerminal: AnyObject, Sendable {
    /// Where keys, signals and resizes arrive.
    var events: EventQueue { get }
    /// The window's size now.
    var size: TerminalSize { get }
    /// Takes the terminal: raw keys, a screen of its own, no cursor.
    func begin()
    /// Gives the terminal back as it was found.
    func end()
    /// Gives the terminal back and stops the process until it is continued
    /// (`fg`), then takes it again.
    func suspend()
    /// Shows `frame` by sending `bytes`, what changed since the frame
    /// before, in one write; a window in memory keeps the frame instead.
    func draw(_ frame: CellGrid, as bytes: [UInt8])
    /// Returns once a write a signal stopped has had its time to end, or
    /// when the calling task is cancelled (the write ended first).
    ///
    /// The terminal's, not the navigator's, so that the one clock of the
    /// full-screen front end sits at its edge: a real terminal waits five
    /// seconds (``RawTerminal``), and a window in memory waits until its
    /// test says the time is up, so no test waits on a clock.
    func waitOutStopLimit() async
}
