import Features
import Testing

/// How names are folded for sorting and search: the way people read them,
/// with case and accents set aside, and every other script left readable.
@Suite struct PersonSortKeyTests {
    @Test(arguments: [
        ("Zoë", "zoe"), ("ZOË", "zoe"), ("Zoe\u{308}", "zoe"), ("Ñuño", "nuno"),
        ("Øystein", "oystein"), ("Łukasz", "lukasz"), ("Straße", "strasse"), ("ẞ", "ss"),
        ("Þór", "thor"), ("Ægir", "aegir"), ("Œuvre", "oeuvre"), ("Đorđe", "dorde"),
        ("Ðórr", "dorr"), ("Ħal", "hal"), ("Ŧ", "t"), ("ı", "i"), ("İstanbul", "istanbul"),
        ("Nguyễn Thị", "nguyen thi"), ("ǅemal", "dzemal"), ("ﬁle", "file"), ("％", "%"),
        ("ΣΑΣ", "σασ"), ("Οδυσσεύς", "οδυσσευσ"), ("Ёлка", "елка"),
    ])
    func aNameFoldsAsPeopleReadIt(_ name: String, _ folded: String) {
        #expect(PersonSortKey.fold(name) == folded)
    }

    /// Marks that are not accents — a Devanagari vowel, the Japanese voicing
    /// mark — are part of the letter, and a Korean syllable stays whole.
    @Test(arguments: ["राम", "がぎ", "가각", "李小龙", "👩🏽‍💻"])
    func otherScriptsKeepTheirLetters(_ name: String) {
        #expect(Array(PersonSortKey.fold(name).unicodeScalars) == Array(name.unicodeScalars))
    }

    /// Ñuño sorts with the N's, Øystein with the O's and Łukasz with the
    /// L's, not after Zoë.
    @Test func namesSortWithTheLettersPeopleReadInThem() {
        let names = ["Zoë", "Ñuño", "Øystein", "Łukasz", "Nadia", "Oscar", "Luke", "Émile"]
        let sorted = names.enumerated()
            .sorted {
                PersonSortKey(name: $0.element, id: $0.offset)
                    < PersonSortKey(name: $1.element, id: $1.offset)
            }
            .map(\.element)
        #expect(sorted == ["Émile", "Łukasz", "Luke", "Nadia", "Ñuño", "Oscar", "Øystein", "Zoë"])
    }

    /// A folded name folds to itself, so a stored key searched with its own
    /// text finds itself: every character of the Latin, Greek and Cyrillic
    /// blocks, alone and after a capital.
    @Test func foldingAFoldedNameChangesNothing() {
        for value in UInt32(0x20)...0x052F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "A" + String(scalar) + "b"] {
                let folded = PersonSortKey.fold(text)
                #expect(PersonSortKey.fold(folded) == folded, "U+\(String(value, radix: 16))")
            }
        }
    }

    /// Every letter the fold spells differently is one a lower-cased,
    /// decomposed name can hold, and is spelled with letters that fold to
    /// themselves.
    @Test func everySpelledLetterIsLowerCaseAndSpelledWithFoldedLetters() {
        for (letter, spelled) in PersonSortKey.foldedLetters {
            #expect(String(letter).lowercased() == String(letter), "\(letter)")
            #expect(PersonSortKey.fold(spelled) == spelled, "\(letter)")
            #expect(PersonSortKey.fold(String(letter)) == spelled, "\(letter)")
        }
    }
}
