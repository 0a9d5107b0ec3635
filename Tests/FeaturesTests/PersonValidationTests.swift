import Features
import Testing

@Suite struct PersonValidationTests {
    @Test func aNameIsTrimmed() throws {
        let draft = try PersonDraft(name: "  Ada Lovelace \n", address: " London ").validated()
        #expect(draft.name == "Ada Lovelace")
        #expect(draft.address == "London")
    }

    @Test func aNameIsRequired() {
        #expect(throws: PersonValidationError(field: .name, problem: .missing)) {
            try PersonDraft(name: "   ").validated()
        }
    }

    @Test func aNameOfOneHundredCharactersIsAcceptedAndOneMoreIsNot() throws {
        let longest = String(repeating: "a", count: 100)
        #expect(try PersonField.name.validate(longest) == longest)
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate(longest + "a")
        }
        #expect(
            error?.description
                == "name 'aaaaaaaaaaaaaaaaaaaa…' is 101 characters long; at most 100 are allowed")
    }

    @Test func anAddressMayBeEmptyButNotLongerThanTwoHundred() throws {
        #expect(try PersonField.address.validate("") == "")
        #expect(throws: PersonValidationError.self) {
            try PersonField.address.validate(String(repeating: "b", count: 201))
        }
    }

    @Test(arguments: ["ada@example.org", "a.b+c@mail.example.co.uk"])
    func wellFormedEmailsAreAccepted(_ email: String) throws {
        #expect(try PersonField.email.validate(email) == email)
    }

    @Test(arguments: [
        "ada", "ada@", "@example.org", "ada@example", "a@@example.org", "a da@example.org",
        "ada@example..org",
    ])
    func malformedEmailsAreRefusedNamingTheValue(_ email: String) {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.email.validate(email)
        }
        #expect(error?.description.contains("'\(email)'") == true)
    }

    @Test func controlCharactersAreRefusedBecauseTheyWouldGarbleTheTerminal() {
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.name.validate("Ada\u{1B}[2J")
        }
        #expect(error?.description == "name contains the control character U+001B")
    }

    @Test func changesKeepTheFieldsTheyDoNotName() {
        let draft = PersonDraft(name: "Ada", address: "London", email: "ada@example.org")
        let changed = PersonChanges(email: "").applied(to: draft)
        #expect(changed == PersonDraft(name: "Ada", address: "London", email: ""))
    }
}
