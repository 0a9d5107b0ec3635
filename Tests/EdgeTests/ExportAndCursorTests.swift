import Features
import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

/// Scripts read the address book a page at a time by cursor, or all at once
/// by export, and an export reads back as an import.
@MainActor
@Suite struct ExportAndCursorTests {
    let console = RecordingConsole()

    private func run(
        _ command: Command, on store: any PersonStore, pageSize: Int = 10,
        console: RecordingConsole? = nil
    ) async -> ExitCode {
        await PersonCommands(
            command: command, storeProvider: { store }, pageSize: pageSize, clock: Fixtures.clock,
            writer: PersonFileWriter(), help: "", console: console ?? self.console
        ).run()
    }

    /// Names that need quoting, escaping or care in every format.
    static let awkward = [
        PersonDraft(name: "Hopper, Grace \"Amazing\"", address: "Arlington, VA"),
        PersonDraft(name: "Zoë Ødegaard 李", address: "Øvre gate 1", email: "zoe@example.org"),
        PersonDraft(name: "Ana 👩‍👩‍👧", address: "\"Quoted\" Lane"),
        PersonDraft(name: "O'Brien; Séan", address: "a,b,,c"),
        PersonDraft(name: "\"", address: ""),
    ]

    @Test(arguments: ["1.YWRh", "42.", "7.w6nDqQ", "-3.emFi"])
    func aCursorReadsBackAsTheSameKey(_ text: String) async throws {
        let cursor = try #require(PageCursor(text))
        #expect(cursor.text == text)
        #expect(PageCursor(after: cursor.key) == cursor)
    }

    @Test(arguments: ["", "garbage", "1", "x.YWRh", "1.!!!", "1.//8"])
    func anythingElseIsNotACursor(_ text: String) async {
        #expect(PageCursor(text) == nil)
    }

    @Test func walkingByCursorVisitsEveryoneOnceInOrder() async throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(23))
        var seen: [Int] = []
        var command = Command.list(page: 1, search: "", json: true)
        for _ in 0..<10 {
            let before = console.output.count
            await #expect(run(command, on: store, pageSize: 5) == .success)
            let output = String(console.output.dropFirst(before))
            let page = try #require(
                try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            seen += try #require(page["persons"] as? [[String: Any]]).compactMap {
                $0["id"] as? Int
            }
            guard let next = page["next"] as? String else { break }
            command = .listAfter(cursor: try #require(PageCursor(next)), search: "", json: true)
        }
        #expect(seen == Array(1...23))
    }

    @Test(arguments: ExportFormat.allCases)
    func anExportReadsBackAsTheSamePersons(_ format: ExportFormat) async throws {
        let store = MemoryPersonStore(persons: Person.samples)
        try await store.add(validatingAll: Self.awkward)
        // Saved to a file, as an export read back is: a terminal would get
        // the stand-ins of a vCard's CR LF.
        let file = RecordingConsole(outputIsTerminal: false)
        await #expect(
            run(.export(format: format, search: ""), on: store, console: file) == .success)
        let read = try PersonImport.drafts(
            in: Data(file.output.utf8), name: "export.\(format.rawValue)")
        let stored = try await store.page(matching: "", from: .first, limit: 100)
        #expect(read.map(\.asDraft) == stored.map(PersonDraft.init))
        #expect(read.count == 8)
    }

    /// A script that saves an export to a file keeps nothing of one whose
    /// store failed: not even the header of a file that has no rows.
    @Test(arguments: ExportFormat.allCases)
    func anExportWhoseStoreFailsWritesNothing(_ format: ExportFormat) async throws {
        let store = UnpluggablePersonStore(
            MemoryPersonStore(persons: Person.samples),
            unpluggedWith: .storage("the disk went away"))
        await #expect(run(.export(format: format, search: ""), on: store) == .failure)
        #expect(console.output.isEmpty)
        #expect(console.errors == "people: the disk went away\n")
    }

    /// An empty book still exports as a whole file: the header, and for
    /// JSON the closing bracket.
    @Test func anEmptyExportIsAWholeFile() async throws {
        await #expect(run(.export(format: .csv, search: ""), on: MemoryPersonStore()) == .success)
        #expect(console.output == Self.header + "\n")
        let json = RecordingConsole()
        let status = await PersonCommands(
            command: .export(format: .json, search: ""), storeProvider: { MemoryPersonStore() },
            pageSize: 10, clock: Fixtures.clock, writer: PersonFileWriter(), help: "", console: json
        ).run()
        #expect(status == .success)
        #expect(json.output == "[\n]\n")
        let vcard = RecordingConsole(outputIsTerminal: false)
        await #expect(
            run(.export(format: .vcard, search: ""), on: MemoryPersonStore(), console: vcard)
                == .success)
        #expect(vcard.output.isEmpty)
    }

    @Test func anExportCanBeSearchedAndReadsManyPagesWithoutRepeats() async throws {
        let store = MemoryPersonStore()
        try await store.add(validatingAll: DemoPersons.drafts(count: 2_500))
        await #expect(run(.export(format: .csv, search: "ada"), on: store) == .success)
        let lines = console.output.split(separator: "\n").dropFirst()
        #expect(lines.count == (try await store.count(matching: "ada")))
        #expect(Set(lines).count == lines.count)
        #expect(lines.allSatisfy { $0.lowercased().contains("ada") })
    }

    /// Cells a spreadsheet would run, stored by another program: each
    /// field's first character is one OWASP names.
    static let formulas = [
        Person(
            id: 1, name: "=HYPERLINK(\"http://x\",\"Ada\")", address: "+44 20 7946 0000",
            email: "-a@example.org", added: Fixtures.clock()),
        Person(
            id: 2, name: "@SUM(A1)", address: "\t=1+2", email: nil, added: Fixtures.clock()),
        Person(id: 3, name: "\r=1", address: "Main St = 5", email: nil, added: Fixtures.clock()),
    ]

    /// The header row of a CSV export: every column `people import` reads.
    static let header =
        "name,address,email,phone,organization,title,nickname,city,region,postcode,country,birthday,notes,uid,id,added"

    /// What an export of one of ``formulas`` writes after the email: no
    /// other field, then the card id, the id and the date.
    private static func rest(_ id: Int) -> String {
        String(repeating: ",", count: 11) + "people:\(id):1767225600.0,\(id),2026-01-01T00:00:00Z"
    }

    /// The lines an export of ``formulas`` writes to a file.
    private func exportedLines(_ formulas: FormulaCells) async -> Set<String> {
        let file = RecordingConsole(outputIsTerminal: false)
        let status = await PersonCommands(
            command: .export(format: .csv, search: "", formulas: formulas),
            storeProvider: { MemoryPersonStore(persons: Self.formulas) }, pageSize: 10,
            clock: Fixtures.clock, writer: PersonFileWriter(), help: "", console: file
        ).run()
        #expect(status == .success)
        return Set(file.output.split(separator: "\n").map(String.init))
    }

    @Test func neutralisingPutsAQuoteBeforeEveryCellASpreadsheetWouldRun() async {
        #expect(
            await exportedLines(.neutralise) == [
                Self.header,
                "\"'=HYPERLINK(\"\"http://x\"\",\"\"Ada\"\")\",'+44 20 7946 0000,'-a@example.org"
                    + Self.rest(1),
                "'@SUM(A1),\"'\t=1+2\"," + Self.rest(2),
                "\"'\r=1\",Main St = 5," + Self.rest(3),
            ])
    }

    @Test func keepingWritesEveryCellAsStored() async {
        #expect(
            await exportedLines(.keep) == [
                Self.header,
                "\"=HYPERLINK(\"\"http://x\"\",\"\"Ada\"\")\",+44 20 7946 0000,-a@example.org"
                    + Self.rest(1),
                "@SUM(A1),\"\t=1+2\"," + Self.rest(2),
                "\"\r=1\",Main St = 5," + Self.rest(3),
            ])
    }
}
