import Features
import Terminal

/// A terminal's screen in memory, reading what ``FullScreen/FrameWriter``
/// sends: moves, clears and text, each character as wide as `width` says.
///
/// Terminals do not all measure a character as the program does (an emoji,
/// a character newer than their tables): a test gives this one a width of
/// its own for some characters, and reads where the rest landed.
struct TerminalModel {
    private(set) var cells: [[String]]
    private let columns: Int
    private let width: (Character) -> Int
    private var row = 0
    private var column = 0

    /// A blank screen of `rows` × `columns`, measuring with `width`.
    init(rows: Int, columns: Int, width: @escaping (Character) -> Int) {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        self.columns = columns
        self.width = width
    }

    /// Reads `bytes`: `ESC[r;cH`, `ESC[2J` and text; other sequences change
    /// nothing this model keeps.
    mutating func read(_ bytes: [UInt8]) {
        var characters = String(decoding: bytes, as: UTF8.self)[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                put(character)
                continue
            }
            guard characters.first == "[" else { continue }
            characters.removeFirst()
            var parameters = ""
            while let next = characters.popFirst() {
                guard next.isLetter || next == "~" else {
                    parameters.append(next)
                    continue
                }
                obey(next, parameters)
                break
            }
        }
    }

    private mutating func obey(_ final: Character, _ parameters: String) {
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            row = (numbers.first ?? 1) - 1
            column = (numbers.dropFirst().first ?? 1) - 1
        case "J" where parameters == "2":
            cells = cells.map { $0.map { _ in " " } }
        default: break
        }
    }

    /// Draws `character` at the cursor, as wide as the model measures it;
    /// lines do not wrap.
    private mutating func put(_ character: Character) {
        let wide = width(character)
        guard wide > 0, row < cells.count, column + wide <= columns else { return }
        for at in column..<(column + wide) {
            // Half of a wide character overwritten blanks the other half.
            if cells[row][at].isEmpty, at > 0 { cells[row][at - 1] = " " }
            if at + 1 < columns, cells[row][at + 1].isEmpty { cells[row][at + 1] = " " }
        }
        cells[row][column] = String(character)
        if wide == 2 { cells[row][column + 1] = "" }
        column += wide
    }
}
