import Features
import Foundation
import PeopleTestSupport
import PersonFiles
import SQLiteStore
import Testing

/// `people import`: an export restored exactly, Google's and Outlook's CSV
/// mapped to the card, duplicates skipped by the documented rule, a dry run
/// that writes nothing, and a bad record that stores nothing.
@MainActor
@Suite struct ContactImportTests {
    let console = RecordingConsole(outputIsTerminal: false)

    /// Imports `file` (its text) into `store` as `people import name` does.
    private func importing(
        _ file: String, named name: String, into store: any PersonStore, dryRun: Bool = false,
        progress: any ProgressLine = NoProgressLine()
    ) async -> ExitCode {
        await ContactImport(
            source: name, dryRun: dryRun,
            readContacts: PersonImport.contactReader(reading: Fixtures.files([name: file])),
            storeProvider: { store }, clock: Fixtures.clock, progress: progress, console: console
        ).run()
    }

    /// `store` exported as `people export --format format` writes it to a file.
    private func exported(_ store: any PersonStore, as format: ExportFormat) async -> String {
        let file = RecordingConsole(outputIsTerminal: false)
        let status = await PersonCommands(
            command: .export(format: format, search: ""), storeProvider: { store },
            pageSize: 10, clock: Fixtures.clock, writer: PersonFileWriter(), help: "",
            console: file
        ).run()
        #expect(status == .success, "\(file.errors)")
        return file.output
    }

    /// Values that need quoting, escaping or care in every format, in every
    /// field, each one a value a person could type: commas, quotes, line
    /// breaks in notes, labels of a person's own, a birthday without a
    /// year, a card id of another program, and dates with fractions of a
    /// second, before 1970 and before the Gregorian calendar.
    static let hostileDrafts: [(Int, Double, PersonDraft)] = [
        (
            2, 1_767_225_600.5,
            PersonDraft(
                texts: [
                    .name: "Hopper, Grace \"Amazing\"",
                    .email: "work: grace@navy.example, g@h.example",
                    .phone: "mobile: +1 (555) 010-9999 x12, Büro: 030 1234",
                    .organization: "=SUM(A1)",
                    .title: "Rear Admiral, retd.", .nickname: "\"Amazing\"",
                    .address: "a,b,,c", .city: "Arlington, VA", .region: "Virginia",
                    .postcode: "22201", .country: "Côte d’Ivoire", .birthday: "1906-12-09",
                    .notes: "Line one,\n\"two\"\n\n  three  ",
                ], uid: "urn:uuid:\"x\",y=1")
        ),
        (
            7, -1_000_000_000.75,
            PersonDraft(
                texts: [
                    .name: "Zoë Ødegaard 李 👩‍👩‍👧", .email: "zoë@例え.jp",
                    .phone: "*310#", .nickname: "Ø", .birthday: "--02-29",
                    .notes: "@home; =1+2 \\ back",
                ])
        ),
        (
            1_000, -14_831_769_600.125,
            PersonDraft(texts: [.name: "\"", .address: "'quoted' \\ back"])
        ),
        (3, 1_767_225_600.0009765625, PersonDraft(texts: [.name: "-minus first"])),
    ]

    /// ``hostileDrafts`` as stored persons.
    static let hostile: [Person] = hostileDrafts.compactMap { id, seconds, draft in
        guard let checked = try? draft.validated() else { return nil }
        return Person(
            id: id, name: checked.name, details: checked.details,
            added: Date(timeIntervalSince1970: seconds))
    }

    @Test func theHostileFixtureIsAllValid() {
        for (_, _, draft) in Self.hostileDrafts {
            #expect(throws: Never.self) { try draft.validated() }
        }
    }

    /// Exported, then imported into an empty book, the book is the one
    /// exported: every field, the card id, the id and the date.
    @Test(arguments: StoreMaker.all, ExportFormat.allCases)
    func anExportImportedIntoAnEmptyBookRestoresItExactly(
        _ maker: StoreMaker, _ format: ExportFormat
    ) async throws {
        let book = try maker.make(persons: Self.hostile)
        let file = await exported(book, as: format)
        let empty = try maker.make(persons: [])
        #expect(await importing(file, named: "book.\(format.rawValue)", into: empty) == .success)
        #expect(
            console.output == "4 added, 0 skipped as already in the book (same card id or email)\n")
        let after = try await empty.page(matching: "", from: .first, limit: 10)
        let byID = { (one: Person, other: Person) in one.id < other.id }
        #expect(after.map(\.id).sorted() == Self.hostile.map(\.id).sorted())
        for (restored, original) in zip(after.sorted(by: byID), Self.hostile.sorted(by: byID)) {
            // What every store has kept since the first release.
            #expect(restored.name == original.name)
            #expect(restored.added == original.added)
            #expect(restored.email == original.email)
            #expect(restored.address == original.address)
            // And the rest of the card, in every store.
            #expect(restored.cardID == original.cardID)
            #expect(restored.hasSameValues(as: original), "\(restored) \(original)")
        }
    }

    /// A book's own card id, an email in another case, and a card met
    /// twice in the file are each skipped, and the report says how many.
    @Test func aContactTheBookHoldsIsSkippedByCardIDOrElseEmail() async throws {
        let ada = Person(
            id: 1, name: "Ada",
            details: ContactDetails(emails: [LabelledValue(value: "ada@example.org")]),
            added: Fixtures.now)
        let alan = Person(
            id: 2, name: "Alan",
            details: ContactDetails(
                emails: [LabelledValue(value: "alan@example.org")], uid: "urn:alan"),
            added: Fixtures.now)
        let store = MemoryPersonStore(persons: [ada, alan])
        let file = """
            name,email,uid
            Ada again,ADA@Example.org,
            Alan again,,urn:alan
            Ada's namesake,ada@example.org,urn:other-ada
            Grace,grace@example.org,urn:grace
            Grace twice,grace2@example.org,urn:grace
            Nobody,,
            """
        #expect(await importing(file, named: "friends.csv", into: store) == .success)
        #expect(
            console.output == "3 added, 3 skipped as already in the book (same card id or email)\n")
        let names = try await store.page(matching: "", from: .first, limit: 10).map(\.name)
        #expect(names == ["Ada", "Ada's namesake", "Alan", "Grace", "Nobody"])
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        let recording = RecordingPersonStore(store)
        let file = "name,email\nAda Lovelace,ADA@example.org\nNew Person,new@example.org\n"
        #expect(await importing(file, named: "f.csv", into: recording, dryRun: true) == .success)
        #expect(
            console.output
                == "would add 1, 1 skipped as already in the book (same card id or email); nothing was stored (--dry-run)\n"
        )
        #expect(try await store.count(matching: "") == Person.samples.count)
        #expect(recording.calls.allSatisfy { !$0.hasPrefix("add") && !$0.hasPrefix("restore") })
    }

    /// One bad record names its line — a quoted line break counts — and
    /// nothing of the file is stored, not even the records before it.
    @Test(arguments: [
        ("name,email\nAda,ada@example.org\nAlan,alan@\n", "f.csv:3: email 'alan@'"),
        ("name,notes\nAda,\"two\nlines\"\nAlan,x\n,\n", "f.csv:5: name is required"),
        ("name,birthday\nAda,1815-12-10\nAlan,1912-02-30\n", "f.csv:3: birthday"),
        ("name,id\nAda,1\nAlan,one\n", "f.csv:3: id 'one' is not a whole number"),
        ("name,added\nAda,2026-01-01T00:00:00Z\nAlan,yesterday\n", "f.csv:3: added 'yesterday'"),
        // Before the first day a store keeps (0001-01-03, Julian), which a
        // store would silently have made that day.
        (
            "name,added\nAda,0001-01-03T00:00:00Z\nAlan,0001-01-02T23:59:59Z\n",
            "f.csv:3: added '0001-01-02T23:59:59Z'"
        ),
        (
            "BEGIN:VCARD\nFN:Ada\nX-PEOPLE-ID:7\nX-PEOPLE-ADDED:0001-01-01T00:00:00Z\nEND:VCARD\n",
            "f.csv:1: X-PEOPLE-ADDED '0001-01-01T00:00:00Z'"
        ),
    ])
    func aBadRecordRefusesTheWholeFileNamingItsLine(_ file: String, _ start: String) async throws {
        let store = MemoryPersonStore()
        #expect(await importing(file, named: "f.csv", into: store) == .usage)
        #expect(console.errors.hasPrefix("people: " + start), "\(console.errors)")
        #expect(try await store.count(matching: "") == 0)
        #expect(console.output.isEmpty)
    }

    /// A phone's photos, websites and second addresses have no field here:
    /// the result line says how many of each were left out, the most
    /// first, and a dry run says the same.
    @Test func whatACardCannotKeepIsCountedOnTheResultLine() async throws {
        let card = """
            BEGIN:VCARD
            VERSION:3.0
            FN:Ada Lovelace
            PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ
            URL:https://ada.example
            ADR;TYPE=home:;;12 St James's Square;London;;;UK
            ADR;TYPE=work:;;1 Engine Row;London;;;UK
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Alan Turing
            PHOTO;VALUE=uri:https://alan.example/me.jpg
            END:VCARD

            """
        #expect(
            await importing(card, named: "f.vcf", into: MemoryPersonStore(), dryRun: true)
                == .success)
        #expect(
            await importing(card, named: "f.vcf", into: MemoryPersonStore()) == .success)
        let left = "left out, having no field here: 2 PHOTO, 1 ADR, 1 URL"
        #expect(
            console.output
                == "would add 2, 0 skipped as already in the book (same card id or email); \(left); nothing was stored (--dry-run)\n"
                + "2 added, 0 skipped as already in the book (same card id or email); \(left)\n")
    }

    /// A file of many made-up properties names a few, and counts the rest,
    /// so the result stays one short line.
    @Test func manyKindsLeftOutAreCountedNotListed() async throws {
        let properties = (1...50).map { "X-MADE-UP-\($0):v" }.joined(separator: "\n")
        let card = "BEGIN:VCARD\nFN:Ada\n\(properties)\nEND:VCARD\n"
        #expect(
            await importing(card, named: "f.vcf", into: MemoryPersonStore()) == .success)
        #expect(console.output.hasSuffix(", 46 more\n"), "\(console.output)")
        #expect(console.output.count < 200)
    }

    /// A write the book refuses part way through the persons put back
    /// (here another program's trigger, on the third) leaves none of the
    /// file in the book, as its error says: the first two are deleted again.
    @Test func aWriteRefusedPartWayLeavesNothingOfTheFileInTheBook() async throws {
        let file = try SQLiteTestFile()
        let store = try SQLitePersonStore(path: file.path)
        try file.otherProgram(
            "CREATE TRIGGER refuse BEFORE INSERT ON person WHEN new.name = 'Carol' BEGIN SELECT RAISE(ABORT, 'no Carol here'); END;"
        )
        let before = try await store.count(matching: "")
        let export = """
            name,id,added
            Alice,10,2020-01-01T00:00:00Z
            Bob,11,2020-01-01T00:00:00Z
            Carol,12,2020-01-01T00:00:00Z
            Dan,,
            """
        #expect(await importing(export, named: "f.csv", into: store) == .failure)
        #expect(console.errors.contains("'no Carol here'; nothing was changed"))
        #expect(try await store.count(matching: "") == before)
        #expect(try file.integer("SELECT count(*) FROM person WHERE id >= 10") == 0)
        #expect(console.output.isEmpty)
    }

    /// A date that reads as a date but is before the first day a book keeps
    /// is refused with the range, not called "not a date": the user sees a
    /// date, and needs to know which ones are kept.
    @Test(arguments: [
        ("name,added\nAda,0001-01-01T00:00:00Z\n", "f.csv"),
        (
            "BEGIN:VCARD\nFN:Ada\nX-PEOPLE-ID:7\nX-PEOPLE-ADDED:0001-01-01T00:00:00Z\nEND:VCARD\n",
            "f.vcf"
        ),
    ])
    func aDateBeforeTheFirstDayKeptNamesTheRange(_ file: String, _ name: String) async throws {
        #expect(await importing(file, named: name, into: MemoryPersonStore()) == .usage)
        #expect(
            console.errors.hasSuffix(
                "'0001-01-01T00:00:00Z' is not a UTC date from 0001-01-03 to 9999-12-31 such as 2026-01-01T09:30:00Z\n"
            ), "\(console.errors)")
    }

    /// A contact that has an id someone else holds is added under a new id,
    /// keeping its card id, so importing it again skips it.
    @Test func aTakenIdGivesANewIdAndTheCardKeepsItsID() async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        let file = "name,id,added\nCharles Babbage,1,2020-01-01T00:00:00Z\n"
        #expect(await importing(file, named: "f.csv", into: store) == .success)
        let charles = try #require(
            try await store.page(matching: "Charles", from: .first, limit: 1).first)
        #expect(charles.id != 1)
        #expect(charles.cardID == "people:1:1577836800.0")
        #expect(await importing(file, named: "f.csv", into: store) == .success)
        #expect(
            console.output.hasSuffix(
                "0 added, 1 skipped as already in the book (same card id or email)\n"))
    }

    /// An id far beyond any a book gives is not put back: a file holding
    /// the last id there is would leave the book no id for its next person.
    @Test func anIDAtTheEndOfTheRangeIsNotPutBackSoTheBookCanStillAdd() async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        let file = "name,id,added\nCharles Babbage,\(Person.ID.max),2020-01-01T00:00:00Z\n"
        #expect(await importing(file, named: "f.csv", into: store) == .success)
        let charles = try #require(
            try await store.page(matching: "Charles", from: .first, limit: 1).first)
        #expect(charles.id < ContactImport.highestRestoredID)
        let next = try await store.add(
            try PersonDraft(texts: [.name: "Next"]).validated(), addedAt: Fixtures.now)
        #expect(next.id > charles.id)
    }

    /// Many contacts show a count on the progress line, and clear it; a
    /// few show nothing.
    @Test func aLargeFileShowsItsProgressAndASmallOneDoesNot() async throws {
        let rows = (1...1_500).map { "Person \($0)" }.joined(separator: "\n")
        let large = ProgressRecording()
        #expect(
            await importing(
                "name\n" + rows, named: "f.csv", into: MemoryPersonStore(), progress: large)
                == .success)
        #expect(large.shown.last == "1500 of 1500")
        #expect(large.shown.count == 15)
        #expect(large.ended == 1)
        let small = ProgressRecording()
        #expect(
            await importing(
                "name\nAda\n", named: "f.csv", into: MemoryPersonStore(), progress: small)
                == .success)
        #expect(small.shown.isEmpty)
    }
}

/// A progress line that records what it was asked to show.
private final class ProgressRecording: ProgressLine, Sendable {
    private let state = Locked((shown: [String](), ended: 0))
    var shown: [String] { state.withLock(\.shown) }
    var ended: Int { state.withLock(\.ended) }
    func show(_ done: Int, of total: Int) {
        state.withLock { $0.shown.append("\(done) of \(total)") }
    }
    func end() { state.withLock { $0.ended += 1 } }
}
