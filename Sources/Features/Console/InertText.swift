/// Text from outside the program, made safe to show on a terminal.
///
/// A terminal obeys some characters instead of showing them: ESC starts
/// sequences that move the cursor, clear the screen, set the window title or
/// write the clipboard; CR and BS overwrite what is already shown; a line
/// break can forge a line that looks like the program's own. Names read from
/// a database another program wrote, values in a configuration file and
/// arguments can hold any of them.
///
/// ``inert(_:)`` replaces each such character by a visible stand-in, so the
/// text reads as what it is and moves nothing. The console applies it to every
/// line it writes (see ``Console``), which makes it the one boundary all text
/// crosses on its way to a terminal.
public enum InertText {
    /// `text` with every character a terminal would obey shown instead.
    ///
    /// C0 controls (line breaks included) and DEL become their Unicode
    /// control pictures (`␛`, `␊`, `␀`, …); C1 controls, direction controls
    /// and the line and paragraph separators become `\u{…}`. All other text
    /// is unchanged.
    public static func inert(_ text: some StringProtocol) -> String {
        // Printable ASCII, what most text is, holds nothing to show
        // instead: one pass over its bytes tells, without reading scalars.
        let isPrintableASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if isPrintableASCII == true { return String(text) }
        guard text.unicodeScalars.contains(where: isObeyed) else { return String(text) }
        // Built as a `String`, whose appends grow it in place: a scalar
        // view's append of several scalars copies the whole text so far.
        var shown = ""
        for scalar in text.unicodeScalars {
            guard isObeyed(scalar) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            shown += standIn(for: scalar)
        }
        return shown
    }

    /// `text` for a one-line message: inert, cut to `limit` Unicode scalars
    /// (an ellipsis marks the cut), in single quotes.
    ///
    /// Messages quote what someone typed or a file held; this keeps a huge or
    /// binary value from flooding the line, and keeps the line one line.
    public static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        "'" + clipped(text, limit: limit) + "'"
    }

    /// `text` inert and cut to at most `limit` Unicode scalars, the ellipsis
    /// that marks a cut included, without quotes.
    ///
    /// The limit counts scalars, not characters: one character may carry any
    /// number of combining marks, so a limit on characters would let a single
    /// character of 30,000 marks through whole. Counting scalars bounds the
    /// bytes (at most four a scalar, eight once made inert). The cut falls
    /// between whole characters when at least one fits, and inside the first
    /// character only when that one alone is over the limit; either way it
    /// falls between scalars, so the result is always valid text.
    public static func clipped(_ text: some StringProtocol, limit: Int = 60) -> String {
        let scalars = text.unicodeScalars
        let limit = max(1, limit)
        guard
            let over = scalars.index(
                scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
            over != scalars.endIndex
        else { return inert(text) }
        // Room for `limit - 1` scalars and the ellipsis.
        let room = scalars.index(scalars.startIndex, offsetBy: limit - 1)
        var cut = text.startIndex
        while cut < room {
            let next = text.index(after: cut)
            guard next <= room else { break }
            cut = next
        }
        if cut == text.startIndex { cut = room }
        return inert(String(String.UnicodeScalarView(scalars[..<cut]))) + "…"
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    public static func isObeyed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        default: isDirectionControl(scalar) || isLineSeparator(scalar)
        }
    }

    /// The characters that reorder the text around them (bidi controls):
    /// `Bob‮txt.exe` shows as `Bobexe.txt`.
    public static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// U+2028 and U+2029, which some terminals and editors break lines at.
    public static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `U+202E`: how messages name a code point.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func standIn(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F:
            // U+2400 CONTROL PICTURE FOR NULL, and the 31 after it.
            String(Character(Unicode.Scalar(0x2400 + scalar.value) ?? "?"))
        case 0x7F: "\u{2421}"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
