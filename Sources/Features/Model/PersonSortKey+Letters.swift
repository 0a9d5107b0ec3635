extension PersonSortKey {
    /// The accents ``fold(_:)`` drops: the five Unicode blocks of combining
    /// diacritical marks, by code point.
    ///
    /// Every accent a Latin, Greek or Cyrillic letter decomposes into is in
    /// the first block. The marks other scripts write vowels and sounds with
    /// (Devanagari's, the Japanese voicing mark) are not accents, and are
    /// kept. Whole ranges, not a property of the platform's Unicode tables,
    /// so a server with older tables drops exactly the same marks.
    public static let foldedMarks: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// The lower-case letters that no decomposition turns into the letters
    /// people read in them, each with the letters ``fold(_:)`` spells it
    /// with.
    ///
    /// So Øystein sorts with the O's and Łukasz with the L's, and `lukasz`
    /// finds him, as a reader who does not type Polish would look for him.
    /// The final sigma "ς" is spelled "σ": Swift lower-cases a capital sigma
    /// to "σ" everywhere, PostgreSQL to "ς" at the end of a word, and a
    /// search for "σ" finds both. Listed once, here: the PostgreSQL store
    /// makes its SQL from this list.
    public static let foldedLetters: KeyValuePairs<Unicode.Scalar, String> = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ŧ": "t", "ı": "i", "ς": "σ",
        "þ": "th", "æ": "ae", "œ": "oe", "ß": "ss",
    ]

    /// ``foldedLetters``, to look up one scalar at a time.
    static let spelledLetters = Dictionary(
        foldedLetters.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
}
