import Features
import Foundation

/// How many columns a line of output holds, asked again each time a screen
/// is drawn.
///
/// A line longer than the terminal wraps: an address of 100,000 characters
/// another program stored would fill some 900 lines, and the list is
/// redrawn for every change another client makes. So every row a view draws
/// is cut to this width, with `…` where it was cut.
///
/// At a terminal the width is asked of the terminal (`TIOCGWINSZ`) at every
/// draw, so a window made narrower gets rows that fit at the next one.
/// Piped or redirected, or when the terminal will not say, it is `COLUMNS`
/// when that is a whole number, else 80: a script's output stays bounded
/// too. Either way it is kept within ``range``, so a terminal that claims
/// 0 or a million columns cannot starve or flood a row.
public struct TerminalWidth: Sendable {
    private let measure: @Sendable () -> Int?

    /// A width that asks `measure` at every draw; `nil` from it means 80.
    public init(measuring measure: @escaping @Sendable () -> Int?) {
        self.measure = measure
    }

    /// The width of a console no terminal was asked about: 80 columns.
    public static let unknown = TerminalWidth { nil }

    /// Always `columns` wide (within ``range``): for tests.
    public static func fixed(_ columns: Int) -> TerminalWidth {
        TerminalWidth { columns }
    }

    /// The width of standard output: the terminal's own when it is one
    /// (`outputIsTerminal`), else the `COLUMNS` variable's, else 80.
    ///
    /// - Parameters:
    ///   - outputIsTerminal: whether standard output is a terminal, which
    ///     is then asked its width at each redraw.
    ///   - columnsVariable: the value of `COLUMNS`, if set; anything but
    ///     plain digits is passed over, as other programs pass it over.
    public static func standardOutput(outputIsTerminal: Bool, columnsVariable: String?)
        -> TerminalWidth
    {
        let variable = columnsVariable.flatMap { text -> Int? in
            guard (1...6).contains(text.utf8.count),
                text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            return Int(text)
        }
        return TerminalWidth {
            if outputIsTerminal, let columns = terminalColumns() { return columns }
            return variable
        }
    }

    /// The columns lines are cut to now.
    public var columns: Int {
        min(max(measure() ?? 80, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The widths a view draws at: narrower would leave no room for a
    /// name, wider would let one row run to pages.
    public static let range = 20...1_000

    /// The terminal's width in columns, or `nil` if standard output's
    /// terminal does not say.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }
}
