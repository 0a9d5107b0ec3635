/// The colours each depth has, and the one nearest a theme's colour.
extension ColorDepth {
    /// The 16 ANSI colours as xterm draws them by default, by number: black,
    /// red, green, yellow, blue, magenta, cyan, white, then their bright forms.
    ///
    /// A terminal may be set to draw them otherwise; these are the colours
    /// most are near, and so what a theme's colour is compared with.
    package static let ansi16Colors: [Int: RGBColor] = Dictionary(
        uniqueKeysWithValues: [
            0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
            0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
        ].enumerated().map { ($0.offset, RGBColor(packed: $0.element)) })

    /// Colours 16–255 of xterm's 256, by number: the 6×6×6 cube, then 24 greys.
    ///
    /// Colours 0–15 are left out: they are the 16 ANSI colours, which each
    /// terminal and each person's settings draw differently, so a colour
    /// chosen among them could be any colour.
    package static let xterm256: [Int: RGBColor] = {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        var colors: [Int: RGBColor] = [:]
        for red in 0..<6 {
            for green in 0..<6 {
                for blue in 0..<6 {
                    colors[16 + 36 * red + 6 * green + blue] = RGBColor(
                        red: levels[red], green: levels[green], blue: levels[blue])
                }
            }
        }
        for grey in 0..<24 {
            let level = UInt8(8 + 10 * grey)
            colors[232 + grey] = RGBColor(red: level, green: level, blue: level)
        }
        return colors
    }()

    /// The number of the colour in `palette` nearest `color` by
    /// `distance(to:)`; the lower number when two are as near.
    package static func nearest(to color: RGBColor, among palette: [Int: RGBColor]) -> Int? {
        palette.min { first, second in
            let (near, other) = (color.distance(to: first.value), color.distance(to: second.value))
            return near != other ? near < other : first.key < second.key
        }?.key
    }
}

extension RGBColor {
    /// The colour whose components are the low three bytes of `packed`
    /// (`0xRRGGBB`).
    init(packed: Int) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed >> 16),
            green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed))
    }

    /// Whether the colour reads as a grey rather than a hue: its
    /// components within 32 of each other (`#8A8A8A`, `#7F7F80`, not
    /// `#5FAFFF`).
    package var isGrey: Bool {
        Int(max(red, green, blue)) - Int(min(red, green, blue)) < 32
    }

    /// How different `other` looks from this colour: the squared distance
    /// between them, each component weighted as the eye weighs it.
    ///
    /// The "redmean" weighting (Thiadmer Riemersma's, from compuphase.com):
    /// green counts most, and red and blue trade weight by how red the two
    /// colours are. Plain distance in RGB counts the three alike, though the
    /// eye tells greens apart far better than blues; this comes closer to a
    /// perceptual distance at the cost of a few multiplications, paid once
    /// per colour of a theme.
    package func distance(to other: RGBColor) -> Int {
        let redMean = (Int(red) + Int(other.red)) / 2
        let red = Int(red) - Int(other.red)
        let green = Int(green) - Int(other.green)
        let blue = Int(blue) - Int(other.blue)
        return (((512 + redMean) * red * red) >> 8) + 4 * green * green
            + (((767 - redMean) * blue * blue) >> 8)
    }
}
