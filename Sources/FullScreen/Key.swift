import Features

/// One key the person pressed, as the full-screen front end reads it: a
/// character, or one of the keys a terminal sends as a control byte or an
/// escape sequence.
///
/// The line front end reads whole lines and never sees these; a key exists
/// only for a front end that reads the keyboard raw.
public enum Key: Hashable, Sendable {
    /// A printable character, as typed (a letter, a digit, a space, `?`).
    case character(Character)
    /// Text that came in a paste, as much of it as one read brought: for a
    /// search or a field, never a command, so a paste onto the list adds,
    /// deletes and quits nothing, whatever letters and line breaks it holds.
    ///
    /// One key for the whole text, not one a character: a paste of a
    /// megabyte is a few keys to handle, not a million.
    case pasted(String)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, delete, escape
    /// Ctrl-C: in raw mode the terminal sends it as a byte, not a signal.
    case interrupt
    /// Ctrl-Z, sent as a byte in raw mode: the program suspends itself.
    case suspend
    /// Ctrl-U: deletes everything before the cursor in a field, as in a
    /// shell, and clears a search being typed; on the list, half a window
    /// up, as in less and vi.
    case clearLine
    /// Ctrl-A, Ctrl-E: the cursor to the start or end of a field, as in a
    /// shell (Home and End, on a keyboard without them).
    case lineStart, lineEnd
    /// Ctrl-W: deletes the word before the cursor, as in a shell.
    case deleteWord
    /// Ctrl-K: deletes from the cursor to the end, as in a shell.
    case deleteToEnd
    /// Ctrl-D: half a window down on the list, as in less and vi.
    case halfPageDown
    /// Ctrl-L: clears the screen and draws all of it again, as in less,
    /// over whatever another program wrote there.
    case repaint
    /// F1: help, on every screen, the form included (where `?` is text).
    case f1
    /// Any other control byte or escape sequence: ignored, never shown.
    case unknown

    /// The text the key types into a search or a field: the character
    /// typed, or the text pasted; `nil` for every other key.
    public var text: String? {
        switch self {
        case .character(let character): String(character)
        case .pasted(let text): text
        default: nil
        }
    }
}

/// Turns the bytes a terminal sends into ``Key``s.
///
/// Stateful only for what can be cut between two reads: the bytes of one
/// UTF-8 character, kept only while every byte after its first could go on
/// it, and an escape sequence cut after its `[` — a paste longer than a read
/// can end one inside the mark that starts or ends it. A key's sequence
/// arrives whole in one read from any terminal this was tried on, so an
/// `ESC` that ends a read is the Esc key.
/// Every byte sequence decodes to something — at worst ``Key/unknown`` — so
/// nothing typed or pasted can stop the reader.
///
/// A paste arrives between the markers a terminal sends once asked to
/// (bracketed paste, which ``RawTerminal`` asks for): what is between them
/// is read as ``Key/pasted(_:)`` text, and its control bytes as nothing.
///
/// The end mark can itself be in what was copied, and a terminal passes
/// it on as it is (tmux 3.3a does): `abc ESC[201~ dy` pasted onto the list
/// deleted the person highlighted. So whatever comes after an end mark in
/// the same read is text of the paste too, and the paste ends with that
/// read: a terminal sends a paste in one write, and keys typed after it in
/// writes of their own, which the reader, always waiting, takes in reads of
/// their own.
///
/// Of one paste, only as much as the largest field or search can hold is
/// kept (``longestPaste``); the rest is dropped here, before it is queued,
/// so a paste of a megabyte costs its reading and no more.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Between the marks that start and end a paste.
    private var isPasting = false
    /// How many bytes of the paste under way have been kept.
    private var pastedBytes = 0
    /// Whether the paste under way has had a character dropped: nothing
    /// after it is kept either, so what is kept is the paste's start.
    private var isPasteFull = false

    /// The most bytes of one paste kept: what the largest field holds, and
    /// more than any search can use (``Features/PersonField/maximumBytes``).
    public static let longestPaste = PersonField.allCases.map(\.maximumBytes).max() ?? 0

    /// A decoder that has read nothing yet.
    public init() {}

    /// The keys in `bytes`, one read's worth, in order, given what was
    /// left over before; the text pasted in it comes last, as one key.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var pasted = ""
        let hasEndMark = decode(pending + bytes, into: &keys, pasting: &pasted)
        if !pasted.isEmpty { keys.append(.pasted(pasted)) }
        if hasEndMark { isPasting = false }
        return keys
    }

    /// Reads `input` into `keys`, and the text of a paste into `pasted`;
    /// returns whether a paste's end mark came in it.
    ///
    /// Once a paste has started, everything after it in `input` is the
    /// paste's: its text goes to `pasted`, so keys before a paste come
    /// before its text.
    private mutating func decode(
        _ input: [UInt8], into keys: inout [Key], pasting pasted: inout String
    ) -> Bool {
        pending = []
        var hasEndMark = false
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                // In a paste, where Esc is text, an escape that ends the
                // read is the start of the end mark.
                if Self.isCutShort(input, at: index) || (isPasting && index == input.count - 1) {
                    // The rest of this sequence comes with the next read.
                    pending = Array(input[index...])
                    return hasEndMark
                }
                let (key, length) = Self.escapeSequence(input, at: index)
                if let starts = Self.pasteMarks(input, at: index) {
                    if starts, !isPasting { (pastedBytes, isPasteFull) = (0, false) }
                    if !starts, isPasting { hasEndMark = true }
                    // After an end mark, the rest of the read is the paste's.
                    isPasting = isPasting || starts
                } else if !isPasting {
                    keys.append(key)
                }
                index += length
            case _ where isPasting && (byte < 0x20 || byte == 0x7F):
                index += 1
            case 0x00..<0x20:
                keys.append(Self.control(byte))
                index += 1
            case 0x7F:
                keys.append(.backspace)
                index += 1
            case 0x20..<0x7F:
                add(Character(Unicode.Scalar(byte)), to: &keys, pasting: &pasted)
                index += 1
            default:
                let length = Self.utf8Length(lead: byte)
                let rest = input[(index + 1)..<min(input.count, index + length)]
                guard rest.allSatisfy({ (0x80...0xBF).contains($0) }) else {
                    // Not the start of a character after all (a pasted
                    // byte): the key typed next is a key of its own, not
                    // the character's missing end.
                    if !isPasting { keys.append(.unknown) }
                    index += 1
                    continue
                }
                guard index + length <= input.count else {
                    // The rest of this character comes with the next read.
                    pending = Array(input[index...])
                    return hasEndMark
                }
                let scalarBytes = input[index..<(index + length)]
                if length > 1, let decoded = String(validating: scalarBytes, as: UTF8.self),
                    let character = decoded.first, decoded.count == 1
                {
                    add(character, to: &keys, pasting: &pasted)
                } else if !isPasting {
                    keys.append(.unknown)
                }
                index += max(1, length)
            }
        }
        return hasEndMark
    }

    /// Adds `character` as a key typed, or to the text of the paste under
    /// way while the paste has room for it.
    private mutating func add(
        _ character: Character, to keys: inout [Key], pasting pasted: inout String
    ) {
        guard isPasting else { return keys.append(.character(character)) }
        let size = character.utf8.count
        guard !isPasteFull, pastedBytes + size <= Self.longestPaste else {
            isPasteFull = true
            return
        }
        pastedBytes += size
        pasted.append(character)
    }

    /// Whether the escape sequence at `start` starts a paste (true) or
    /// ends one (false); `nil` when it is no paste mark.
    private static func pasteMarks(_ input: [UInt8], at start: Int) -> Bool? {
        let mark = input[start...].prefix(6)
        if mark.elementsEqual("\u{1B}[200~".utf8) { return true }
        if mark.elementsEqual("\u{1B}[201~".utf8) { return false }
        return nil
    }

    /// Whether the input ends inside the escape sequence at `start`.
    ///
    /// Inside means after its `[` or `O` and parameters, before its final
    /// byte: where a read can cut a long paste's marks. A lone `ESC` is the
    /// Esc key, and a run of parameters longer than any sequence people
    /// reads is no sequence to wait for.
    private static func isCutShort(_ input: [UInt8], at start: Int) -> Bool {
        let rest = input[start...].dropFirst()
        guard let introducer = rest.first, rest.count < 16,
            introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O")
        else { return false }
        return rest.dropFirst().allSatisfy { (0x30...0x3F).contains($0) }
    }

    /// The key a control byte stands for.
    private static func control(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x08: .backspace
        case 0x03: .interrupt
        case 0x1A: .suspend
        case 0x15: .clearLine
        case 0x01: .lineStart
        case 0x05: .lineEnd
        case 0x17: .deleteWord
        case 0x0B: .deleteToEnd
        case 0x04: .halfPageDown
        case 0x0C: .repaint
        default: .unknown
        }
    }

    /// How many bytes the UTF-8 character that starts with `lead` takes;
    /// 1 for a byte that cannot start one.
    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// The key of the escape sequence at `start`, and how many bytes it takes.
    private static func escapeSequence(_ input: [UInt8], at start: Int) -> (Key, Int) {
        guard start + 1 < input.count else { return (.escape, 1) }
        let introducer = input[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Esc, then a key of its own (Alt held down): Esc alone.
            return (.escape, 1)
        }
        // Parameters (digits and `;`), then one final byte.
        var index = start + 2
        var parameters = ""
        while index < input.count, input[index] >= 0x30, input[index] <= 0x3F {
            parameters.append(Character(Unicode.Scalar(input[index])))
            index += 1
        }
        guard index < input.count else { return (.unknown, index - start) }
        let final = input[index]
        let length = index + 1 - start
        let first = parameters.split(separator: ";").first.flatMap { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        case UInt8(ascii: "P") where parameters.isEmpty: return (.f1, length)
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return (.home, length)
            case 11: return (.f1, length)
            case 3: return (.delete, length)
            case 4, 8: return (.end, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            default: return (.unknown, length)
            }
        default: return (.unknown, length)
        }
    }
}
