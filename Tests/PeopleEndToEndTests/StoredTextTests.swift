import Foundation
import PeopleTestSupport
import Testing

/// Text another program stored in the database reaches the terminal inert,
/// on every screen and in every command, and the rows holding it can still
/// be fixed and removed.
@Suite struct StoredTextTests {
    let home: URL
    let database: String

    /// Names and an address written by another program, each an attack seen
    /// in review: a title change, a screen wipe, a forged confirmation, a
    /// clipboard write, C1 CSI, carriage return, backspace, bell, NUL and a
    /// direction override.
    static let hostile = [
        "\u{1B}]0;pwned\u{07}Aaron",
        "Abe\u{1B}[2J\u{1B}[H",
        "Abel\nFAKE: all your contacts were deleted? Type y to confirm",
        "Abner\u{1B}]52;c;ZXZpbA==\u{07}",
        "Abram\u{9B}31m\r\u{08}\u{08}\u{07}\u{0}",
        "Absalom\u{202E}txt.exe",
    ]

    init() throws {
        home = try TemporaryFolder().url
        database = home.appendingPathComponent("shared.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
        for (index, name) in Self.hostile.enumerated() {
            try OtherProgram.run(
                database,
                "INSERT INTO person (id, name, sort_name, address, email, added) VALUES (?, ?, ?, ?, ?, 0)",
                [
                    String(100 + index), name, "aa\(index)", "1 Main St\u{1B}[31m",
                    "x\u{1B}[5m@example.org",
                ])
        }
    }

    private func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:]
    ) throws -> PeopleProcess.Outcome {
        try PeopleProcess.run(
            ["--db", database] + arguments, input: input, environment: environment, home: home)
    }

    private func expectInert(_ outcome: PeopleProcess.Outcome, _ what: String) {
        #expect(obeyedCharacters(in: outcome.output).isEmpty, "\(what): standard output")
        #expect(obeyedCharacters(in: outcome.errors).isEmpty, "\(what): standard error")
    }

    @Test func listAndShowPrintNoControlCharacter() async throws {
        let list = try run(["list", "--page-size", "20"])
        #expect(list.status == 0)
        #expect(list.output.contains("␛]0;pwned␇Aaron"))
        #expect(list.output.contains("Abel␊FAKE"))
        expectInert(list, "list")
        for id in 100..<(100 + Self.hostile.count) {
            let show = try run(["show", String(id)])
            #expect(show.status == 0)
            expectInert(show, "show \(id)")
        }
    }

    @Test func showPrintsAStoredLineBreakInertOnTheNamesOwnLine() async throws {
        let show = try run(["show", "102"])
        #expect(show.status == 0)
        let lines = show.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6)
        #expect(lines[0] == "Name     Abel␊FAKE: all your contacts were deleted? Type y to confirm")
        #expect(!lines.contains { $0.hasPrefix("FAKE") })
    }

    @Test func jsonKeepsTheExactTextEscaped() async throws {
        let json = try run(["show", "104", "--json"])
        expectInert(json, "show --json")
        let person = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(person["name"] as? String == Self.hostile[4])
    }

    @Test func aPipedExportKeepsTheExactTextInCSVQuotesAndEscapedInJSON() async throws {
        let csv = try run(["export", "--format", "csv"])
        #expect(csv.status == 0)
        for name in Self.hostile {
            #expect(csv.output.contains("\n\"\(name)\",\"1 Main St\u{1B}[31m\","), "\(name)")
        }
        // The stored text is exported as it is, and one inert line says
        // that --import would refuse those persons, as a typed name is refused.
        let warning = csv.errors.split(separator: "\n")
        #expect(warning.count == 1)
        #expect(csv.errors.contains("\(Self.hostile.count) persons exported would be refused"))
        #expect(!csv.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let json = try run(["export", "--format", "json"])
        expectInert(json, "export --format json")
        let persons = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(Set(persons.compactMap { $0["name"] as? String }).isSuperset(of: Self.hostile))
    }

    /// The persons `people export --format json` writes, as name, address
    /// and email, in order.
    private func exportedPersons(_ arguments: [String]) throws -> [[String]] {
        let json = try PeopleProcess.run(arguments + ["export", "--format", "json"], home: home)
        #expect(json.status == 0, "\(arguments): \(json.errors)")
        let persons = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        return persons.map { person in
            ["name", "address", "email"].map { (person[$0] as? String) ?? "" }
        }
    }

    @Test func aCSVExportOfWhatAnotherProgramStoredImportsBackUnchanged() async throws {
        let book = home.appendingPathComponent("book.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", book], home: home).status == 0)
        try OtherProgram.run(book, "DELETE FROM person")
        let rows = [
            ("=HYPERLINK(\"http://x\",\"Ada\")", "+44 20, \"Flat\" 2", "-a@example.org"),
            ("@SUM(A1)", "-5 Main St", ""),
            ("Zoë, \"the\" 李 👩‍👩‍👧", "x , \"\" y", ""),
        ]
        for (index, row) in rows.enumerated() {
            try OtherProgram.run(
                book,
                "INSERT INTO person (id, name, sort_name, address, email, added) VALUES (?, ?, ?, ?, NULLIF(?, ''), 0)",
                [String(index + 1), row.0, "b\(index)", row.1, row.2])
        }
        // Bytes that are not UTF-8, which the store reads as U+FFFD.
        try OtherProgram.run(
            book,
            "INSERT INTO person (id, name, sort_name, address, added) VALUES (9, CAST(X'52656EE9204DFC6C6C6572' AS TEXT), 'b9', CAST(X'FF2C' AS TEXT), 0)"
        )
        let csv = try PeopleProcess.run(["--db", book, "export"], home: home)
        #expect(csv.status == 0)
        #expect(csv.output.contains("Ren\u{FFFD} M\u{FFFD}ller"))
        let file = home.appendingPathComponent("export.csv")
        try Data(csv.output.utf8).write(to: file)
        let stored = try exportedPersons(["--db", book])
        #expect(stored.count == rows.count + 1)
        let samples = try exportedPersons(["--store", "memory"])
        let read = try exportedPersons(["--store", "memory", "--import", file.path])
        #expect(
            read.sorted { $0.lexicographicallyPrecedes($1) }
                == (stored + samples).sorted {
                    $0.lexicographicallyPrecedes($1)
                })
    }

    @Test func aRefusalQuotingStoredTextPrintsNoControlCharacter() async throws {
        let edit = try run(["edit", "104", "--address", "2 Main St"])
        #expect(edit.status == 1)
        #expect(edit.errors.split(separator: "\n").count == 1)
        #expect(edit.errors.hasPrefix("people: the stored name of person 104 is not valid"))
        #expect(edit.errors.hasSuffix("give a valid one in the same edit with --name NAME\n"))
        expectInert(edit, "edit of a stored hostile name")
    }

    /// Each line of `output` as the lines a terminal `columns` wide draws
    /// it on: a longer line wraps onto more.
    private func drawnLines(_ output: String, columns: Int) -> [Int] {
        output.split(separator: "\n").map { max(1, ($0.count + columns - 1) / columns) }
    }

    @Test func anAddressOf100000CharactersTakesOneRowAndFourDetailLines() async throws {
        let address = String(repeating: "Long Road ", count: 10_000)
        try OtherProgram.run(
            database,
            "INSERT INTO person (id, name, sort_name, address, email, added) VALUES (300, 'Al', 'a', ?, NULL, 0)",
            [address])
        for columns in [80, 40] {
            let session = try run(
                ["--page-size", "20"], input: "1\n\nb\n\nq\n",
                environment: ["COLUMNS": "\(columns)"])
            #expect(session.status == 0)
            // Lists of 10 rows, a detail of 7 lines and 3 folded ones, each
            // drawn once or twice, and key lines, which may wrap at 40; the
            // address whole would be 1,250 lines at 80 columns, 2,500 at 40.
            let drawn = drawnLines(session.output, columns: columns).reduce(0, +)
            #expect(drawn < 90, "\(columns) columns: \(drawn) lines drawn")
            let rows = session.output.split(separator: "\n").filter { $0.contains("Long Road") }
            #expect(rows.count >= 2 + 4, "a row in the list, four lines in the detail")
            #expect(rows.allSatisfy { $0.count <= columns })
            #expect(session.output.contains("… (100,000 characters)"))
        }
    }

    @Test func theSettingsScreenAndTheGraphPrintNoControlCharacter() async throws {
        let settings = try run(["--debug"], input: "s\nq\nq\n")
        #expect(settings.status == 0)
        expectInert(settings, "--debug settings screen")
        let graph = try run(["graph"])
        #expect(graph.status == 0)
        expectInert(graph, "graph")
    }

    @Test func theTraceOfStoreCallsPrintsNoControlCharacter() async throws {
        let traced = try run(["--trace", "show", "100"])
        #expect(traced.errors.contains("trace: store.person(withID: 100)"))
        expectInert(traced, "--trace show")
        let session = try run(["--trace"], input: "1\nb\nq\n")
        expectInert(session, "--trace session")
    }

    @Test func everyScreenShowsTheRowsInertAndTheyCanBeFixedAndDeleted() async throws {
        // Open the forged-confirmation row (the third), try to keep its name
        // (refused: it holds a control character), give it a clean one and
        // clean values (Enter keeps the four empty fields between the email
        // and the street, `>` the rest), then delete the first row after
        // confirming.
        let input =
            [
                "3", "e", "", "Abel Fixed", "abel@example.org", "", "", "", "", "1 Main St", ">",
                "b", "1", "d", "y", "s", "b", "?", "q",
            ].joined(separator: "\n") + "\n"
        let session = try run(["--page-size", "20"], input: input)
        #expect(session.status == 0)
        expectInert(session, "interactive session")
        #expect(session.output.contains("name contains the control character U+000A"))
        #expect(session.output.contains("Saved Abel Fixed."))
        #expect(session.output.contains("Deleted ␛]0;pwned␇Aaron."))
        let after = try run(["list", "--page-size", "20"])
        #expect(after.output.contains("Abel Fixed <abel@example.org>"))
        #expect(!after.output.contains("pwned"))
    }
}
