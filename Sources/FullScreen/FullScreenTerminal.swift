/// A window's size in character cells.
public struct TerminalSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    /// A size of `rows` by `columns`.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
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
}
