import Features

extension Fixtures {
    /// A card with every field filled, each value hostile but valid: what a
    /// store must give back byte for byte, through every kind of write.
    ///
    /// Combining marks spelled apart (so no editor composes them), emoji
    /// with skin tones and joiners, both kinds of quote, SQL and JSON text,
    /// a backslash, lines in the notes, and as many emails as a card may
    /// hold (``Features/PersonField/mostValues``), each labelled: the text a
    /// store that splices, escapes or cuts would get wrong.
    public static let everyFieldCard = PersonDraft(
        texts: [
            .name: "Zoe\u{308} \"Ziggy\" O'Brien 👩🏽‍💻",
            .email: (1...PersonField.mostValues).map {
                "Zoe\u{308}'s \"\($0)\": zoe.\($0)@example.org"
            }
            .joined(separator: ", "),
            .phone: "mobile: +44 20 7946 0018, work desk: (555) 010-0199 ext. 7",
            .organization: "Robert'); DROP TABLE person;--",
            .title: "Chief \"Bug\" Officer 🐛",
            .nickname: "Zoe\u{308}",
            .address: "12 St James's Square",
            .city: "Łódź",
            .region: "Île-de-France",
            .postcode: "SW1Y 4LE",
            .country: "Côte d’Ivoire 🇨🇮",
            .birthday: "1815-12-10",
            .notes:
                "Met at \"the Analytical\" club.\n{\"json\": [1, 2]} and '; DELETE FROM person;\n"
                + "A back\\slash, e\u{301}t\u{E9} — two lines left.\n\nThe end.",
        ], uid: "urn:uuid:0e7602cc-443e-4b82-b4b1-90f62f99a199;x=\"O'Brien\\\"--")
}
