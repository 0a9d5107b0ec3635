import Features

/// Splits a command line into a command, its operands and its options, and
/// rejects what `people` does not accept.
///
/// Small on purpose: the package has no dependencies, and the grammar is
/// `people [options] [command [id]]`, with options allowed anywhere and
/// written `--name value` or `--name=value`.
struct ArgumentParser {
    /// What a command line says, before any value is interpreted.
    struct Result {
        /// The first word that is not an option, if any.
        var command: String?
        /// The words after the command.
        var operands: [String] = []
        /// Each option given, by its long name; flags map to an empty string.
        var options: [String: String] = [:]
        /// Every `--import` given, in order: the one option that may repeat.
        var imports: [String] = []
    }

    /// One option `people` accepts.
    private struct Option {
        let name: String
        let takesValue: Bool
        /// The commands it belongs to; `nil` for options every command takes.
        let commands: Set<String>?
    }

    private static let options: [Option] =
        [
            Option(name: "--store", takesValue: true, commands: nil),
            Option(name: "--page-size", takesValue: true, commands: nil),
            Option(name: "--db", takesValue: true, commands: nil),
            Option(name: "--schema", takesValue: true, commands: nil),
            Option(name: "--config", takesValue: true, commands: nil),
            Option(name: "--debug", takesValue: false, commands: nil),
            Option(name: "--trace", takesValue: false, commands: nil),
            Option(name: "--import", takesValue: true, commands: nil),
            Option(name: "--latency", takesValue: true, commands: nil),
            Option(name: "--ui", takesValue: true, commands: nil),
            Option(name: "--color", takesValue: true, commands: nil),
            Option(name: "--help", takesValue: false, commands: nil),
            Option(name: "--version", takesValue: false, commands: nil),
            Option(name: "--page", takesValue: true, commands: ["list"]),
            Option(name: "--after", takesValue: true, commands: ["list"]),
            Option(name: "--search", takesValue: true, commands: ["list", "export"]),
            Option(name: "--format", takesValue: true, commands: ["export"]),
            Option(name: "--csv-formulas", takesValue: true, commands: ["export"]),
            Option(name: "--json", takesValue: false, commands: ["list", "show"]),
            Option(name: "--repair", takesValue: false, commands: ["check"]),
            Option(name: "--dry-run", takesValue: false, commands: ["import"]),
        ]
        // One option for each field a person has: `--name`, `--email`, …
        + PersonField.allCases.map {
            Option(name: "--\($0.rawValue)", takesValue: true, commands: ["add", "edit"])
        }

    private static let operandCounts = [
        "list": 0, "add": 0, "show": 1, "edit": 1, "delete": 1, "seed": 1, "graph": 0, "export": 0,
        "check": 0, "demo": 0, "query": 1, "import": 1,
    ]

    private var remaining: ArraySlice<String>

    init(_ arguments: [String]) {
        remaining = arguments[...]
    }

    mutating func parse() throws(UsageError) -> Result {
        var result = Result()
        var words: [String] = []
        var onlyOperands = false
        while let argument = remaining.popFirst() {
            if onlyOperands || !argument.hasPrefix("-") || Self.isNegativeNumber(argument) {
                words.append(argument)
            } else if argument == "--" {
                onlyOperands = true
            } else {
                let (option, value) = try readOption(argument)
                if option.name == "--import" { result.imports.append(value) }
                if result.options[option.name] != nil, option.name != "--import" {
                    throw UsageError("option '\(option.name)' is given more than once")
                }
                result.options[option.name] = value
            }
        }
        result.command = words.first
        result.operands = Array(words.dropFirst())
        try check(result)
        return result
    }

    private mutating func readOption(_ argument: String) throws(UsageError) -> (Option, String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = argument == "-h" ? "--help" : parts.first.map(String.init) ?? argument
        guard let option = Self.options.first(where: { $0.name == name }) else {
            throw UsageError("unknown option \(InertText.quoted(name)) (try 'people --help')")
        }
        if parts.count == 2 {
            guard option.takesValue else {
                throw UsageError(
                    "option '\(name)' takes no value, but was given \(InertText.quoted(parts[1]))")
            }
            return (option, String(parts[1]))
        }
        guard option.takesValue else { return (option, "") }
        guard let value = remaining.first, !value.hasPrefix("--") else {
            throw UsageError("option '\(name)' needs a value")
        }
        remaining.removeFirst()
        return (option, value)
    }

    private func check(_ result: Result) throws(UsageError) {
        guard result.options["--help"] == nil, result.options["--version"] == nil else { return }
        guard let command = result.command else {
            if let stray = result.options.keys.sorted().first(where: { isCommandOption($0) }) {
                throw UsageError(
                    "option '\(stray)' needs a command, such as 'people list \(stray) …'")
            }
            return
        }
        guard let operandCount = Self.operandCounts[command] else {
            throw UsageError("unknown command \(InertText.quoted(command)) (try 'people --help')")
        }
        for name in result.options.keys.sorted() {
            let commands = Self.options.first { $0.name == name }?.commands
            if let commands, !commands.contains(command) {
                throw UsageError("option '\(name)' does not apply to '\(command)'")
            }
        }
        if result.operands.count > operandCount {
            throw UsageError(
                "unexpected argument \(InertText.quoted(result.operands[operandCount])) after '\(command)'"
            )
        }
    }

    /// `-1` is an id, not an option: an imported person's, or one that is
    /// not there, which gets the id's own error message.
    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.dropFirst().allSatisfy(\.isNumber)
    }

    private func isCommandOption(_ name: String) -> Bool {
        Self.options.first { $0.name == name }?.commands != nil
    }
}
