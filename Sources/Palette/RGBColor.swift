/// A 24-bit colour, converted from a `#RRGGBB` string.
///
/// This is what a container calls a type converter: the configuration file
/// holds text, and the app wants a typed value. Here it is one failable
/// initializer, checked by the compiler and tested like any other code.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public let red: UInt8
    /// Green, 0–255.
    public let green: UInt8
    /// Blue, 0–255.
    public let blue: UInt8

    /// A colour from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour written `#RRGGBB` (hex digits, either case), or `nil`.
    public init?(hex text: String) {
        guard text.count == 7, text.first == "#",
            text.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 16),
            green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value))
    }

    /// The colour as `#RRGGBB`.
    public var description: String {
        "#"
            + [red, green, blue].map { component in
                let digits = String(component, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// The escape sequence that sets this as the text colour.
    package var foregroundEscape: String { "\u{1B}[38;2;\(red);\(green);\(blue)m" }
}
