import Foundation
import Testing

@testable import Features

/// The card's fields, checked as a person types them and kept as a store
/// keeps them: lists of labelled values, phone numbers, birthdays with or
/// without a year, notes with lines, characters that read as others.
@Suite struct ContactCardTests {
    /// A card with every field, in the values people give.
    static let fullDraft = PersonDraft(
        texts: [
            .name: "Ada Lovelace", .email: "work: ada@example.org, ada@home.example",
            .phone: "mobile: +44 20 7946 0018, Dad's office: (555) 010-9999 x12",
            .organization: "Analytical Engines", .title: "Countess", .nickname: "Ada",
            .address: "12 St James's Square", .city: "London", .region: "Greater London",
            .postcode: "SW1Y 4JH", .country: "United Kingdom", .birthday: "1815-12-10",
            .notes: "Wrote the first program.\r\nLiked \"poetical science\".",
        ],
        uid: "urn:uuid:9f1c2e4a-0b7d-4c51-8e26-3d1f5a7b9c80")

    @Test func eachFieldsPlaceInADraftIsItsPlaceInTheForm() {
        #expect(PersonField.allCases.enumerated().allSatisfy { $0.offset == $0.element.position })
    }

    @Test func aListFieldReadsEachValueWithItsLabelInOrder() throws {
        let card = try Self.fullDraft.validated().details
        #expect(
            card.emails == [
                LabelledValue(label: "work", value: "ada@example.org"),
                LabelledValue(value: "ada@home.example"),
            ])
        #expect(card.phones.map(\.label) == ["mobile", "Dad's office"])
        #expect(card.phones.map(\.value) == ["+44 20 7946 0018", "(555) 010-9999 x12"])
    }

    @Test func aListIsWrittenBackInOneSpellingAndEmptyValuesAreSkipped() throws {
        let typed = " work :ada@example.org,, ,home:  ada@home.example , "
        #expect(
            try PersonField.email.validate(typed) == "work: ada@example.org, home: ada@home.example"
        )
    }

    @Test func everyValueOfAListIsCheckedAndTheBadOneNamed() {
        #expect(throws: PersonValidationError.self) {
            try PersonField.email.values(in: "ada@example.org, not-an-address")
        }
        do {
            _ = try PersonField.email.values(in: "ada@example.org, home: not-an-address")
            Issue.record("a malformed second email was accepted")
        } catch {
            #expect(error.description.contains("'not-an-address'"))
        }
    }

    @Test func aListHoldsAtMostTwentyValues() {
        let many = (1...21).map { "p\($0)@example.org" }.joined(separator: ", ")
        do {
            _ = try PersonField.email.values(in: many)
            Issue.record("21 emails were accepted")
        } catch {
            #expect(error.description == "email has 21 values; at most 20 are allowed")
        }
    }

    @Test(arguments: ["+44 20 7946 0018", "(555) 010-9999 x12", "555.010.9999 ext. 7", "*31#123"])
    func phoneNumbersAsPeopleWriteThemAreKept(_ phone: String) throws {
        #expect(try PersonField.phone.values(in: phone).map(\.value) == [phone])
    }

    @Test(arguments: ["1-800-FLOWERS", "12", "call me", "+44 20 7946 0018; 555"])
    func whatIsNotAPhoneNumberIsRefusedNamingIt(_ phone: String) {
        do {
            _ = try PersonField.phone.values(in: phone)
            Issue.record("\(phone) was taken for a phone number")
        } catch {
            #expect(error.description.hasPrefix("phone '"))
        }
    }

    @Test(arguments: [
        ("1815-12-10", "1815-12-10"), ("18151210", "1815-12-10"), ("--12-10", "--12-10"),
        ("--1210", "--12-10"), ("12-10", "--12-10"), ("--02-29", "--02-29"),
        ("2024-02-29", "2024-02-29"),
    ])
    func aBirthdayIsReadWithOrWithoutItsYear(_ typed: String, _ kept: String) throws {
        #expect(try PersonField.birthday.validate(typed) == kept)
    }

    @Test(arguments: ["2023-02-29", "1815-13-01", "--04-31", "0000-01-01", "10 Dec", "1815-1-1"])
    func aDayThatDoesNotExistIsNoBirthday(_ typed: String) {
        do {
            _ = try PersonField.birthday.validate(typed)
            Issue.record("\(typed) was taken for a birthday")
        } catch {
            #expect(error.description.hasPrefix("birthday '"))
        }
    }

    @Test func notesKeepTheirLinesWhateverTheLineEnds() throws {
        #expect(
            try PersonField.notes.validate("one\r\ntwo\rthree\nfour") == "one\ntwo\nthree\nfour")
        #expect(throws: PersonValidationError.self) {
            try PersonField.notes.validate("a\u{1B}[2Jb")
        }
        #expect(throws: PersonValidationError.self) { try PersonField.title.validate("one\ntwo") }
    }

    @Test(arguments: [
        "Ada\u{200B}Allen", "Ada\u{00A0}Allen", "Ada\u{2060}Allen", "Ada\u{3000}Allen",
    ])
    func aNameThatReadsLikeAnotherIsRefusedNamingTheHiddenCharacter(_ name: String) {
        do {
            _ = try PersonField.name.validate(name)
            Issue.record("a name with a hidden character was accepted")
        } catch {
            let code = name.unicodeScalars.first { $0.value > 0x7F }.map(InertText.codePoint) ?? ""
            #expect(error.description.contains("invisible character \(code)"))
        }
    }

    @Test(arguments: ["👩‍👩‍👧", "Mehdi\u{200C}Rezaei", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scot"])
    func joinersAndFlagsThatWritingNeedsAreKept(_ name: String) throws {
        #expect(try PersonField.name.validate(name) == name)
    }

    @Test func aDraftOfAPersonGivesBackTheSameCard() throws {
        let checked = try Self.fullDraft.validated()
        let person = Person(id: 7, name: checked.name, details: checked.details, added: .now)
        #expect(try PersonDraft(person).validated() == checked)
        #expect(checked.details.notes == "Wrote the first program.\nLiked \"poetical science\".")
        #expect(checked.details.birthday == Birthday(year: 1815, month: 12, day: 10))
    }

    @Test func theStoredCardReadsBackEveryValue() throws {
        var details = try Self.fullDraft.validated().details
        details.notes = "quote \" backslash \\ line\nemoji 👩‍👩‍👧 e\u{301} \u{1F}"
        let json = StoredCard.json(of: details)
        let read = StoredCard.details(
            json: json, street: details.address.street, email: details.emails.first?.value,
            uid: details.uid)
        #expect(read.hasSameBytes(as: details))
        #expect(StoredCard.problem(in: json) == nil)
        #expect(!json.contains("ada@example.org"))  // the email column keeps it
    }

    @Test(arguments: [
        nil, "{}", "null", "[1,2]", "{\"phones\":7}", "not json", "{\"city\":[\"x\"]}",
    ])
    func aCardAnotherProgramWroteReadsWithoutCrashing(_ json: String?) {
        let read = StoredCard.details(json: json, street: "Here", email: "a@b.org", uid: nil)
        #expect(read.address.street == "Here")
        #expect(read.emails == [LabelledValue(value: "a@b.org")])
        #expect(read.phones.isEmpty && read.address.city.isEmpty)
        // Only no card and an empty one read whole.
        #expect((StoredCard.problem(in: json) == nil) == (json == nil || json == "{}"))
    }

    /// Each way another program can store what this one cannot read whole
    /// is named, by its key, in one line: a save would drop it.
    @Test(arguments: [
        ("{\"phones\":\"+44 20\"}", "'phones' is not a list of labelled values"),
        ("{\"moreEmails\":[{\"value\":7}]}", "'moreEmails' is not a list of labelled values"),
        ("{\"phones\":[{\"value\":\"1\",\"type\":\"cell\"}]}", "'phones' is not a list"),
        ("{\"city\":7}", "'city' is not text"),
        ("{\"birthday\":\"yesterday\"}", "'birthday' is not a birthday"),
        ("{\"x-sync\":\"42\"}", "holds 'x-sync', which this program does not read"),
        ("{\"city\":\"Leeds\",\"\\u001b[31m\":1}", "holds '␛[31m'"),
    ])
    func aCardReadOnlyInPartIsNamedByItsKey(_ json: String, _ said: String) throws {
        let problem = try #require(StoredCard.problem(in: json))
        #expect(problem.contains(said), "\(problem)")
        #expect(!problem.contains("\n") && !problem.unicodeScalars.contains("\u{1B}"))
    }

    @Test func aCardWithNullsOrAnEmptyBirthdayReadsWhole() {
        #expect(StoredCard.problem(in: "{\"city\":null,\"birthday\":\"\",\"notes\":\"x\"}") == nil)
    }

    /// A value another program stored with a colon in it and no label
    /// keeps its colon through a form's text: read back, `tel:+1 555 0100`
    /// is refused by name, whole (it is no phone number), where it was read
    /// as the label `tel` and the number after it, and saved so, unsaid.
    @Test func aStoredValueHoldingAColonComesBackWholeThroughAForm() throws {
        let person = Person(
            id: 1, name: "Ada",
            details: ContactDetails(phones: [LabelledValue(value: "tel:+1 555 0100")]),
            added: .now)
        let draft = PersonDraft(person)
        #expect(draft[.phone] == ": tel:+1 555 0100")
        let error = #expect(throws: PersonValidationError.self) {
            try PersonField.phone.values(in: draft[.phone])
        }
        #expect(
            error.map { "\($0)".contains("'tel:+1 555 0100'") } == true,
            "\(String(describing: error))")
        #expect(
            try PersonField.phone.values(in: LabelledValue(label: "work", value: "+1 555").formText)
                == [LabelledValue(label: "work", value: "+1 555")])
    }

    @Test func anotherSpellingOfAnAccentIsAChangeToTheCard() {
        let composed = ContactDetails(organization: "Caf\u{E9}")
        let decomposed = ContactDetails(organization: "Cafe\u{301}")
        #expect(composed == decomposed)  // Swift's `==` reads them as one
        #expect(!composed.hasSameBytes(as: decomposed))
    }

    @Test func aCardMadeHereHasAnIdMadeOfItsIdAndDate() {
        let added = Date(timeIntervalSince1970: 1_277_110_800.5)
        let made = Person(id: 42, name: "Ada", details: ContactDetails(), added: added)
        let brought = Person(id: 43, name: "Ada", details: ContactDetails(uid: "x-1"), added: added)
        #expect(made.cardID == "people:42:1277110800.5")
        #expect(brought.cardID == "x-1")
    }
}
