import Features
import Testing

@Suite struct PersonValidationTests {
    @Test func aNameIsTrimmed() async throws {
        let draft = try PersonDraft(name: "  Ada Lovelace \n", address: " London ").validated()
        #expect(draft.name == "Ada Lovelace")
        #expect(draft.address == "London")
    }

    @Test func aNameIsRequired() async {
        #expect(throws: PersonValidationError(field: .name, problem: .missing)) {
            try PersonDraft(name: "   ").validated()
        }
    }

    @Test func aNameOfOneHundredCharactersIsAcceptedAndOneMoreIsNot() async throws {
        let longest = String(repeating: "a", count: 100)
        #expect(try PersonField.name.validate(longest) == longest)
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate(longest + "a")
        }
        #expect(
            error?.description
                == "name 'aaaaaaaaaaaaaaaaaaaa…' is 101 characters long; at most 100 are allowed")
    }

    @Test func anAddressMayBeEmptyButNotLongerThanTwoHundred() async throws {
        #expect(try PersonField.address.validate("") == "")
        #expect(throws: PersonValidationError.self) {
            try PersonField.address.validate(String(repeating: "b", count: 201))
        }
    }

    /// Every address RFC 5322 allows in an address book: a domain with
    /// no dot, a quoted local part, a tag, a Unicode domain, a domain
    /// literal.
    @Test(arguments: [
        "ada@example.org", "a.b+c@mail.example.co.uk", "root@localhost",
        "\"ada lovelace\"@example.org", "\"lovelace, ada\"@example.org", "ada@bücher.de",
        "ada@[192.0.2.1]",
    ])
    func wellFormedEmailsAreAccepted(_ email: String) async throws {
        #expect(try PersonField.email.validate(email) == email)
    }

    /// A mailbox as mail programs write it is kept as its bare address,
    /// label and all, the comma inside a quoted name its own.
    @Test func aMailboxIsStoredAsItsBareAddress() throws {
        #expect(try PersonField.email.validate("Ada <ada@example.com>") == "ada@example.com")
        #expect(
            try PersonField.email.validate(
                "work: \"Lovelace, Ada\" <ada@example.com>, home: Ada L <ada@home.org>")
                == "work: ada@example.com, home: ada@home.org")
        // A quote in a label is the label's; a colon in a quoted name, the name's.
        #expect(
            try PersonField.email.validate(
                "Zoë's \"1\": zoe@example.org, \"Dr: Zoe\" <z@x.org>, l\"\\2: a@b.org, l\"\\3: c@d.org"
            )
                == "Zoë's \"1\": zoe@example.org, z@x.org, l\"\\2: a@b.org, l\"\\3: c@d.org")
    }

    /// A person with no name is given the one their email was written
    /// with; one with a name keeps it.
    @Test func theDisplayNameFillsAnEmptyNameOnly() throws {
        let nameless = PersonDraft(email: "\"Lovelace, Ada\" <ada@example.com>")
        #expect(try nameless.validated().name == "Lovelace, Ada")
        #expect(try nameless.validated().email == "ada@example.com")
        let named = PersonDraft(name: "Ada Lovelace", email: "Ada L. <ada@example.com>")
        #expect(try named.validated().name == "Ada Lovelace")
        #expect(try named.validated().email == "ada@example.com")
    }

    @Test(arguments: [
        "ada", "ada@", "@example.org", "a@@example.org", "a da@example.org",
        "ada@example..org", "ada@.example", "Ada <ada@example.org", "Ada <a da@example.org>",
        "\"ada\"x@example.org", "Ada <ada>", "ada@exa mple.org", "<ada@example.org> Ada",
    ])
    func malformedEmailsAreRefusedNamingTheValue(_ email: String) {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.email.validate(email)
        }
        #expect(error?.description.contains("'\(email)'") == true)
    }

    @Test func controlCharactersAreRefusedBecauseTheyWouldGarbleTheTerminal() async {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate("Ada\u{1B}[2J")
        }
        #expect(error?.description == "name contains the control character U+001B")
    }

    @Test func changesKeepTheFieldsTheyDoNotName() async {
        let draft = PersonDraft(name: "Ada", address: "London", email: "ada@example.org")
        let changed = PersonChanges(email: "").applied(to: draft)
        #expect(changed == PersonDraft(name: "Ada", address: "London", email: ""))
    }

    @Test func oneCharacterCarryingThousandsOfMarksIsRefusedByItsSize() async {
        let heavy = "a" + String(repeating: "\u{301}", count: 30_000)
        #expect(heavy.count == 1)
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate(heavy)
        }
        #expect(error?.description.hasSuffix("takes 60001 bytes; at most 400 are allowed") == true)
    }

    @Test(arguments: ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}"])
    func directionControlsAreRefusedNamingTheCodePoint(_ control: String) async throws {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate("Bob\(control)txt.exe")
        }
        let code = try #require(control.unicodeScalars.first)
        #expect(error?.problem == .invisibleCharacter(code))
        #expect(error?.description.contains(InertText.codePoint(code)) == true)
    }

    @Test(arguments: [PersonField.name, .address])
    func lineAndParagraphSeparatorsAreRefused(_ field: PersonField) async {
        for separator in ["\u{2028}", "\u{2029}"] {
            #expect(throws: PersonValidationError.self) {
                try field.validate("one\(separator)two")
            }
        }
    }

    @Test(arguments: ["\u{FEFF}", "\u{3164}", "\u{2800}", "\u{200B}\u{3164}", "\u{115F}\u{1160}"])
    func aNameMadeOnlyOfInvisibleCharactersIsRefused(_ name: String) async {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate(name)
        }
        #expect(error?.description.hasPrefix("name has no visible character (only U+") == true)
    }

    @Test func invisibleCharactersBesideVisibleOnesAreKept() async throws {
        // A zero-width joiner inside an emoji family is ordinary text.
        let family = "Ana 👩‍👩‍👧"
        #expect(try PersonField.name.validate(family) == family)
    }

    @Test func trimmingRemovesUnicodeSpaceAtBothEndsOnly() async throws {
        #expect(
            try PersonField.name.validate("\u{3000}\u{A0}Zoë Ødegaard\u{2003}\n") == "Zoë Ødegaard")
        #expect(try PersonField.address.validate(" \t ") == "")
    }
}
