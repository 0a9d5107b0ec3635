import Features
import Foundation
import Launch
import Palette
import PeopleTestSupport
import SQLiteStore
import Terminal
import Testing

@Suite struct ConfigurationFileTests {
    private func read(_ json: String) throws(UsageError) -> ConfigurationFile {
        try ConfigurationFile(data: Data(json.utf8), name: "people.json")
    }

    private func message(_ json: String) -> String? {
        do {
            _ = try read(json)
            return nil
        } catch {
            return error.message
        }
    }

    /// An invocation whose `--config` file holds `json`.
    private func invocation(
        _ arguments: [String], _ environment: [String: String] = [:], file json: String
    ) throws(UsageError) -> Invocation {
        try Invocation(
            arguments: ["--config", "people.json"] + arguments, environment: environment,
            outputIsTerminal: false,
            readFile: { (_) throws(UsageError) in Data(json.utf8) })
    }

    /// Without `--config`, `$XDG_CONFIG_HOME/people/config.json` is read
    /// when it is there (else `~/.config/people/config.json`), under the
    /// environment and the flags; `--config` names the one file read; a
    /// missing default file is no error.
    @Test func theDefaultConfigurationIsReadWhenThereAndConfigNamesAnother() throws {
        let folder = try TemporaryFolder()
        let xdg = folder.path("xdg")
        let home = folder.path("home")
        for place in [xdg + "/people", home + "/.config/people"] {
            try FileManager.default.createDirectory(
                atPath: place, withIntermediateDirectories: true)
        }
        try Data(#"{"pageSize": 7}"#.utf8).write(
            to: URL(fileURLWithPath: xdg + "/people/config.json"))
        try Data(#"{"pageSize": 8}"#.utf8).write(
            to: URL(fileURLWithPath: home + "/.config/people/config.json"))
        try Data(#"{"pageSize": 9}"#.utf8).write(
            to: URL(fileURLWithPath: folder.path("named.json")))
        func pageSize(_ arguments: [String], _ environment: [String: String]) throws -> Int? {
            try Invocation(arguments: arguments, environment: environment, outputIsTerminal: false)
                .configuration.pageSize
        }
        #expect(try pageSize([], ["XDG_CONFIG_HOME": xdg, "HOME": home]) == 7)
        #expect(try pageSize([], ["HOME": home]) == 8)
        #expect(try pageSize([], ["XDG_CONFIG_HOME": "relative", "HOME": home]) == 8)
        #expect(try pageSize(["--config", folder.path("named.json")], ["HOME": home]) == 9)
        #expect(try pageSize([], ["HOME": home, "PEOPLE_PAGE_SIZE": "3"]) == 3)
        #expect(try pageSize([], ["HOME": folder.path("nowhere")]) == Configuration().pageSize)
        #expect(try pageSize([], [:]) == Configuration().pageSize)
    }

    /// A configuration someone else could write is refused, as OpenSSH
    /// refuses such a config: by name, with the fix, the default one and
    /// one named by `--config` alike.
    @Test func aConfigurationOthersCanWriteIsRefusedByName() throws {
        let folder = try TemporaryFolder()
        let xdg = folder.path("xdg")
        try FileManager.default.createDirectory(
            atPath: xdg + "/people", withIntermediateDirectories: true)
        let path = xdg + "/people/config.json"
        try Data(#"{"pageSize": 7}"#.utf8).write(to: URL(fileURLWithPath: path))
        for mode in [0o664, 0o646] {
            #expect(chmod(path, mode_t(mode)) == 0)
            for (arguments, environment) in [
                ([String](), ["XDG_CONFIG_HOME": xdg]), (["--config", path], [:]),
            ] {
                let error = #expect(throws: UsageError.self) {
                    try Invocation(
                        arguments: arguments, environment: environment, outputIsTerminal: false)
                }
                #expect(
                    error?.message
                        == "\(path): can be written by others (mode \(String(mode, radix: 8))); make it yours alone with chmod go-w"
                )
            }
        }
        #expect(chmod(path, 0o600) == 0)
        #expect(
            try Invocation(
                arguments: [], environment: ["XDG_CONFIG_HOME": xdg], outputIsTerminal: false
            )
            .configuration.pageSize == 7)
    }

    /// The file's `schema` names the server book's schema, under
    /// `PEOPLE_SCHEMA` and `--schema`; an empty one is named in one line.
    @Test func theSchemaKeyGivesTheServerBooksSchemaUnderTheVariableAndTheFlag() async throws {
        let json = #"{"schema": "team"}"#
        #expect(try invocation([], file: json).configuration.serverSchema == "team")
        #expect(
            try invocation([], ["PEOPLE_SCHEMA": "variable"], file: json).configuration
                .serverSchema == "variable")
        #expect(
            try invocation(["--schema", "flag"], file: json).configuration.serverSchema == "flag")
        #expect(
            message(#"{"schema": ""}"#)
                == "people.json: 'schema': the schema's name is empty; give a schema, such as public"
        )
    }

    @Test func everyKeyIsReadIntoItsType() async throws {
        let file = try read(
            """
            {"store": "memory", "database": "/srv/people.sqlite", "pageSize": 25, "debug": true,
             "trace": false, "import": ["a.csv", "b.json"], "theme": {"title": "#ffb000"}}
            """)
        #expect(file.storeKind == .memory)
        #expect(file.database == "/srv/people.sqlite")
        #expect(file.pageSize == 25)
        #expect(file.debug == true && file.trace == false)
        #expect(file.imports == ["a.csv", "b.json"])
        #expect(file.theme?.title == RGBColor(red: 0xFF, green: 0xB0, blue: 0x00))
        #expect(
            file.theme?.error == Theme.standard.error, "a colour left out keeps the standard one")
    }

    @Test func anEmptyObjectChangesNothing() async throws {
        #expect(try invocation([], file: "{}").configuration == Configuration())
        #expect(try invocation([], file: "{}").theme == .standard)
    }

    @Test func theFilesThemeReachesTheTerminalBesideTheSettingsNotAmongThem() async throws {
        let launched = try invocation([], file: ##"{"theme": {"keys": "#010203"}}"##)
        #expect(launched.theme.keys == RGBColor(red: 1, green: 2, blue: 3))
        #expect(launched.theme.title == Theme.standard.title)
        #expect(launched.configuration == Configuration(), "the app's settings hold no colour")
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefaults() async throws {
        let file = #"{"pageSize": 30, "store": "memory", "database": "/from/file.sqlite"}"#
        #expect(try invocation([], file: file).configuration.pageSize == 30)
        #expect(
            try invocation([], ["PEOPLE_PAGE_SIZE": "40"], file: file).configuration.pageSize == 40)
        #expect(
            try invocation(["--page-size", "50"], ["PEOPLE_PAGE_SIZE": "40"], file: file)
                .configuration.pageSize == 50)
        #expect(
            try invocation([], ["PEOPLE_DB": "/from/env.sqlite"], file: file).configuration
                .databasePath == "/from/env.sqlite")
        #expect(
            try invocation(["--store", "sqlite"], file: file).configuration.storeKind == .sqlite)
        #expect(try invocation([], file: file).configuration.databasePath == "/from/file.sqlite")
    }

    @Test func debugAndTraceComeFromTheFileOrTheFlags() async throws {
        #expect(try invocation([], file: #"{"debug": true}"#).configuration.debug)
        #expect(try invocation(["--trace"], file: "{}").configuration.trace)
        #expect(
            try invocation(["--import", "x.csv"], file: #"{"import": ["y.csv"]}"#).configuration
                .imports == ["x.csv"])
    }

    @Test(arguments: [
        ("{", "people.json: not valid JSON"),
        ("[1, 2]", "people.json: expected a JSON object of settings, such as {\"pageSize\": 20}"),
        (
            #"{"pagesize": 3}"#,
            "people.json: unknown key 'pagesize' (known keys: store, database, pageSize, debug, trace, import, theme, ui, schema)"
        ),
        (#"{"pageSize": "ten"}"#, "people.json: 'pageSize' must be a whole number, not 'ten'"),
        (#"{"pageSize": 2.5}"#, "people.json: 'pageSize': '2.5' is not a whole number"),
        (#"{"pageSize": 0}"#, "people.json: 'pageSize': '0' is out of range (1 to 500)"),
        (#"{"pageSize": true}"#, "people.json: 'pageSize' must be a whole number, not true"),
        (#"{"debug": 1}"#, "people.json: 'debug' must be true or false, not 1"),
        (
            #"{"store": "cloud"}"#,
            "people.json: 'store' is 'cloud', expected one of: sqlite, memory"
        ),
        (#"{"store": null}"#, "people.json: 'store' must be a string, not null"),
        (
            #"{"import": "a.csv"}"#,
            "people.json: 'import' must be a list of file names or URLs, not 'a.csv'"
        ),
        (#"{"import": ["a.csv", 3]}"#, "people.json: 'import[1]' must be a string, not 3"),
        (
            #"{"theme": "dark"}"#,
            "people.json: 'theme' must be an object of colours, such as {\"title\": \"#FFB000\"}, not 'dark'"
        ),
        (
            #"{"theme": {"title": "blue"}}"#,
            "people.json: 'theme.title' is 'blue', not a colour like #RRGGBB"
        ),
        (
            ##"{"theme": {"error": "#12345"}}"##,
            "people.json: 'theme.error' is '#12345', not a colour like #RRGGBB"
        ),
        (
            ##"{"theme": {"border": "#123456"}}"##,
            "people.json: unknown key 'theme.border' (known keys: title, keys, error, success)"
        ),
    ])
    func everyMistakeNamesTheFileTheKeyAndTheProblem(_ json: String, _ expected: String) {
        let text = message(json)
        #expect(text?.hasPrefix(expected) == true, "got \(text ?? "no error")")
    }

    /// Files with `HUGE` standing for an `a` carrying 30,000 combining acute
    /// accents: one character, 60,001 bytes.
    @Test(arguments: [
        #"{"store": "HUGE"}"#, #"{"HUGE": 1}"#, #"{"pageSize": "HUGE"}"#,
        #"{"theme": {"title": "HUGE"}}"#, ##"{"theme": {"HUGE": "#000000"}}"##,
        #"{"import": ["\u0001HUGE"]}"#,
    ])
    func aRefusalQuotingOneHugeCharacterStaysShort(_ template: String) throws {
        let huge = "a" + String(repeating: "\u{301}", count: 30_000)
        let text = try #require(message(template.replacingOccurrences(of: "HUGE", with: huge)))
        #expect(text.utf8.count < 600, "\(text.utf8.count) bytes: \(InertText.quoted(text))")
    }

    /// A number in the file is judged as it was written, not after a JSON
    /// decoder has turned it into a `Double`: every odd one gets one short
    /// line naming the key, where before the whole file was "not valid JSON".
    @Test(arguments: [
        ("1e400", "'pageSize': '1e400' is not a whole number"),
        ("010", "'pageSize': '010' starts with 0; leading zeros are not allowed"),
        ("-0", "'pageSize': '-0' is out of range (1 to 500)"),
        ("0x10", "'pageSize': '0x10' is not a whole number"),
        (#"" 5""#, "'pageSize' must be a whole number, not ' 5'"),
        ("+5", "'pageSize': '+5' has a plus sign; write the number without it"),
        ("NaN", "'pageSize': 'NaN' is not a whole number"),
        ("5.0", "'pageSize': '5.0' is not a whole number"),
        ("-1", "'pageSize': '-1' is out of range (1 to 500)"),
        ("501", "'pageSize': '501' is out of range (1 to 500)"),
        ("9223372036854775808", "'pageSize': '9223372036854775808' is out of range (1 to 500)"),
        ("٥", "'pageSize': '٥' is not a whole number"),
    ])
    func aNumberIsJudgedAsWrittenNamingTheKey(_ number: String, _ expected: String) {
        #expect(message(#"{"pageSize": \#(number)}"#) == "people.json: " + expected)
    }

    @Test func aHundredThousandDigitNumberIsOneShortLine() async throws {
        let nines = String(repeating: "9", count: 100_000)
        let text = try #require(message(#"{"pageSize": \#(nines)}"#))
        #expect(text.utf8.count < 200, "\(text.utf8.count) bytes")
        #expect(
            text == "people.json: 'pageSize': '\(nines.prefix(59))…' is out of range (1 to 500)")
        let zeros = try #require(message(#"{"pageSize": 0\#(nines)}"#))
        #expect(zeros.hasSuffix("…' starts with 0; leading zeros are not allowed"))
    }

    @Test(arguments: [
        (
            #"{"pageSize": 5 x}"#,
            "people.json: not valid JSON (line 1: expected ',' or '}', found 'x')"
        ),
        (
            "{\n\"store\": \"memory\",\n\"store\": \"sqlite\"}",
            "people.json:3: the key 'store' is given twice; which one counts?"
        ),
        (
            #"{"store": "\ud800"}"#,
            "people.json: not valid JSON (line 1: \\uD800 is half of a surrogate pair)"
        ),
        (
            String(repeating: "[", count: 100_000),
            "people.json: not valid JSON (line 1: lists and objects nest more than 32 deep)"
        ),
        ("", "people.json: not valid JSON (line 1: the file is empty)"),
        ("\u{FEFF}{\"pageSize\": 0}", "people.json: 'pageSize': '0' is out of range (1 to 500)"),
    ])
    func theFileIsReadAsJSONWithoutADecoder(_ json: String, _ expected: String) {
        #expect(message(json) == expected)
    }

    @Test func aTrailingCommaAndEscapesAreRead() async throws {
        let file = try read(
            #"{"store": "memory", "database": "/a\u00e9\ud83d\ude00\/b", "pageSize": 12,}"#)
        #expect(file.database == "/aé😀/b")
        #expect(file.pageSize == 12 && file.storeKind == .memory)
    }

    @Test func aMissingFileIsAUsageErrorNamingIt() async {
        #expect(throws: UsageError("/no/such/people.json: no such file")) {
            try Invocation(
                arguments: ["--config", "/no/such/people.json"], environment: [:],
                outputIsTerminal: false)
        }
    }

    @Test(arguments: [("#000000", 0, 0, 0), ("#FFB000", 255, 176, 0), ("#0a0B0c", 10, 11, 12)])
    func coloursConvertFromHex(_ text: String, _ red: UInt8, _ green: UInt8, _ blue: UInt8) async {
        #expect(RGBColor(hex: text) == RGBColor(red: red, green: green, blue: blue))
        #expect(RGBColor(hex: text)?.description == text.uppercased())
    }

    @Test(arguments: ["", "#", "FFB000", "#FFB00", "#FFB0000", "#GGGGGG", "#+FFFFF", "#-FFFFF"])
    func anythingElseIsNotAColour(_ text: String) async {
        #expect(RGBColor(hex: text) == nil)
    }

    @Test(arguments: [
        (
            #"{"pageSize": 9223372036854775807}"#,
            "people.json: 'pageSize': '9223372036854775807' is out of range (1 to 500)"
        ),
        (#"{"pageSize": -1e300}"#, "people.json: 'pageSize': '-1e300' is not a whole number"),
        (#"{"pageSize": 2.5}"#, "people.json: 'pageSize': '2.5' is not a whole number"),
        (#"{"database": ""}"#, "people.json: 'database': the file name is empty"),
        (
            #"{"database": ":memory:"}"#,
            "people.json: 'database': ':memory:' is SQLite's temporary database, which keeps nothing; use --store memory for that"
        ),
        (
            #"{"import": ["a\u0000b"]}"#,
            "people.json: 'import[0]': 'a␀b' contains the control character U+0000"
        ),
        (
            #"{"k\u001b]0;x\u0007": 1}"#,
            "people.json: unknown key 'k␛]0;x␇' (known keys: store, database, pageSize, debug, trace, import, theme, ui, schema)"
        ),
    ])
    func outsideValuesAreNamedExactlyAndInert(_ json: String, _ expected: String) {
        #expect(message(json) == expected)
    }
}
