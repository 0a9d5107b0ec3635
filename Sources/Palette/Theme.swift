/// The colours both front ends draw each kind of text in.
///
/// Set in the configuration file (`"theme": {"title": "#5FAFFF", …}`); any
/// colour left out keeps the standard one.
public struct Theme: Sendable, Hashable {
    /// Screen titles (also bold).
    public var title: RGBColor
    /// The line of keys under each screen.
    public var keys: RGBColor
    /// Errors and questions that need care.
    public var error: RGBColor
    /// Confirmations such as "Saved".
    public var success: RGBColor

    /// A theme with these colours.
    public init(title: RGBColor, keys: RGBColor, error: RGBColor, success: RGBColor) {
        self.title = title
        self.keys = keys
        self.error = error
        self.success = success
    }

    /// The colours used when the configuration names none.
    public static let standard = Theme(
        title: RGBColor(red: 0x5F, green: 0xAF, blue: 0xFF),
        keys: RGBColor(red: 0x8A, green: 0x8A, blue: 0x8A),
        error: RGBColor(red: 0xFF, green: 0x5F, blue: 0x5F),
        success: RGBColor(red: 0x5F, green: 0xD7, blue: 0x5F))

    /// The names the configuration file uses, and where each colour goes.
    package static var roles: [(name: String, path: WritableKeyPath<Theme, RGBColor>)] {
        [("title", \.title), ("keys", \.keys), ("error", \.error), ("success", \.success)]
    }
}
