/// Makes many hostile inputs from a few good ones, repeatably: random bytes,
/// cuts, and good inputs with nasty text spliced in.
///
/// Feeds the parsers' fuzz tests. Seeded, so the input that broke a parser
/// can be made again from the seed the failing test prints.
public struct InputMutator {
    private var generator: SeededGenerator

    /// Text that has broken parsers before: controls, escapes, direction and
    /// invisible characters, huge and odd numbers, quotes and separators.
    public static let nasties: [String] = [
        "\u{0}", "\u{1B}[2J", "\u{1B}]0;x\u{07}", "\u{9B}", "\r", "\n", "\u{08}", "\u{7F}",
        "\u{202E}", "\u{2028}", "\u{FEFF}", "\u{3164}", "\u{301}\u{301}\u{301}", "👩‍👩‍👧",
        "99999999999999999999", "-9223372036854775808", "9223372036854775807", "1e400", "-0",
        "NaN", "0x10", "\"", "\"\"", ",", "=", "--", "-", "[", "]", "{", "}", ":", "\\", "\\u0000",
        "null", "true", "[]", "{}", " ", "\t", ":memory:", "", "é", "ÅSA",
    ]

    /// A mutator whose choices follow from `seed`.
    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A number in `range`.
    public mutating func number(in range: Range<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[number(in: 0..<choices.count)]
    }

    /// Up to `count` random bytes.
    public mutating func bytes(upTo count: Int) -> [UInt8] {
        (0..<number(in: 0..<(count + 1))).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// `text` changed a few times: a nasty piece spliced in, a piece cut out,
    /// a piece doubled, or the end cut off.
    public mutating func mutate(_ text: String) -> String {
        var characters = Array(text)
        for _ in 0..<number(in: 1..<4) {
            let at = number(in: 0..<(characters.count + 1))
            switch number(in: 0..<4) {
            case 0:
                characters.insert(contentsOf: pick(Self.nasties), at: at)
            case 1 where at < characters.count:
                characters.removeSubrange(at..<min(characters.count, at + number(in: 1..<6)))
            case 2 where at < characters.count:
                let piece = characters[at..<min(characters.count, at + number(in: 1..<8))]
                characters.insert(contentsOf: piece, at: at)
            default:
                characters = Array(characters.prefix(at))
            }
        }
        return String(characters)
    }

    /// `bytes` with a few bytes overwritten, inserted or cut.
    public mutating func mutate(bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<number(in: 1..<4) {
            let at = number(in: 0..<(bytes.count + 1))
            let byte = UInt8.random(in: 0...255, using: &generator)
            switch number(in: 0..<3) {
            case 0 where at < bytes.count: bytes[at] = byte
            case 1: bytes.insert(byte, at: at)
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }
}
