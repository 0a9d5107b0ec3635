import Features
import Foundation
import Launch
import PeopleTestSupport
import PersonFiles
import Terminal
import Testing

/// `people query TEXT` as mutt and aerc run it: read from the command line,
/// answered as a status line and `address<TAB>name<TAB>other` lines, with
/// abook's exit statuses, whatever the book holds.
@MainActor
@Suite(.tags(.parksAsyncWork)) struct MailQueryTests {
    /// What a mail client reads: standard output is a pipe.
    let console = RecordingConsole(outputIsTerminal: false)

    private static let added = Date(timeIntervalSince1970: 1_000_000_000)

    /// Ada with two labelled emails, Grace with one unlabelled email and an
    /// organisation, Alan with none.
    private static let book = [
        Person(
            id: 1, name: "Ada Lovelace",
            details: ContactDetails(emails: [
                LabelledValue(label: "home", value: "ada@example.org"),
                LabelledValue(label: "work", value: "ada@engine.example"),
            ]),
            added: added),
        Person(
            id: 2, name: "Grace Hopper",
            details: ContactDetails(
                emails: [LabelledValue(value: "grace@example.org")], organization: "US Navy"),
            added: added),
        Person(id: 3, name: "Alan Turing", details: ContactDetails(), added: added),
    ]

    private func run(_ search: String, in persons: [Person] = book) async -> ExitCode {
        let store = MemoryPersonStore(persons: persons)
        return await PersonCommands(
            command: .query(search: search), storeProvider: { store }, pageSize: 10,
            clock: Fixtures.clock, writer: PersonFileWriter(),
            help: Usage.help(keyReference: LineKeyMap.keyReference), console: console
        )
        .run()
    }

    @Test func queryTakesTheTextToLookFor() throws {
        let invocation = try Invocation(
            arguments: ["query", "ada lovelace"], environment: [:], outputIsTerminal: false)
        #expect(invocation.command == .query(search: "ada lovelace"))
        // What a mail client passes is the text, even when it looks like an option.
        let dashed = try Invocation(
            arguments: ["query", "--", "--ada"], environment: [:], outputIsTerminal: false)
        #expect(dashed.command == .query(search: "--ada"))
    }

    @Test(arguments: [
        (["query"], "'query' needs the text to look for, such as 'people query ada'"),
        (["query", "ada", "grace"], "unexpected argument 'grace' after 'query'"),
        (["query", "ada", "--json"], "option '--json' does not apply to 'query'"),
    ])
    func aQueryWithoutOneTextIsBadUsage(_ arguments: [String], _ expected: String) {
        #expect(throws: UsageError(expected)) {
            try Invocation(arguments: arguments, environment: [:], outputIsTerminal: false)
        }
    }

    @Test func everyEmailOfEveryMatchIsALineAfterTheStatus() async {
        #expect(await run("a") == .success)
        #expect(
            console.output == """
                people: 3 matches
                ada@example.org\tAda Lovelace\thome
                ada@engine.example\tAda Lovelace\twork
                grace@example.org\tGrace Hopper\tUS Navy

                """)
        #expect(console.errors.isEmpty)
    }

    @Test func aMatchWithoutAnEmailGivesNoLineAndNoMatchIsExitStatusOne() async {
        #expect(await run("turing") == .failure)
        #expect(console.output == "people: no matches\n")
        #expect(console.errors.isEmpty, "no match is an answer, not an error")
        #expect(await run("nobody") == .failure)
    }

    /// A store that fails is the status line alone, saying why.
    ///
    /// A mail client shows a query's first line as its status, and takes
    /// exit status 1 as no answer (abook's `--mutt-query` writes "Not
    /// found" so); what it draws over is standard error.
    @Test func aStoreThatFailsIsTheStatusLineAloneWithExitStatusOne() async {
        let status = await PersonCommands(
            command: .query(search: "ada"),
            storeProvider: { throw PersonStoreError.storage("the disk is gone") }, pageSize: 10,
            clock: Fixtures.clock, writer: PersonFileWriter(),
            help: Usage.help(keyReference: LineKeyMap.keyReference), console: console
        )
        .run()
        #expect(status == .failure)
        #expect(console.output == "people: the disk is gone\n", "one line, no address")
        #expect(console.errors.isEmpty, "a mail client draws over standard error")
    }

    /// What another program stored stays inside its field, and inert.
    ///
    /// A tab would shift the columns, a line break would forge an address,
    /// and an escape would reach the terminal the mail client draws on.
    @Test func storedTabsLineBreaksAndEscapesStayInsideTheirFieldAndInert() async throws {
        let hostile = Person(
            id: 4, name: "Eve\tevil@example.org\nmallory@example.org\t\u{1B}]0;owned\u{07}",
            details: ContactDetails(
                emails: [
                    LabelledValue(label: "wo\rrk\u{2028}", value: "eve@example.org\u{85}x\u{0B}")
                ],
                organization: "\u{1B}[2J"),
            added: Self.added)
        #expect(await run("eve", in: [hostile]) == .success)
        let lines = console.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "the status, one address, and the final line break")
        #expect(lines[0] == "people: 1 match")
        let fields = lines[1].split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 3)
        #expect(fields[0] == "eve@example.org x ")
        #expect(fields[1] == "Eve evil@example.org mallory@example.org ␛]0;owned␇")
        #expect(fields[2] == "wo rk ")
        #expect(!console.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
    }

    @Test func anEmailWithoutALabelNamesTheOrganisationAndOtherwiseNothing() {
        let person = Person(
            id: 5, name: "Linus",
            details: ContactDetails(emails: [
                LabelledValue(value: "l@example.org"),
                LabelledValue(label: "home", value: "l@home.example"),
            ]),
            added: Self.added)
        #expect(
            MailQuery.lines(for: person) == [
                "l@example.org\tLinus\t", "l@home.example\tLinus\thome",
            ])
    }
}
