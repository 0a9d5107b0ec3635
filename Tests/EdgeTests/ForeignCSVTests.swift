import Features
import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

/// The CSV other programs export, read into the card: every column of
/// Google Contacts' and Outlook's exports that has a field on the card.
@Suite struct ForeignCSVTests {
    /// Google Contacts' CSV: names from their parts, labelled emails and
    /// phones (several in one cell), the address in parts, organisation,
    /// title, nickname, birthday with or without a year, notes.
    @Test func googleContactsCSVMapsEveryColumnItHas() throws {
        let contacts = try PersonImport.contacts(
            in: try Self.fixture("google-contacts.csv"), name: "google.csv")
        #expect(
            contacts.map(\.draft.name) == [
                "Countess Ada King Lovelace", "Grace Hopper", "Acme Widgets",
            ])
        let ada = try #require(contacts.first).draft.details
        #expect(
            ada.emails == [
                LabelledValue(label: "home", value: "ada@example.org"),
                LabelledValue(label: "work", value: "ada.lovelace@engines.example"),
            ])
        #expect(
            ada.phones == [
                LabelledValue(label: "mobile", value: "+44 20 7946 0018"),
                LabelledValue(label: "mobile", value: "+44 20 7946 0019"),
                LabelledValue(label: "Dad's office", value: "(020) 7946-0000"),
            ])
        #expect(
            ada.address
                == PostalAddress(
                    street: "12 St James's Square", city: "London", region: "Greater London",
                    postcode: "SW1Y 4JH", country: "United Kingdom"))
        #expect(ada.organization == "Analytical Engines")
        #expect(ada.title == "Programmer")
        #expect(ada.nickname == "Ada")
        #expect(ada.birthday == Birthday(year: 1815, month: 12, day: 10))
        #expect(ada.notes == "Wrote the first program.\nLikes poetry.")
        #expect(contacts[1].draft.details.birthday == Birthday(year: nil, month: 12, day: 9))
        #expect(
            contacts[2].draft.details.emails == [
                LabelledValue(label: "other", value: "sales@acme.example")
            ])
        #expect(
            contacts[2].draft.details.phones == [
                LabelledValue(label: "work", value: "555 010 9999")
            ])
        #expect(contacts.allSatisfy { $0.id == nil && $0.cardID == nil })
    }

    /// Outlook's CSV: one column per kind of email and phone, the home
    /// address before the business one, a month/day/year birthday, and
    /// `0/0/00` for none.
    @Test func outlookCSVMapsEveryColumnItHas() throws {
        let contacts = try PersonImport.contacts(
            in: try Self.fixture("outlook-contacts.csv"), name: "outlook.csv")
        #expect(contacts.map(\.draft.name) == ["Dr. Alan Mathison Turing OBE", "Joan Clarke"])
        let alan = try #require(contacts.first).draft.details
        #expect(
            alan.emails.map(\.value) == [
                "alan@example.org", "turing@bletchley.example", "a.turing@manchester.example",
            ])
        #expect(
            alan.phones == [
                LabelledValue(label: "home", value: "0161 496 0000"),
                LabelledValue(label: "work", value: "+44 1908 640404"),
                LabelledValue(label: "mobile", value: "07700 900123"),
                LabelledValue(label: "other", value: "0161 496 0999"),
            ])
        #expect(
            alan.address
                == PostalAddress(
                    street: "Adlington Road", city: "Wilmslow", region: "Cheshire",
                    postcode: "SK9 1AA", country: "United Kingdom"))
        #expect(alan.organization == "Bletchley Park")
        #expect(alan.title == "Mathematician")
        #expect(alan.nickname == "Prof")
        #expect(alan.birthday == Birthday(year: 1912, month: 6, day: 23))
        #expect(alan.notes == "Enigma, morphogenesis")
        #expect(contacts[1].draft.details.birthday == nil)
        #expect(contacts[1].draft.email == "joan@example.org")
    }

    /// A person's own label holding a comma or a colon keeps its value
    /// whole: the form's list would read either as the end of something.
    @Test func aLabelWithACommaOrAColonKeepsItsValue() throws {
        let csv = """
            First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value
            Ada,Lovelace,"Dad, office",ada@example.org,ext: desk,+44 20 7946 0018

            """
        let contacts = try PersonImport.contacts(in: Data(csv.utf8), name: "google.csv")
        let card = try #require(contacts.first).draft.details
        #expect(card.emails == [LabelledValue(label: "Dad  office", value: "ada@example.org")])
        #expect(card.phones == [LabelledValue(label: "ext  desk", value: "+44 20 7946 0018")])
    }

    /// A vCard is recognised by its content, whatever the file's name,
    /// and read as one rather than as a CSV with odd columns.
    @Test func aVCardIsRecognisedByItsContent() throws {
        let contacts = try PersonImport.contacts(
            in: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8), name: "c.txt")
        #expect(contacts.map(\.draft.name) == ["Ada"])
        #expect(contacts.map(\.place) == ["c.txt:1"])
    }

    private static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures").appendingPathComponent(name))
    }
}
