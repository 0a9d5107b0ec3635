import Features
import Foundation
import PeopleTestSupport
import PersonFiles
import Testing

/// Anything `people add` accepts, `people export --format csv` writes and
/// `--import` reads back unchanged, scalar for scalar.
///
/// The separators and quotes of CSV are ASCII, but text is not: a comma or a
/// quote followed by a combining mark, a zero-width joiner, a variation
/// selector, an emoji modifier or a tag character makes one `Character` with
/// it. Each test writes with the real export command and reads with the real
/// import, so a person who exports and imports their address book gets back
/// exactly what they typed.
@MainActor
@Suite struct CSVRoundTripTests {
    /// Fields that start with, or put a separator or quote right before, a
    /// scalar that joins the character before it.
    static let joiners: [PersonDraft] = [
        PersonDraft(name: "\u{301}Ada", address: "Main St,\u{301}5"),
        PersonDraft(name: "\u{301}", address: "\"\u{301}quoted\"\u{301}"),
        PersonDraft(name: "Bob,\u{200D}Zed", address: "\u{200D}x", email: "\u{301}b@example.org"),
        PersonDraft(name: "\u{FE0F}Cy", address: "a,\u{FE0F}\"\u{FE0F}"),
        PersonDraft(name: "👍,\u{1F3FB}Dee", address: "\u{1F3FB}"),
        PersonDraft(
            name: "\u{E0067}\u{E0062}Eve", address: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E007F}"),
        PersonDraft(name: "Fay \"the\u{301}\" Ng", address: "\",\u{301}\""),
        PersonDraft(name: "\"", address: "\"\""),
        PersonDraft(name: "Gil,", address: ",\u{E0020}", email: "\"g\u{301}\"@example.org"),
    ]

    /// The scalars a generated field is made of: quotes, commas, spaces,
    /// letters, and the scalars that join the one before them.
    static let alphabet: [Unicode.Scalar] = [
        "\"", ",", " ", "a", "Z", "é", "李", "👩", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}",
        "\u{1F3FB}", "\u{E0061}", "\u{E007F}", "'", ";",
    ]

    /// `drafts` stored, exported as CSV by `people export`, and the export
    /// read back by `--import`: each person's fields as stored and as read.
    private func exportedAndReadBack(_ drafts: [PersonDraft]) async throws -> (
        stored: [[String]], read: [[String]]
    ) {
        let store = MemoryPersonStore()
        try await store.add(validatingAll: drafts)
        let console = RecordingConsole()
        let status = await PersonCommands(
            command: .export(format: .csv, search: ""), storeProvider: { store }, pageSize: 10,
            clock: Fixtures.clock, writer: PersonFileWriter(), help: "", console: console
        ).run()
        #expect(status == .success, "export failed: \(console.errors)")
        let read = try PersonImport.drafts(in: Data(console.output.utf8), name: "export.csv")
        let stored = try await store.page(matching: "", from: .first, limit: drafts.count + 1)
        return (
            stored.map { Self.scalars(PersonDraft($0)) }, read.map { Self.scalars($0.asDraft) }
        )
    }

    /// The draft's fields as their code points, so that text compares
    /// scalar for scalar rather than by canonical equivalence.
    private static func scalars(_ draft: PersonDraft) -> [String] {
        [draft.name, draft.address, draft.email].map { field in
            field.unicodeScalars.map(InertText.codePoint).joined(separator: " ")
        }
    }

    @Test func fieldsWithJoiningScalarsAndQuotesReadBackUnchanged() async throws {
        let (stored, read) = try await exportedAndReadBack(Self.joiners)
        #expect(stored.count == Self.joiners.count)
        #expect(read == stored)
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func generatedFieldsReadBackUnchanged(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        func field(_ count: ClosedRange<Int>) -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: count, using: &generator) {
                scalars.append(Self.alphabet.randomElement(using: &generator) ?? "a")
            }
            return String(scalars)
        }
        var drafts: [PersonDraft] = []
        while drafts.count < 300 {
            let draft = PersonDraft(
                name: field(1...12), address: field(0...12),
                email: Bool.random(using: &generator) ? "" : field(1...6) + "@example.org")
            // Only what `people add` would accept.
            if (try? draft.validated()) != nil { drafts.append(draft) }
        }
        let (stored, read) = try await exportedAndReadBack(drafts)
        #expect(stored.count == drafts.count)
        #expect(read == stored)
    }

    /// Read by scalar, CR LF is still one line break, blank lines are still
    /// skipped, and an error still names the line it happened on.
    @Test(arguments: [
        ("name\r\n\r\nAda\r\n\n\"Bob\r\n", "x.csv:5: a quoted field is never closed"),
        ("name,email\r\n\r\nAda,ada@\r\n", "x.csv:3: email 'ada@' is not a valid address"),
        ("name\r\n\"A\r\nda\",x\r\n", "x.csv:2: expected 1 fields, found 2"),
        ("name\rAda\r\r\"B\u{301}\rob\n", "x.csv:4: a quoted field is never closed"),
    ])
    func lineBreaksAndBlankLinesCountAsBefore(_ text: String, _ expected: String) {
        var message: String?
        do {
            _ = try PersonImport.drafts(in: Data(text.utf8), name: "x.csv")
        } catch {
            message = error.message
        }
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
    }

    @Test func blankLinesBetweenRecordsAreSkipped() async throws {
        let text = "name,address\r\n\r\n\nAda,\u{301}x\r\n\r\n\"Bob\",\"\"\"\u{301}\"\n\n"
        let read = try PersonImport.drafts(in: Data(text.utf8), name: "x.csv")
        #expect(
            read.map { Self.scalars($0.asDraft) } == [
                Self.scalars(PersonDraft(name: "Ada", address: "\u{301}x")),
                Self.scalars(PersonDraft(name: "Bob", address: "\"\u{301}")),
            ])
    }

    /// Persons another program stored, which no form accepts: line breaks
    /// of every kind, quotes and commas around them, escapes, NUL, DEL, C1
    /// controls, a direction override, U+FFFD where a file held bytes that
    /// were not UTF-8, and cells a spreadsheet would run.
    static let foreign: [Person] = [
        ("Abel\nFAKE: all deleted? y", "1 Main St\r\n\"Flat\", 2", "a@example.org"),
        ("\u{1B}]0;pwned\u{07}Aaron", "\u{1B}[2J", "\u{1B}[5m@x"),
        ("Abram\u{9B}31m\r\u{08}\u{7F}\u{0}", "\u{85}\u{2028}\u{2029}\u{0B}\u{0C}", ""),
        ("Absalom\u{202E}txt.exe", "\t=SUM(A1)", "\r"),
        ("Ren\u{FFFD} M\u{FFFD}ller", " ,\"\" ", "-x@example.org"),
        ("=HYPERLINK(\"http://x\")", "+44 20 7946", "@evil"),
        ("\"\n\"", "\r", "\n"),
    ].enumerated().map { index, fields in
        Person(
            id: index + 1, name: fields.0, address: fields.1,
            email: fields.2.isEmpty ? nil : fields.2, added: Fixtures.clock())
    }

    /// `persons` exported as CSV by `people export` to `console`.
    private func exported(_ persons: [Person], to console: RecordingConsole) async -> String {
        let status = await PersonCommands(
            command: .export(format: .csv, search: ""),
            storeProvider: { MemoryPersonStore(persons: persons) }, pageSize: 10,
            clock: Fixtures.clock, writer: PersonFileWriter(), help: "", console: console
        ).run()
        #expect(status == .success, "export failed: \(console.errors)")
        return console.output
    }

    @Test func aFileOrPipeGetsEveryStoredCharacterBackInQuotes() async throws {
        let csv = await exported(Self.foreign, to: RecordingConsole(outputIsTerminal: false))
        let records = try CSVRecords.parse(csv, name: "export.csv")
        #expect(records.first?.fields.prefix(3) == ["name", "address", "email"])
        let read = records.dropFirst().map { $0.fields.prefix(3).map(Self.codePoints) }
        let stored = Self.foreign.map { person in
            [person.name, person.address, person.email ?? ""].map(Self.codePoints)
        }
        #expect(
            read.sorted { $0.lexicographicallyPrecedes($1) }
                == stored.sorted {
                    $0.lexicographicallyPrecedes($1)
                })
    }

    @Test func aTerminalGetsTheSameExportInert() async throws {
        let csv = await exported(Self.foreign, to: RecordingConsole())
        #expect(!csv.unicodeScalars.contains { $0 != "\n" && InertText.isObeyed($0) })
        #expect(csv.contains("\"Abel␊FAKE: all deleted? y\""))
        #expect(csv.split(separator: "\n").count == 1 + Self.foreign.count, "a line a person")
    }

    /// `--import` checks every person as if typed: it takes from a CSV
    /// export exactly the persons, and the values, it takes from a JSON one.
    @Test func importTakesFromCSVWhatItTakesFromJSON() async throws {
        for person in Self.foreign {
            let csv = await exported([person], to: RecordingConsole(outputIsTerminal: false))
            let json =
                "[" + PersonFileWriter().line(person, in: .json, formulas: .keep, isFirst: true)
                + "]"
            let fromCSV = try? PersonImport.drafts(in: Data(csv.utf8), name: "x.csv")
            let fromJSON = try? PersonImport.drafts(in: Data(json.utf8), name: "x.json")
            #expect(
                fromCSV?.map { Self.scalars($0.asDraft) }
                    == fromJSON?.map { Self.scalars($0.asDraft) },
                "\(InertText.quoted(person.name))")
        }
    }

    /// A field as its code points, compared scalar for scalar.
    private static func codePoints(_ field: String) -> String {
        field.unicodeScalars.map(InertText.codePoint).joined(separator: " ")
    }
}
