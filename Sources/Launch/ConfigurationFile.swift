import Features
import Foundation
import Palette

/// The settings a JSON configuration file (`people --config FILE`) gives.
///
/// Every key is optional; a key present overrides the default, and is in turn
/// overridden by an environment variable or a flag. Every mistake is reported
/// as one line naming the file, the key and what is wrong:
///
/// ```json
/// {
///   "store": "sqlite",
///   "database": "/srv/people/people.sqlite",
///   "pageSize": 20,
///   "debug": false,
///   "theme": { "title": "#FFB000", "error": "#FF3030" }
/// }
/// ```
public struct ConfigurationFile: Sendable, Equatable {
    /// `"store"`: `"sqlite"`, `"memory"` or `"postgresql"`.
    public var storeKind: StoreKind?
    /// `"database"`: the SQLite file, or a `postgresql://` address.
    public var database: String?
    /// `"pageSize"`: rows per page.
    public var pageSize: Int?
    /// `"debug"`: whether the settings screen shows the debug details.
    public var debug: Bool?
    /// `"trace"`: whether store calls and wiring are logged to standard error.
    public var trace: Bool?
    /// `"import"`: files and URLs of read-only persons to show with the
    /// stored ones.
    public var imports: [String]?
    /// `"theme"`: colours for the terminal, as `#RRGGBB`.
    public var theme: Theme?
    /// `"ui"`: `"full"` or `"line"`, the interactive front end.
    public var frontEnd: FrontEnd?
    /// `"schema"`: the schema the server's book is in.
    public var schema: String?

    /// The keys a file may hold.
    public static let keys = [
        "store", "database", "pageSize", "debug", "trace", "import", "theme", "ui", "schema",
    ]

    /// Reads a configuration file's contents.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - name: the file as the user named it, for messages.
    /// - Throws: ``Features/UsageError`` naming the file, the key and the problem.
    public init(data: Data, name: String) throws(UsageError) {
        let object = try JSONValue.parse(ImportText.decode(data, name: name), name: name)
        guard case .object(let settings) = object else {
            throw UsageError(
                "\(name): expected a JSON object of settings, such as {\"pageSize\": 20}")
        }
        let reader = Reader(name: name)
        for key in settings.keys.sorted() where !Self.keys.contains(key) {
            throw UsageError(
                "\(name): unknown key \(InertText.quoted(key)) (known keys: \(Self.keys.joined(separator: ", ")))"
            )
        }
        if let value = settings["store"] {
            let text = try reader.string(value, key: "store")
            guard let kind = StoreKind(rawValue: text) else {
                let kinds = StoreKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "\(name): 'store' is \(InertText.quoted(text)), expected one of: \(kinds)")
            }
            storeKind = kind
        }
        if let value = settings["ui"] {
            let text = try reader.string(value, key: "ui")
            guard let chosen = FrontEnd(rawValue: text) else {
                throw UsageError(
                    "\(name): 'ui' is \(InertText.quoted(text)), expected one of: full, line")
            }
            frontEnd = chosen
        }
        database = try settings["database"].map { (value) throws(UsageError) in
            try FilePath.checkedDatabase(
                reader.string(value, key: "database"), from: "\(name): 'database'")
        }
        schema = try settings["schema"].map { (value) throws(UsageError) in
            try Invocation.schema(reader.string(value, key: "schema"), from: "\(name): 'schema'")
        }
        pageSize = try settings["pageSize"].map { (value) throws(UsageError) in
            try reader.integer(value, key: "pageSize", in: Configuration.pageSizes)
        }
        debug = try settings["debug"].map { (value) throws(UsageError) in
            try reader.bool(value, key: "debug")
        }
        trace = try settings["trace"].map { (value) throws(UsageError) in
            try reader.bool(value, key: "trace")
        }
        imports = try settings["import"].map { (value) throws(UsageError) in
            try reader.strings(value, key: "import")
        }
        theme = try settings["theme"].map { (value) throws(UsageError) in try reader.theme(value) }
    }
}

/// Reads one typed value from decoded JSON, or says what is wrong with it.
private struct Reader {
    let name: String

    func string(_ value: JSONValue, key: String) throws(UsageError) -> String {
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    func bool(_ value: JSONValue, key: String) throws(UsageError) -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(key, "true or false", value) }
        return bool
    }

    /// A whole number written in digits, judged as written (see ``WholeNumber``).
    func integer(_ value: JSONValue, key: String, in range: ClosedRange<Int>) throws(UsageError)
        -> Int
    {
        guard case .bare(let text) = value else { throw mismatch(key, "a whole number", value) }
        return try WholeNumber.parse(text, for: "\(name): '\(key)'", in: range)
    }

    func strings(_ value: JSONValue, key: String) throws(UsageError) -> [String] {
        guard case .array(let list) = value else {
            throw mismatch(key, "a list of file names or URLs", value)
        }
        var texts: [String] = []
        for (index, item) in list.enumerated() {
            let place = "\(key)[\(index)]"
            texts.append(
                try FilePath.checked(string(item, key: place), from: "\(name): '\(place)'"))
        }
        return texts
    }

    func theme(_ value: JSONValue) throws(UsageError) -> Theme {
        guard case .object(let colours) = value else {
            throw mismatch("theme", "an object of colours, such as {\"title\": \"#FFB000\"}", value)
        }
        let roles = Theme.roles.map(\.name)
        for key in colours.keys.sorted() where !roles.contains(key) {
            throw UsageError(
                "\(name): unknown key \(InertText.quoted("theme." + key)) (known keys: \(roles.joined(separator: ", ")))"
            )
        }
        var theme = Theme.standard
        for role in Theme.roles {
            guard let colour = colours[role.name] else { continue }
            let text = try string(colour, key: "theme.\(role.name)")
            guard let converted = RGBColor(hex: text) else {
                throw UsageError(
                    "\(name): 'theme.\(role.name)' is \(InertText.quoted(text)), not a colour like #RRGGBB"
                )
            }
            theme[keyPath: role.path] = converted
        }
        return theme
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> UsageError {
        UsageError("\(name): '\(key)' must be \(expected), not \(value.shown)")
    }
}

extension Configuration {
    /// These settings with every value the file gives put over them.
    public func applying(_ file: ConfigurationFile) -> Configuration {
        var merged = self
        if let storeKind = file.storeKind { merged.storeKind = storeKind }
        if let database = file.database { merged.databasePath = database }
        if let pageSize = file.pageSize { merged.pageSize = pageSize }
        if let debug = file.debug { merged.debug = debug }
        if let trace = file.trace { merged.trace = trace }
        if let imports = file.imports { merged.imports = imports }
        if let schema = file.schema { merged.serverSchema = schema }
        return merged
    }
}
