import Features
import Foundation
import Palette

/// One run of `people`, as its arguments and environment describe it: the
/// settings to run with and the command to carry out.
///
/// `AppInjector.injectAppScope` reads the launch inputs through this type,
/// so the app scope only holds what was read.
public struct Invocation: Sendable, Equatable {
    /// The merged settings.
    public var configuration: Configuration
    /// What to do.
    public var command: Command
    /// The colours the terminal draws with, when it uses colour: the
    /// front end's alone, so kept beside the settings the app reads rather
    /// than among them (`Features` names no colour).
    public var theme: Theme
    /// How many colours the terminal shows, from the environment
    /// (``LaunchEnvironment/colorDepth(variables:outputIsTerminal:)``)
    /// unless `--color` names them: what each of the theme's colours is
    /// drawn as.
    public var colorDepth: ColorDepth
    /// The front end an interactive session draws with: like the theme, the
    /// composition root's to act on, not the app's.
    public var frontEnd: FrontEnd

    /// A ready-made invocation, for tests.
    public init(
        configuration: Configuration = Configuration(), command: Command = .interactive,
        theme: Theme = .standard, colorDepth: ColorDepth = .noColor, frontEnd: FrontEnd = .line
    ) {
        self.configuration = configuration
        self.command = command
        self.theme = theme
        self.colorDepth = colorDepth
        self.frontEnd = frontEnd
    }

    /// Reads the command line and the environment.
    ///
    /// Flags win over environment variables, which win over the
    /// configuration file (`--config`, else the default one when it is
    /// there: see ``DataFolder/defaultConfigurationPath(environment:)``),
    /// which wins over the defaults. A flag
    /// makes the environment variable for the same setting irrelevant: it is
    /// not even read, so a bad value there cannot stop a run that overrides
    /// it. The database lives at `--db`, else `PEOPLE_DB`, else the file's
    /// `database`, else in the per-user data folder (see ``DataFolder``); a
    /// `HOME` that is empty or relative is refused only if that folder is
    /// needed, when the database is opened
    /// (``Features/Configuration/requiredDatabasePath()``).
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - environment: the process's environment variables.
    ///   - outputIsTerminal: whether standard output is a terminal (colour is
    ///     used only then, and never when `NO_COLOR` is set and not empty, or
    ///     `TERM` is `dumb` or not set; see
    ///     ``LaunchEnvironment/colorDepth(variables:outputIsTerminal:)``).
    ///   - inputIsTerminal: whether standard input is a terminal: with the
    ///     output, it decides the front end a run that does not choose gets
    ///     (``FrontEnd/standard(inputIsTerminal:outputIsTerminal:term:)``).
    ///   - readFile: reads the configuration file; a test hands in its text.
    /// - Throws: ``Features/UsageError`` naming the first bad argument or variable.
    public init(
        arguments: [String], environment: [String: String], outputIsTerminal: Bool,
        inputIsTerminal: Bool = false,
        readFile: (String) throws(UsageError) -> Data = FileReader.readConfiguration
    ) throws(UsageError) {
        var parser = ArgumentParser(arguments)
        let parsed = try parser.parse()
        let options = parsed.options

        // Lowest first: defaults, then the file, then the environment, then flags.
        var configuration = Configuration()
        var theme = Theme.standard
        var frontEnd = FrontEnd.standard(
            inputIsTerminal: inputIsTerminal, outputIsTerminal: outputIsTerminal,
            term: environment["TERM"])
        do {
            configuration.databasePath = try DataFolder.defaultDatabasePath(
                environment: environment)
        } catch {
            configuration.dataFolderProblem = error
        }
        // Where the store kind and the database were set, when they were:
        // a server address must agree with the store asked for.
        var kindSource: String?
        var databaseSource: String?
        let configurationPath: String? =
            if let path = options["--config"] {
                try FilePath.checked(path, from: "--config")
            } else if let path = DataFolder.defaultConfigurationPath(environment: environment),
                FileReader.isPresent(path)
            {
                path
            } else {
                nil
            }
        if let path = configurationPath {
            let file = try ConfigurationFile(data: readFile(path), name: FilePath.shown(path))
            configuration = configuration.applying(file)
            if let chosen = file.theme { theme = chosen }
            if let chosen = file.frontEnd { frontEnd = chosen }
            if file.storeKind != nil { kindSource = "\(FilePath.shown(path)): 'store'" }
            if file.database != nil { databaseSource = "\(FilePath.shown(path)): 'database'" }
            configuration.imports = try configuration.imports.map { (source) throws(UsageError) in
                try ImportSource.checked(source, from: "\(FilePath.shown(path)): import")
            }
        }
        // The colours the terminal has (none for a dumb one, which shows
        // escape sequences as text), unless --color names others.
        var colorDepth = LaunchEnvironment.colorDepth(
            variables: environment, outputIsTerminal: outputIsTerminal)
        if let choice = options["--color"] {
            colorDepth = try LaunchEnvironment.colorDepth(choice: choice, detected: colorDepth)
        }
        configuration.usesColor = colorDepth != .noColor
        if let (store, source) = Self.setting("--store", "PEOPLE_STORE", options, environment) {
            configuration.storeKind = try Self.storeKind(store, from: source)
            kindSource = source
        }
        if let (size, source) = Self.setting(
            "--page-size", "PEOPLE_PAGE_SIZE", options, environment)
        {
            configuration.pageSize = try WholeNumber.parse(
                size, for: source, in: Configuration.pageSizes)
        }
        if let (path, source) = Self.setting("--db", "PEOPLE_DB", options, environment) {
            configuration.databasePath = try FilePath.checkedDatabase(path, from: source)
            databaseSource = source
        }
        try Self.chooseServer(&configuration, kindFrom: kindSource, databaseFrom: databaseSource)
        if let (schema, source) = Self.setting("--schema", "PEOPLE_SCHEMA", options, environment) {
            configuration.serverSchema = try Self.schema(schema, from: source)
        }
        if options["--debug"] != nil { configuration.debug = true }
        if options["--trace"] != nil { configuration.trace = true }
        if !parsed.imports.isEmpty {
            configuration.imports = try parsed.imports.map { (source) throws(UsageError) in
                try ImportSource.checked(source, from: "--import")
            }
        }
        let frontEndSetting = Self.setting("--ui", "PEOPLE_UI", options, environment)
        if let (text, source) = frontEndSetting {
            guard let chosen = FrontEnd(rawValue: text) else {
                throw UsageError(
                    "\(source): unknown front end \(InertText.quoted(text)) (expected full or line)"
                )
            }
            frontEnd = chosen
        }
        if let latency = options["--latency"] {
            configuration.latency = try DurationText.parse(latency, for: "--latency")
        }
        self.configuration = configuration
        self.theme = theme
        self.colorDepth = colorDepth
        self.command = try Self.command(from: parsed)
        // The split view needs a person at a terminal to read raw keys from
        // and draw on; a script that asks for it is told so, not hung.
        if frontEnd == .full, command == .interactive, !(inputIsTerminal && outputIsTerminal) {
            guard let (_, source) = frontEndSetting else {
                frontEnd = .line
                self.frontEnd = frontEnd
                return
            }
            throw UsageError(
                "\(source): full needs a terminal on standard input and output; use line in a script"
            )
        }
        self.frontEnd = frontEnd
    }

    /// `text` as the name of the schema the server's book is in.
    ///
    /// - Throws: ``Features/UsageError`` naming `source` and the value when
    ///   it is empty, holds a NUL (no server name can), or is over 63
    ///   bytes, which the server would cut to name another schema.
    static func schema(_ text: String, from source: String) throws(UsageError) -> String {
        guard !text.isEmpty else {
            throw UsageError("\(source): the schema's name is empty; give a schema, such as public")
        }
        guard !text.utf8.contains(0), text.utf8.count <= 63 else {
            throw UsageError(
                "\(source): \(InertText.quoted(text)) cannot name a schema (at most 63 bytes, no NUL)"
            )
        }
        return text
    }

    /// The flag's value, else the environment variable's, with the name of
    /// the one it came from; the variable is not looked at when the flag is given.
    private static func setting(
        _ flag: String, _ variable: String, _ options: [String: String],
        _ environment: [String: String]
    ) -> (value: String, source: String)? {
        if let value = options[flag] { return (value, flag) }
        return environment[variable].map { ($0, variable) }
    }

    private static func command(from parsed: ArgumentParser.Result) throws(UsageError) -> Command {
        let options = parsed.options
        if options["--help"] != nil {
            // `people seed --help` is seed's page; `people --help` the whole;
            // `people sede --help` the typo's one line, as without --help.
            guard let name = parsed.command else { return .help }
            guard let usage = CommandUsage.named(name) else {
                throw UsageError("unknown command \(InertText.quoted(name)) (try 'people --help')")
            }
            return .usage(usage.page)
        }
        if options["--version"] != nil { return .version }
        let json = options["--json"] != nil
        switch parsed.command {
        case nil:
            return .interactive
        case "list":
            let search = options["--search"] ?? ""
            if let text = options["--after"] {
                guard options["--page"] == nil else {
                    throw UsageError("--after and --page cannot be used together")
                }
                guard let cursor = PageCursor(text) else {
                    throw UsageError(
                        "--after: \(InertText.quoted(text)) is not a cursor from 'people list --json'"
                    )
                }
                return .listAfter(cursor: cursor, search: search, json: json)
            }
            let page = try options["--page"].map { (text) throws(UsageError) in
                try WholeNumber.parse(text, for: "--page", in: 1...Int.max)
            }
            return .list(page: page ?? 1, search: search, json: json)
        case "export":
            let text = options["--format"] ?? "csv"
            guard let format = ExportFormat(rawValue: text) else {
                let formats = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "--format: unknown format \(InertText.quoted(text)) (expected one of: \(formats))"
                )
            }
            return .export(
                format: format, search: options["--search"] ?? "",
                formulas: try formulaCells(options["--csv-formulas"], format: format))
        case "query":
            guard let text = parsed.operands.first else {
                throw UsageError("'query' needs the text to look for, such as 'people query ada'")
            }
            return .query(search: text)
        case "show":
            return .show(id: try id(parsed), json: json)
        case "add":
            // `--email 'Ada Lovelace <ada@example.org>'` names the person
            // itself; the draft's check says so if it does not.
            guard options["--name"] != nil || options["--email"] != nil else {
                throw UsageError("'add' needs --name NAME (or --email 'NAME <ADDRESS>')")
            }
            return .add(PersonDraft(texts: Self.fieldTexts(options)))
        case "edit":
            let changes = PersonChanges(texts: Self.fieldTexts(options))
            let id = try id(parsed)
            if changes.isEmpty {
                let fields = PersonField.allCases.map { "--\($0.rawValue)" }
                throw UsageError(
                    "'edit' needs at least one of \(fields.joined(separator: ", "))")
            }
            return .edit(id: id, changes: changes)
        case "delete":
            return .delete(id: try id(parsed))
        case "graph":
            return .graph
        case "import":
            guard let source = parsed.operands.first else {
                throw UsageError(
                    "'import' needs a file or URL, such as 'people import contacts.csv'")
            }
            return .importContacts(
                source: try ImportSource.checked(source, from: "import"),
                dryRun: options["--dry-run"] != nil)
        case "check":
            return .check(repairing: options["--repair"] != nil)
        case "seed":
            guard let text = parsed.operands.first else {
                throw UsageError("'seed' needs a number of persons, such as 'people seed 1000'")
            }
            return .seed(count: try WholeNumber.parse(text, for: "seed", in: 1...1_000_000))
        case "demo":
            return .demo
        case let other?:
            throw UsageError("unknown command '\(other)' (try 'people --help')")
        }
    }

    /// What `--csv-formulas` asks for: `keep` when it is not given.
    ///
    /// - Throws: ``Features/UsageError`` naming a value that is not one of
    ///   ``Features/FormulaCells``, or the option given with JSON, which
    ///   has no formulas to neutralise.
    private static func formulaCells(_ text: String?, format: ExportFormat) throws(UsageError)
        -> FormulaCells
    {
        guard let text else { return .keep }
        guard let formulas = FormulaCells(rawValue: text) else {
            let values = FormulaCells.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                "--csv-formulas: unknown value \(InertText.quoted(text)) (expected one of: \(values))"
            )
        }
        guard format == .csv else {
            throw UsageError("--csv-formulas applies to --format csv, not \(format.rawValue)")
        }
        return formulas
    }

    /// The text of each field given as an option (`--email 'work: a@b.org'`).
    private static func fieldTexts(_ options: [String: String]) -> [PersonField: String] {
        var texts: [PersonField: String] = [:]
        for field in PersonField.allCases {
            texts[field] = options["--\(field.rawValue)"]
        }
        return texts
    }

    private static func id(_ parsed: ArgumentParser.Result) throws(UsageError) -> Person.ID {
        let command = parsed.command ?? ""
        guard let text = parsed.operands.first else {
            throw UsageError("'\(command)' needs a person id, such as 'people \(command) 1'")
        }
        guard let id = Int(text), id != 0 else {
            throw UsageError(
                "\(InertText.quoted(text)) is not a person id (ids are whole numbers other than 0)")
        }
        return id
    }

    /// Takes a `postgresql://` address given as the database for the
    /// server store: it chooses that store unless another was asked for.
    ///
    /// - Throws: ``Features/UsageError`` when the address and the store
    ///   asked for disagree: a server's address for the `sqlite` store, or
    ///   a file path for the `postgresql` store.
    private static func chooseServer(
        _ configuration: inout Configuration, kindFrom kindSource: String?,
        databaseFrom databaseSource: String?
    ) throws(UsageError) {
        guard let databaseSource, let path = configuration.databasePath else { return }
        guard let server = ServerAddress(path) else {
            // Not shown: a mistyped address, or a key=value string, may
            // hold a password in a form no masking can be sure of.
            guard configuration.storeKind != .postgresql else {
                throw UsageError(
                    "\(databaseSource): the postgresql store needs a postgresql://user@host:port/dbname address"
                )
            }
            let lowered = path.prefix(12).lowercased()
            if lowered.hasPrefix("postgresql:") || lowered.hasPrefix("postgres:") {
                throw UsageError(
                    "\(databaseSource): a server's address begins postgresql:// (two slashes)")
            }
            return
        }
        if let problem = server.problem {
            throw UsageError("\(databaseSource): \(problem)")
        }
        if configuration.storeKind == .sqlite, let kindSource {
            throw UsageError(
                "\(databaseSource): \(server.shown) is a server's address, but \(kindSource) asks for the sqlite store, which needs a file"
            )
        }
        if configuration.storeKind == .sqlite { configuration.storeKind = .postgresql }
        configuration.server = server
        configuration.databasePath = nil
    }

    private static func storeKind(_ text: String, from source: String) throws(UsageError)
        -> StoreKind
    {
        guard let kind = StoreKind(rawValue: text) else {
            let kinds = StoreKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                "\(source): unknown store \(InertText.quoted(text)) (expected one of: \(kinds))")
        }
        return kind
    }

}
