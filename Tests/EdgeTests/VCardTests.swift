import Features
import Foundation
import Testing

@testable import PersonFiles

/// vCard in and out: the files address books write are read as they mean,
/// every bad file is refused naming its line, and what `export --format
/// vcard` writes is strict RFC 6350 that reads back exactly.
@Suite struct VCardTests {
    private func read(_ data: Data, name: String = "contacts.vcf") throws -> VCardFile {
        try VCardReader.read(data, name: name)
    }

    private func message(_ lines: [String], name: String = "contacts.vcf") -> String? {
        message(VCardFixtures.file(lines), name: name)
    }

    private func message(_ data: Data, name: String = "contacts.vcf") -> String? {
        do {
            _ = try VCardReader.read(data, name: name)
            return nil
        } catch {
            return error.message
        }
    }

    private func labelled(_ pairs: [(String, String)]) -> [LabelledValue] {
        pairs.map { LabelledValue(label: $0.0, value: $0.1) }
    }

    @Test func appleContactsLabelsPreferencesAndPhotosAreReadAsContactsShowsThem() throws {
        let file = try read(VCardFixtures.apple)
        #expect(
            file.cards.map(\.draft.name) == [
                "Countess Ada Lovelace", "Charles Babbage",
                "Rear Admiral Grace Brewster Murray Hopper",
            ])
        #expect(file.cards.map(\.line) == [1, 27, 33])
        let ada = try #require(file.cards.first).draft.details
        #expect(
            ada.emails
                == labelled([
                    ("work", "ada@engines.example"), ("home", "ada@home.example"),
                    ("other", "ada@club.example"),
                ]))
        #expect(
            ada.phones
                == labelled([
                    ("mobile", "+44 7700 900123"), ("Dad's office", "+44 20 7946 0000"),
                    ("home fax", "+44 20 7946 0001"),
                ]))
        #expect(
            ada.address
                == PostalAddress(
                    street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH",
                    country: "United Kingdom"))
        #expect(ada.organization == "Analytical Engines Ltd, Research, Notes")
        #expect(ada.title == "Mathematician")
        #expect(ada.nickname == "Ada")
        #expect(ada.birthday == Birthday(year: nil, month: 12, day: 10))
        #expect(ada.notes == "Wrote the first program, for the Engine.\nSee her notes.")
        #expect(ada.uid == "5F7E4C1A-2B3D-4E5F-8A9B-0C1D2E3F4A5B")
        #expect(file.photosSkipped == 3)
        #expect(file.skipped == ["X-SOCIALPROFILE": 1, "X-ABADR": 1])
    }

    @Test func googleTypeListsPreferredEmailAndFirstAddressAreKept() throws {
        let file = try read(VCardFixtures.google)
        let alan = try #require(file.cards.first).draft
        #expect(alan.name == "Alan Turing")
        #expect(
            alan.details.emails
                == labelled([("home", "alan@home.example"), ("work", "alan@bletchley.example")]))
        #expect(
            alan.details.phones
                == labelled([("mobile", "+44 7700 900456"), ("work", "01908 640404")]))
        #expect(
            alan.details.address
                == PostalAddress(
                    street: "PO Box 42, Hut 8, Bletchley Park", city: "Milton Keynes",
                    region: "Bucks", postcode: "MK3 6EB", country: "UK"))
        #expect(alan.details.birthday == Birthday(year: 1912, month: 6, day: 23))
        #expect(file.skipped == ["ADR": 1, "CATEGORIES": 1])
    }

    /// A quoted-printable value whose last line ends in a soft break, as
    /// some writers leave it, still ends at `END:VCARD`, in any case: the
    /// card ends there and the next one is read.
    @Test func aSoftBreakJustBeforeTheCardsEndEndsTheValue() throws {
        let file = VCardFixtures.file([
            "BEGIN:VCARD", "VERSION:2.1", "FN:Ada", "NOTE;ENCODING=QUOTED-PRINTABLE:First=0A=",
            "end:vcard ", "BEGIN:VCARD", "VERSION:2.1", "FN:Alan", "END:VCARD",
        ])
        let cards = try read(file).cards
        #expect(cards.map(\.draft.name) == ["Ada", "Alan"])
        #expect(cards.first?.draft.details.notes == "First")
    }

    @Test func outlookQuotedPrintableInWindows1252IsDecoded() throws {
        let rene = try #require(try read(VCardFixtures.outlook).cards.first).draft
        #expect(rene.name == "René Müller")
        #expect(rene.details.organization == "Café GmbH")
        #expect(
            rene.details.phones
                == labelled([("mobile", "+49 170 1234567"), ("work", "+49 30 1234567")]))
        #expect(rene.details.emails == labelled([("", "rene@cafe.example")]))
        #expect(
            rene.details.address
                == PostalAddress(
                    street: "Hauptstraße 1", city: "Berlin", postcode: "10115",
                    country: "Deutschland"))
        #expect(rene.details.notes == "Costs 5 € a “cup”.\nSecond line.")
    }

    @Test func version4RanksUriPhonesAndStreetListsAreRead() throws {
        let grace = try #require(try read(VCardFixtures.version4).cards.first).draft.details
        #expect(
            grace.emails
                == labelled([("home", "grace@home.example"), ("work", "grace@navy.example")]))
        #expect(
            grace.phones
                == labelled([
                    ("mobile", "+1-555-555-0100"), ("work", "+1-555-555-0199 ext. 102"),
                ]))
        #expect(grace.address.street == "1 Main St, Flat 2")
        #expect(grace.birthday == Birthday(year: nil, month: 12, day: 9))
        #expect(grace.uid == "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    }

    @Test func foldedLinesJoinWhateverTheLineEndAndInsideACharacter() throws {
        // "Zoë" folded between the two bytes of "ë", after LF, CR LF and a tab.
        let bytes: [UInt8] =
            Array("BEGIN:VCARD\nVERSION:3.0\nFN:Zo".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xAB]
            + Array(" \r\n\tAllen\rNOTE:a\\nb\\, c\\; d\\\\ e\r\nEND:VCARD".utf8)
        let card = try #require(try read(Data(bytes)).cards.first).draft
        #expect(card.name == "Zoë Allen")
        #expect(card.details.notes == "a\nb, c; d\\ e")
    }

    @Test func aRawLatin1ValueNamingItsCharsetIsRead() throws {
        let bytes: [UInt8] =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;CHARSET=ISO-8859-1:Ren".utf8) + [0xE9]
            + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(try read(Data(bytes)).cards.first?.draft.name == "René")
        let unknown = ["BEGIN:VCARD", "VERSION:3.0", "FN;CHARSET=KOI8-R:Ada", "END:VCARD"]
        #expect(
            message(unknown) == "contacts.vcf:3: the character set 'KOI8-R' is not one people reads"
        )
        let noCharset: [UInt8] =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\n\r\nFN:Ren".utf8) + [0xE9]
            + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(
            message(Data(noCharset))
                == "contacts.vcf:4: is not UTF-8 text; name its CHARSET or save it as UTF-8")
    }

    @Test func everyBadFileIsRefusedNamingItsLine() {
        #expect(message(Data()) == "contacts.vcf:1: holds no card; expected BEGIN:VCARD")
        #expect(
            message(["", "name,email", "Ada,ada@example.org"])
                == "contacts.vcf:2: expected BEGIN:VCARD, found 'name,email'")
        #expect(
            message(["BEGIN:VCARD", "VERSION:3.0", "FN:Ada", "END:VCARD", "BEGIN:VCARD", "FN:Bo"])
                == "contacts.vcf:5: the card is never ended with END:VCARD")
        #expect(
            message(["BEGIN:VCARD", "FN:Ada", "BEGIN:VCARD", "END:VCARD"])
                == "contacts.vcf:3: a card begins before the card on line 1 ends")
        #expect(
            message(["BEGIN:VCARD", "FN:Ada", "END:VCARD", "BEGIN:VCARD", "NOTE:x", "END:VCARD"])
                == "contacts.vcf:4: the card has no name (FN or N)")
        #expect(
            message(["BEGIN:VCARD", "FN:Ada", "just words", "END:VCARD"])
                == "contacts.vcf:3: expected a property like NAME:value, found 'just words'")
        #expect(
            message(["BEGIN:VCARD", "FN:Ada", "X-PEOPLE-ID:seven", "END:VCARD"])
                == "contacts.vcf:1: X-PEOPLE-ID 'seven' is not a whole number")
        #expect(
            message(["BEGIN:VCARD", "FN:Ada", "TEL:555,1234", "END:VCARD"])
                == "contacts.vcf:1: the value '555,1234' holds a comma")
        #expect(
            message(Data([0xFF, 0xFE, 0x42, 0])) == "contacts.vcf: is UTF-16 text; save it as UTF-8"
        )
    }

    @Test func aBadValueRefusesTheWholeFileNamingTheCardAndTheValue() {
        let lines = [
            "BEGIN:VCARD", "FN:Ada", "EMAIL:ada@example.org", "END:VCARD",
            "BEGIN:VCARD", "FN:Bob", "EMAIL;TYPE=work:bob at example", "END:VCARD",
        ]
        #expect(
            message(lines)
                == "contacts.vcf:5: email 'bob at example' is not a valid address (expected name@example.org)"
        )
        let birthday = ["BEGIN:VCARD", "FN:Ada", "BDAY:1815-02-30", "END:VCARD"]
        #expect(message(birthday)?.hasPrefix("contacts.vcf:1: birthday '1815-02-30'") == true)
    }

    @Test func controlCharactersInACardNeverReachTheMessageLive() throws {
        let escape = ["BEGIN:VCARD", "FN;ENCODING=QUOTED-PRINTABLE:Ada=1B]0;pwned=07", "END:VCARD"]
        let text = try #require(message(escape))
        #expect(text.hasPrefix("contacts.vcf:1: name contains the control character"))
        #expect(!text.unicodeScalars.contains(where: InertText.isObeyed))
        let line = try #require(message(["BEGIN:VCARD", "\u{1B}[2J", "END:VCARD"]))
        #expect(!line.unicodeScalars.contains(where: InertText.isObeyed))
    }

    @Test func aFiveMegabyteFoldedLineAndTenThousandCardsReadInLinearTime() throws {
        var big = Array("BEGIN:VCARD\r\nFN:Ada\r\nNOTE:".utf8)
        for _ in 0..<(5_000_000 / 74) {
            big += Array(String(repeating: "x", count: 73).utf8) + [0x0D, 0x0A, 0x20]
        }
        big += Array("y\r\nEND:VCARD\r\n".utf8)
        let started = ContinuousClock.now
        let problem = try #require(message(Data(big)))
        #expect(problem.hasPrefix("contacts.vcf:1: notes 'xxxxxxxxxxxxxxxxxxxx…' takes"))
        var many = Data()
        for index in 0..<10_000 {
            many += VCardFixtures.file([
                "BEGIN:VCARD", "VERSION:3.0", "FN:Person \(index)",
                "EMAIL;TYPE=work:p\(index)@example.org", "END:VCARD",
            ])
        }
        #expect(try read(many).cards.count == 10_000)
        // Linear work takes well under a second here; the square of 70,000
        // folds would take minutes.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func importReadsAVCardFileByItsNameOrItsContent() throws {
        let byName = try PersonImport.drafts(in: VCardFixtures.google, name: "team.vcf")
        #expect(byName.map(\.name) == ["Alan Turing"])
        let byContent = try PersonImport.drafts(in: VCardFixtures.outlook, name: "team.txt")
        #expect(byContent.map(\.name) == ["René Müller"])
    }
}
