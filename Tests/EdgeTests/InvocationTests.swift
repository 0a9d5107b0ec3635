import Features
import Foundation
import Launch
import SQLiteStore
import Terminal
import Testing

@Suite struct InvocationTests {
    private func parse(
        _ arguments: [String], _ environment: [String: String] = [:], terminal: Bool = false
    )
        throws(UsageError) -> Invocation
    {
        try Invocation(arguments: arguments, environment: environment, outputIsTerminal: terminal)
    }

    private func message(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do {
            _ = try parse(arguments, environment)
            return nil
        } catch {
            return error.message
        }
    }

    /// The server book's schema comes from `--schema`, else
    /// `PEOPLE_SCHEMA`; a name no schema can have is named in one line.
    @Test func aSchemaIsTakenFromTheFlagElseTheVariableAndABadOneIsNamed() async throws {
        #expect(try parse(["--schema", "team"]).configuration.serverSchema == "team")
        #expect(try parse([], ["PEOPLE_SCHEMA": "team"]).configuration.serverSchema == "team")
        #expect(
            try parse(["--schema", "flag"], ["PEOPLE_SCHEMA": "variable"]).configuration
                .serverSchema == "flag")
        #expect(try parse([]).configuration.serverSchema == nil)
        let long = String(repeating: "é", count: 32)
        #expect(
            message(["--schema", long])
                == "--schema: '\(long)' cannot name a schema (at most 63 bytes, no NUL)")
        #expect(
            message([], ["PEOPLE_SCHEMA": ""])
                == "PEOPLE_SCHEMA: the schema's name is empty; give a schema, such as public")
    }

    @Test func aServerAddressChoosesTheServerStoreFromWhereverADatabaseIsGiven() async throws {
        let address = "postgresql://ada@db.example.org:5432/people?sslmode=require"
        for configuration in [
            try parse(["--db", address]).configuration,
            try parse([], ["PEOPLE_DB": address]).configuration,
            try parse(["--store", "postgresql", "--db", address]).configuration,
        ] {
            #expect(configuration.storeKind == .postgresql)
            #expect(configuration.server == ServerAddress(address))
            #expect(configuration.databasePath == nil)
        }
        #expect(try parse(["--db", "POSTGRES://h/d"]).configuration.storeKind == .postgresql)
        #expect(try parse(["--store", "postgresql"]).configuration.server == .defaults)
        #expect(
            try parse(["--store", "memory", "--db", address]).configuration.storeKind == .memory)
    }

    @Test func aPasswordIsHiddenInEveryUsageErrorAboutAnAddress() async throws {
        let messages = [
            message(["--db", "postgresql://ada:TOP\tSECRET@db/people"]),
            message(
                ["--store", "postgresql", "--db", "host=db user=ada password=SECRET dbname=p"]),
        ]
        for message in messages {
            let message = try #require(message)
            #expect(!message.contains("SECRET"), "\(message)")
        }
    }

    @Test func aServerAddressAndAStoreThatDisagreeAreOneLineNamingBoth() async throws {
        #expect(
            message(["--store", "sqlite", "--db", "postgresql://ada:pw@h/d"])
                == "--db: postgresql://ada:***@h/d is a server's address, but --store asks for the sqlite store, which needs a file"
        )
        #expect(
            message(["--db", "people.sqlite"], ["PEOPLE_STORE": "postgresql"])
                == "--db: the postgresql store needs a postgresql://user@host:port/dbname address"
        )
        #expect(
            message(["--db", "postgresql:/ada:hunter2@db/people"])
                == "--db: a server's address begins postgresql:// (two slashes)")
        for address in ["postgresql://ada:hun@ter2@db/people", "postgres://ada:hun/ter2@db/p"] {
            #expect(
                message(["--db", address])
                    == "--db: an @ or / in a password must be written %40 or %2F")
        }
        #expect(message(["--db", "postgresql://ada:hun%40ter2@db/people?options=a@b"]) == nil)
    }

    @Test func anAddressIsShownWithEveryPasswordHidden() async throws {
        let shown = [
            "postgresql://ada:s3cret@db:5432/people",
            "postgres://ada:s3:cr@t@db/people?sslmode=require&password=s3cret&user=ada",
            "postgresql://db/people?PASSWORD=s3cret",
            "postgresql://ada@db/people\u{1B}[2J",
            "postgresql://ada:s3c?ret@db/people",
            "postgresql://db/people?passw%6Frd=s3cret&%70assword=s3cret",
            "POSTGRESQL://ada:s3cret@db/people",
        ].compactMap(ServerAddress.init).map(\.shown)
        #expect(
            shown == [
                "postgresql://ada:***@db:5432/people",
                "postgres://ada:***@t@db/people?sslmode=require&password=***&user=ada",
                "postgresql://db/people?PASSWORD=***",
                "postgresql://ada@db/people␛[2J",
                "postgresql://ada:***@db/people",
                "postgresql://db/people?passw%6Frd=***&%70assword=***",
                "postgresql://ada:***@db/people",
            ])
        #expect(ServerAddress("Postgres://h/d")?.conninfo == "postgres://h/d")
        #expect(ServerAddress("/home/ada/people.sqlite") == nil)
    }

    @Test func noArgumentsIsTheInteractiveAppWithDefaults() async throws {
        #expect(try parse([]) == Invocation(configuration: Configuration(), command: .interactive))
    }

    @Test func eachCommandIsReadWithItsOptionsInAnyOrder() async throws {
        #expect(
            try parse(["list", "--json", "--page", "2", "--search=ad"]).command
                == .list(page: 2, search: "ad", json: true))
        #expect(try parse(["--json", "show", "7"]).command == .show(id: 7, json: true))
        #expect(
            try parse(["add", "--name", "Ada", "--email", "ada@example.org"]).command
                == .add(PersonDraft(name: "Ada", email: "ada@example.org")))
        #expect(
            try parse(["edit", "3", "--address", ""]).command
                == .edit(id: 3, changes: PersonChanges(address: "")))
        #expect(try parse(["delete", "4"]).command == .delete(id: 4))
        #expect(
            try parse(["--dry-run", "import", "contacts.csv"]).command
                == .importContacts(source: "contacts.csv", dryRun: true))
        #expect(
            try parse(["import", "HTTPS://example.org/c.json"]).command
                == .importContacts(source: "https://example.org/c.json", dryRun: false))
        #expect(try parse(["-h"]).command == .help)
        #expect(try parse(["--version"]).command == .version)
    }

    /// `people seed --help` (or `-h`, before or after the command) is
    /// seed's own page, not the general help; every command has one.
    @Test func eachCommandsHelpIsItsOwnPage() throws {
        let seed = try #require(CommandUsage.named("seed"))
        #expect(try parse(["seed", "--help"]).command == .usage(seed.page))
        #expect(try parse(["-h", "seed"]).command == .usage(seed.page))
        #expect(seed.page.hasPrefix("Usage: people seed N\n"))
        #expect(seed.page.contains("  N  how many, 1 to 1000000"))
        for usage in CommandUsage.all {
            #expect(try parse([usage.name, "-h"]).command == .usage(usage.page))
            #expect(usage.page.hasPrefix("Usage: \(usage.synopsis)\n"))
        }
        // A typo is refused as it is without --help, not answered with the
        // general help and status 0, which would hide it.
        #expect(throws: UsageError.self) { try parse(["sede", "--help"]) }
    }

    @Test func theDatabaseIsTheFlagElseTheVariableElseTheDataFolder() async throws {
        let home = ["HOME": "/home/ada"]
        #expect(
            try parse([], home).configuration.databasePath
                == (try DataFolder.defaultDatabasePath(environment: home)))
        #expect(
            try parse([], home.merging(["PEOPLE_DB": "/tmp/a.sqlite"]) { $1 }).configuration
                .databasePath == "/tmp/a.sqlite")
        #expect(
            try parse(["--db", "b.sqlite"], ["PEOPLE_DB": "/tmp/a.sqlite"]).configuration
                .databasePath == "b.sqlite")
        #expect(try parse([], [:]).configuration.databasePath == nil)
    }

    /// An empty or relative `HOME` gives no default database, and says why
    /// when the database is needed; `--db`, `PEOPLE_DB` and `--help` do not
    /// need it, so they are not stopped by it.
    @Test(arguments: [
        ("", "HOME is empty, so there is no data folder for the database"),
        ("relative", "HOME: 'relative' is not an absolute path, so there is no data folder"),
    ])
    func anEmptyOrRelativeHomeIsBadUsageWhenTheDatabaseIsNeeded(_ home: String, _ start: String)
        throws
    {
        let environment = ["HOME": home, "XDG_DATA_HOME": "relative-data"]
        let configuration = try parse(["list"], environment).configuration
        #expect(configuration.databasePath == nil)
        var message: String?
        do {
            _ = try configuration.requiredDatabasePath()
        } catch {
            message = error.message
        }
        #expect(message?.hasPrefix(start) == true, "got \(message ?? "no error")")
        #expect(message == configuration.dataFolderProblem?.message)
        #expect(
            try parse(["list", "--db", "/tmp/x.sqlite"], environment).configuration
                .requiredDatabasePath() == "/tmp/x.sqlite")
        #expect(
            try parse(["list"], environment.merging(["PEOPLE_DB": "/tmp/y.sqlite"]) { $1 })
                .configuration.requiredDatabasePath() == "/tmp/y.sqlite")
        #expect(try parse(["--help"], environment).command == .help)
    }

    @Test func withoutAnyHomeTheDatabaseIsBadUsageToo() async {
        #expect(
            throws: UsageError(
                "no place for the database: set HOME or PEOPLE_DB, or pass --db PATH")
        ) {
            try Configuration().requiredDatabasePath()
        }
    }

    @Test func seedTakesACountInRange() async throws {
        #expect(try parse(["seed", "250"]).command == .seed(count: 250))
        #expect(message(["seed"]) == "'seed' needs a number of persons, such as 'people seed 1000'")
        #expect(message(["seed", "0"]) == "seed: '0' is out of range (1 to 1000000)")
    }

    @Test func flagsWinOverTheEnvironment() async throws {
        let environment = ["PEOPLE_PAGE_SIZE": "5", "PEOPLE_STORE": "memory"]
        #expect(try parse([], environment).configuration.pageSize == 5)
        #expect(try parse(["--page-size", "7"], environment).configuration.pageSize == 7)
    }

    /// Flags and variables that take a number follow the configuration
    /// file's rules: digits as written, one short line naming the source.
    @Test(arguments: [
        ("1e400", "'1e400' is not a whole number"),
        ("010", "'010' starts with 0; leading zeros are not allowed"),
        ("-0", "'-0' is out of range (1 to 500)"),
        ("0x10", "'0x10' is not a whole number"),
        (" 5", "' 5' is not a whole number"),
        ("+5", "'+5' has a plus sign; write the number without it"),
    ])
    func aNumberSettingIsJudgedAsWritten(_ text: String, _ expected: String) {
        #expect(message(["--page-size", text]) == "--page-size: " + expected)
        #expect(message([], ["PEOPLE_PAGE_SIZE": text]) == "PEOPLE_PAGE_SIZE: " + expected)
    }

    @Test func colourNeedsATerminalAndNoNoColor() async throws {
        #expect(try parse([], ["TERM": "xterm"], terminal: true).configuration.usesColor)
        #expect(try !parse([], ["TERM": "xterm"], terminal: false).configuration.usesColor)
        #expect(try !parse([], terminal: true).configuration.usesColor, "no TERM, no colour")
        #expect(try !parse([], ["NO_COLOR": "1"], terminal: true).configuration.usesColor)
        #expect(try !parse([], ["TERM": "dumb"], terminal: true).configuration.usesColor)
        #expect(try parse([], ["TERM": "xterm-256color"], terminal: true).configuration.usesColor)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus' (try 'people --help')"),
        (["-x"], "unknown option '-x' (try 'people --help')"),
        (["lsit"], "unknown command 'lsit' (try 'people --help')"),
        (["list", "--page"], "option '--page' needs a value"),
        (["list", "--page", "--json"], "option '--page' needs a value"),
        (["list", "--page", "0"], "--page: '0' is out of range (at least 1)"),
        (["list", "--page", "two"], "--page: 'two' is not a whole number"),
        (["--page-size", "501"], "--page-size: '501' is out of range (1 to 500)"),
        (
            ["--store", "paper"],
            "--store: unknown store 'paper' (expected one of: sqlite, memory, postgresql)"
        ),
        (["show"], "'show' needs a person id, such as 'people show 1'"),
        (["show", "abc"], "'abc' is not a person id (ids are whole numbers other than 0)"),
        (["show", "0"], "'0' is not a person id (ids are whole numbers other than 0)"),
        (["show", "1", "2"], "unexpected argument '2' after 'show'"),
        (["show", "1", "--name", "x"], "option '--name' does not apply to 'show'"),
        (["--json"], "option '--json' needs a command, such as 'people list --json …'"),
        (["list", "--json=yes"], "option '--json' takes no value, but was given 'yes'"),
        (["add"], "'add' needs --name NAME (or --email 'NAME <ADDRESS>')"),
        (["add", "--name", "A", "--name", "B"], "option '--name' is given more than once"),
        (
            ["edit", "1"],
            "'edit' needs at least one of --name, --email, --phone, --organization, --title, --nickname, --address, --city, --region, --postcode, --country, --birthday, --notes"
        ),
        (["import"], "'import' needs a file or URL, such as 'people import contacts.csv'"),
        (["import", "a.csv", "b.csv"], "unexpected argument 'b.csv' after 'import'"),
        (["list", "--dry-run"], "option '--dry-run' does not apply to 'list'"),
        (
            ["import", "ftp://example.org/a.csv"],
            "import: 'ftp' is not a scheme people reads; use a file, or an http:// or https:// URL"
        ),
    ])
    func badArgumentsGetOneLineNamingTheBadValue(_ arguments: [String], _ expected: String) {
        #expect(message(arguments) == expected)
    }

    @Test func badEnvironmentVariablesAreNamed() async {
        #expect(
            message([], ["PEOPLE_PAGE_SIZE": "lots"])
                == "PEOPLE_PAGE_SIZE: 'lots' is not a whole number")
        #expect(
            message([], ["PEOPLE_STORE": "cloud"])
                == "PEOPLE_STORE: unknown store 'cloud' (expected one of: sqlite, memory, postgresql)"
        )
    }

    @Test(
        arguments: [
            (["--db", ""], [:], "--db: the file name is empty"),
            (["--db="], [:], "--db: the file name is empty"),
            ([], ["PEOPLE_DB": ""], "PEOPLE_DB: the file name is empty"),
            (["--db", ":memory:"], [:], "--db: ':memory:' is SQLite's temporary database"),
            ([], ["PEOPLE_DB": ":memory:"], "PEOPLE_DB: ':memory:' is SQLite's temporary database"),
            (["--import", ""], [:], "--import: the file name is empty"),
        ] as [([String], [String: String], String)])
    func aDatabaseThatWouldKeepNothingIsRefusedNamingWhereItCameFrom(
        _ arguments: [String], _ environment: [String: String], _ start: String
    ) {
        #expect(message(["add", "--name", "X"] + arguments, environment)?.hasPrefix(start) == true)
    }

    @Test func aFlagMakesABadEnvironmentValueForTheSameSettingIrrelevant() async throws {
        let environment = ["PEOPLE_PAGE_SIZE": "abc", "PEOPLE_STORE": "floppy", "PEOPLE_DB": ""]
        let invocation = try parse(
            ["list", "--page-size", "5", "--store", "memory", "--db", "x.sqlite"], environment)
        #expect(invocation.configuration.pageSize == 5)
        #expect(invocation.configuration.storeKind == .memory)
        #expect(invocation.configuration.databasePath == "x.sqlite")
        // Without the flag the same variable is read, and refused.
        #expect(
            message(["list"], ["PEOPLE_PAGE_SIZE": "abc"])
                == "PEOPLE_PAGE_SIZE: 'abc' is not a whole number")
    }

    @Test(arguments: [
        ["--bad\u{1B}]0;x\u{07}"], ["show", "1\n2"], ["list", "extra\u{1B}[2J"],
        ["zap\r\nFAKE"], ["--page-size", "\u{9B}31m"],
    ])
    func messagesShowOutsideTextInertOnOneLine(_ arguments: [String]) throws {
        let text = try #require(message(arguments))
        #expect(!text.unicodeScalars.contains(where: InertText.isObeyed))
    }

    @Test func aHugeArgumentIsCutInTheMessage() async throws {
        let text = try #require(message(["show", String(repeating: "z", count: 100_000)]))
        #expect(text.count < 120)
    }

    /// Arguments with `HUGE` standing for an `a` carrying 30,000 combining
    /// acute accents: one character, 60,001 bytes.
    @Test(arguments: [
        ["HUGE"], ["--HUGE"], ["list", "--json=HUGE"], ["list", "HUGE"], ["--store", "HUGE"],
        ["show", "HUGE"], ["--page-size", "HUGE"], ["list", "--after", "HUGE"],
        ["export", "--format", "HUGE"], ["--config", "HUGE"], ["--import", "\u{1}HUGE"],
    ])
    func aRefusalQuotingOneHugeCharacterStaysShort(_ template: [String]) throws {
        let huge = "a" + String(repeating: "\u{301}", count: 30_000)
        let arguments = template.map { $0.replacingOccurrences(of: "HUGE", with: huge) }
        let text = try #require(message(arguments))
        #expect(text.utf8.count < 600, "\(text.utf8.count) bytes: \(InertText.quoted(text))")
    }

    @Test func listByCursorAndExportAreRead() async throws {
        let cursor = PageCursor(after: PersonSortKey(name: "Ada", id: 1))
        #expect(
            try parse(["list", "--after", cursor.text, "--json"]).command
                == .listAfter(cursor: cursor, search: "", json: true))
        #expect(try parse(["export"]).command == .export(format: .csv, search: ""))
        #expect(
            try parse(["export", "--format", "json", "--search", "ada"]).command
                == .export(format: .json, search: "ada"))
        #expect(
            message(["list", "--after", "x", "--page", "2"])
                == "--after and --page cannot be used together")
        #expect(
            try parse(["export", "--format", "vcard"]).command
                == .export(format: .vcard, search: ""))
        #expect(
            message(["export", "--format", "xml"])
                == "--format: unknown format 'xml' (expected one of: csv, json, vcard)")
        #expect(
            message(["list", "--format", "csv"]) == "option '--format' does not apply to 'list'")
    }

    @Test func csvFormulasIsReadForACSVExportAndKeepsByDefault() async throws {
        #expect(try parse(["export"]).command == .export(format: .csv, search: "", formulas: .keep))
        #expect(
            try parse(["export", "--csv-formulas", "neutralise"]).command
                == .export(format: .csv, search: "", formulas: .neutralise))
        #expect(
            try parse(["export", "--format=csv", "--csv-formulas=keep"]).command
                == .export(format: .csv, search: "", formulas: .keep))
        #expect(
            message(["export", "--csv-formulas", "neutralize"])
                == "--csv-formulas: unknown value 'neutralize' (expected one of: keep, neutralise)")
        #expect(
            message(["export", "--format", "json", "--csv-formulas", "neutralise"])
                == "--csv-formulas applies to --format csv, not json")
        #expect(
            message(["list", "--csv-formulas", "keep"])
                == "option '--csv-formulas' does not apply to 'list'")
    }
}
