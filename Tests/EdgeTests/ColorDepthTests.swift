import Palette
import Testing

/// Each of a theme's colours drawn as the nearest a terminal's colour depth
/// has: the 256 of xterm, the 16 of ANSI, or itself.
@Suite struct ColorDepthTests {
    /// The themes the mapping is checked with: the standard one, one a
    /// person might write, and colours at the palettes' edges.
    static let themes: [Theme] = [
        .standard,
        Theme(
            title: color(0xFFB000), keys: color(0x303030), error: color(0xFF3030),
            success: color(0x00875F)),
        Theme(
            title: color(0x000000), keys: color(0xFFFFFF), error: color(0x0000FF),
            success: color(0x7F7F80)),
        Theme(
            title: color(0x123456), keys: color(0xC0FFEE), error: color(0x808080),
            success: color(0xEEEEEE)),
    ]

    @Test(arguments: themes)
    func eachColourIsTheNearestOfEachDepth(_ theme: Theme) {
        for role in Theme.roles {
            let wanted = theme[keyPath: role.path]
            // A colour among the 12 colours, a grey among the 4 greys.
            let ansi = nearest(
                to: wanted, in: Self.sixteen.filter { isGrey($0.1) == isGrey(wanted) })
            #expect(
                ColorDepth.ansi16.foregroundEscape(for: wanted)
                    == (ansi < 8 ? "\u{1B}[3\(ansi)m" : "\u{1B}[9\(ansi - 8)m"), "\(role.name)")
            #expect(
                ColorDepth.ansi256.foregroundEscape(for: wanted)
                    == "\u{1B}[38;5;\(nearest(to: wanted, in: Self.twoFiftySix))m",
                "\(role.name)")
            #expect(
                ColorDepth.trueColor.foregroundEscape(for: wanted)
                    == "\u{1B}[38;2;\(wanted.red);\(wanted.green);\(wanted.blue)m")
            #expect(ColorDepth.noColor.foregroundEscape(for: wanted) == "")
            let mapped = TerminalTheme(theme, depth: .ansi256)
            #expect(
                [mapped.title, mapped.keys, mapped.error, mapped.success]
                    == [theme.title, theme.keys, theme.error, theme.success].map {
                        ColorDepth.ansi256.foregroundEscape(for: $0)
                    })
        }
    }

    @Test func theStandardThemeIsDrawnInColoursEachDepthHas() {
        let colors256 = TerminalTheme(.standard, depth: .ansi256)
        // Each standard colour is one of xterm's 256 exactly.
        #expect(colors256.title == "\u{1B}[38;5;75m")
        #expect(colors256.keys == "\u{1B}[38;5;245m")
        #expect(colors256.error == "\u{1B}[38;5;203m")
        #expect(colors256.success == "\u{1B}[38;5;77m")
        let colors16 = TerminalTheme(.standard, depth: .ansi16)
        #expect(colors16.title == "\u{1B}[94m", "light blue is bright blue, not grey")
        #expect(colors16.keys == "\u{1B}[90m", "grey is bright black")
        #expect(colors16.error == "\u{1B}[91m", "light red is bright red, not grey")
        #expect(colors16.success == "\u{1B}[32m")
        let none = TerminalTheme(.standard, depth: .noColor)
        #expect([none.title, none.keys, none.error, none.success] == ["", "", "", ""])
    }

    /// The 16 ANSI colours as xterm draws them, numbered 0–15.
    static let sixteen: [(Int, RGBColor)] = [
        "#000000", "#CD0000", "#00CD00", "#CDCD00", "#0000EE", "#CD00CD", "#00CDCD", "#E5E5E5",
        "#7F7F7F", "#FF0000", "#00FF00", "#FFFF00", "#5C5CFF", "#FF00FF", "#00FFFF", "#FFFFFF",
    ].enumerated().compactMap { index, hex in RGBColor(hex: hex).map { (index, $0) } }

    /// xterm's colours 16–255: the cube (levels 0, then 95 to 255 by 40)
    /// and the greys (8 to 238 by 10).
    static let twoFiftySix: [(Int, RGBColor)] = (16..<256).map { number in
        guard number < 232 else {
            let grey = UInt8(8 + 10 * (number - 232))
            return (number, RGBColor(red: grey, green: grey, blue: grey))
        }
        let cube = number - 16
        let level = { (step: Int) in UInt8(step == 0 ? 0 : 55 + 40 * step) }
        return (
            number,
            RGBColor(red: level(cube / 36), green: level(cube / 6 % 6), blue: level(cube % 6))
        )
    }

    /// Whether `color` is a grey: no two components 32 or more apart.
    private func isGrey(_ color: RGBColor) -> Bool {
        let components = [color.red, color.green, color.blue].map(Int.init)
        return components.allSatisfy { one in components.allSatisfy { abs(one - $0) < 32 } }
    }

    /// The number of the colour of `palette` nearest `color`, by trying each.
    private func nearest(to color: RGBColor, in palette: [(Int, RGBColor)]) -> Int {
        var best = palette[0]
        for entry in palette where color.distance(to: entry.1) < color.distance(to: best.1) {
            best = entry
        }
        return best.0
    }
}

private func color(_ packed: Int) -> RGBColor {
    RGBColor(
        red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
        blue: UInt8(truncatingIfNeeded: packed))
}
