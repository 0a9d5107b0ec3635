import Features
import Foundation
import PeopleTestSupport
import Terminal
import Testing

/// The one-shot commands scripts use, with their output and exit codes.
@Suite struct OneShotCommandTests {
    @Test func listPrintsThePersonsAndThePosition() async throws {
        let run = try PeopleProcess.run(["list"], home: try PeopleProcess.demoHome())
        #expect(run.status == 0)
        #expect(
            run.output == """
                1  Ada Lovelace <ada@example.org>
                2  Alan Turing
                3  Grace Hopper <grace@example.org>
                page 1 of 1 · 1–3 of 3

                """)
    }

    @Test func listAsJSONIsParseableWithTheDocumentedKeys() async throws {
        let run = try PeopleProcess.run(
            ["list", "--json", "--page-size", "2", "--page", "2"],
            home: try PeopleProcess.demoHome())
        #expect(run.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["total"] as? Int == 3)
        #expect(document["page"] as? Int == 2)
        let persons = try #require(document["persons"] as? [[String: Any]])
        #expect(persons.map { $0["name"] as? String } == ["Grace Hopper"])
    }

    /// What mutt reads from `query_command`: a status line, then a line
    /// per address, and abook's exit statuses.
    @Test func queryAnswersAMailClientWithAStatusLineAndALinePerAddress() async throws {
        let home = try PeopleProcess.demoHome()
        let found = try PeopleProcess.run(["query", "ER"], home: home)
        #expect(found.status == 0)
        #expect(found.output == "people: 1 match\ngrace@example.org\tGrace Hopper\t\n")
        #expect(found.errors.isEmpty)
        let none = try PeopleProcess.run(["query", "turing"], home: home)
        #expect(none.status == 1, "Alan matches, but has no address to give")
        #expect(none.output == "people: no matches\n")
        #expect(none.errors.isEmpty)
        #expect(try PeopleProcess.run(["query"]).status == 2)
    }

    @Test func showPrintsOnePerson() async throws {
        let home = try PeopleProcess.demoHome()
        let text = try PeopleProcess.run(["show", "3"], home: home)
        #expect(text.output.contains("Name     Grace Hopper\n"))
        let json = try PeopleProcess.run(["show", "3", "--json"], home: home)
        let person = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(person["email"] as? String == "grace@example.org")
        #expect(person["added"] as? String == "2010-06-21T11:00:00Z")
    }

    @Test func addPrintsTheNewId() async throws {
        let run = try PeopleProcess.run(
            ["add", "--name", "Barbara Liskov", "--email", "barbara@example.org"],
            home: try PeopleProcess.demoHome())
        #expect(run.status == 0)
        #expect(run.output == "4\n")
    }

    @Test func editAndDeleteSucceedQuietly() async throws {
        let home = try PeopleProcess.demoHome()
        #expect(
            try PeopleProcess.run(["edit", "1", "--address", "Marylebone"], home: home).status == 0)
        let deleted = try PeopleProcess.run(["delete", "2"], home: home)
        #expect(deleted.status == 0)
        #expect(deleted.output.isEmpty)
    }

    @Test func anExportToAFileIsReadBackByImport() async throws {
        let home = try TemporaryFolder().url
        let database = home.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
        #expect(
            try PeopleProcess.run(
                [
                    "add", "--db", database, "--name", "Hopper, \"Amazing\" Grace", "--address",
                    "a,b",
                ],
                home: home
            ).status == 0)
        for format in ["csv", "json"] {
            let export = try PeopleProcess.run(
                ["export", "--db", database, "--format", format], home: home)
            #expect(export.status == 0)
            let file = home.appendingPathComponent("friends.\(format)")
            try Data(export.output.utf8).write(to: file)
            let list = try PeopleProcess.run(
                ["list", "--store", "memory", "--import", file.path, "--search", "amazing"],
                home: home)
            #expect(list.status == 0)
            #expect(list.output.contains("-4  Hopper, \"Amazing\" Grace\n"))
        }
    }

    @Test func graphPrintsTheObjectGraphAsMermaid() async throws {
        let run = try PeopleProcess.run(["graph"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("flowchart LR\n"))
        #expect(
            run.output.contains(
                "session_PersonDetailControllerProvider -. makes .-> person_PersonDetailController")
        )
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: AppScreen.allCases)
    func helpListsEveryScreenWithTheKeysItDeclares(_ screen: AppScreen) async throws {
        let help = try PeopleProcess.run(["--help"]).output
        #expect(help.contains("  \(screen.name)"))
        #expect(help.contains(LineKeyMap.keyLine(LineKeyMap.keys(on: screen))))
    }

    @Test func helpAndVersion() async throws {
        let help = try PeopleProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(
            help.output.contains("people list [--page N | --after CURSOR] [--search TEXT] [--json]")
        )
        #expect(try PeopleProcess.run(["--version"]).output == "people 1.0.0\n")
    }

    @Test(arguments: [
        (["show", "42"], Int32(1), "people: no person with id 42\n"),
        (["delete", "42"], 1, "people: no person with id 42\n"),
        (
            ["show", "abc"], 2,
            "people: 'abc' is not a person id (ids are whole numbers other than 0)\n"
        ),
        (
            ["list", "--page", "99999999999999999999"], 2,
            "people: --page: '99999999999999999999' is out of range (at least 1)\n"
        ),
        (["--frobnicate"], 2, "people: unknown option '--frobnicate' (try 'people --help')\n"),
        (["add", "--name"], 2, "people: option '--name' needs a value\n"),
        (["add", "--name", "  "], 2, "people: name is required\n"),
        (
            ["add", "--name", "Eve", "--email", "eve@"], 2,
            "people: email 'eve@' is not a valid address (expected name@example.org)\n"
        ),
        (["--page-size", "0"], 2, "people: --page-size: '0' is out of range (1 to 500)\n"),
        (["explode"], 2, "people: unknown command 'explode' (try 'people --help')\n"),
    ])
    func badRequestsGetOneLineOnStandardErrorAndTheRightExitCode(
        _ arguments: [String], _ status: Int32, _ message: String
    ) throws {
        let run = try PeopleProcess.run(arguments, home: try PeopleProcess.demoHome())
        #expect(run.status == status)
        #expect(run.errors == message)
        #expect(run.output.isEmpty)
    }

    @Test func aBadEnvironmentVariableIsNamed() async throws {
        let run = try PeopleProcess.run(["list"], environment: ["PEOPLE_PAGE_SIZE": "many"])
        #expect(run.status == 2)
        #expect(run.errors == "people: PEOPLE_PAGE_SIZE: 'many' is not a whole number\n")
    }
}
