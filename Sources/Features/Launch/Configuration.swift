/// The settings the app runs with, merged from the launch inputs.
///
/// Built once, when the app scope is created, and never changed afterwards:
/// every object that needs a setting is handed the value by an injector.
/// (The program's version is not a setting but a constant of the build,
/// `Usage.version`, which the settings screen reads directly.)
public struct Configuration: Sendable, Equatable {
    /// Which kind of store keeps persons.
    public var storeKind: StoreKind
    /// Rows per page on the list and in `people list`.
    public var pageSize: Int
    /// Whether terminal output may use colour.
    public var usesColor: Bool
    /// The SQLite file, for the `sqlite` store; `nil` when no place could be
    /// found for it (no `--db`, `PEOPLE_DB` or home folder).
    public var databasePath: String?
    /// The terminal's colours, when colour is used.
    public var theme: Theme
    /// Whether the settings screen shows the running app's object graph and
    /// store statistics.
    public var debug: Bool
    /// Whether every store call, and every object the injectors build, is
    /// logged to standard error.
    public var trace: Bool
    /// Files of read-only persons listed together with the stored ones.
    public var imports: [String]

    /// The page sizes accepted.
    public static let pageSizes = 1...500

    /// Settings with the given values; the defaults are what a plain
    /// `people` run uses.
    public init(
        storeKind: StoreKind = .sqlite, pageSize: Int = 10, usesColor: Bool = false,
        databasePath: String? = nil, theme: Theme = .standard, debug: Bool = false,
        trace: Bool = false, imports: [String] = []
    ) {
        self.storeKind = storeKind
        self.pageSize = pageSize
        self.usesColor = usesColor
        self.databasePath = databasePath
        self.theme = theme
        self.debug = debug
        self.trace = trace
        self.imports = imports
    }

    /// The SQLite file, or why there is none.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when neither `--db`,
    ///   `PEOPLE_DB` nor a home folder gave one.
    public func requiredDatabasePath() throws(PersonStoreError) -> String {
        guard let databasePath else {
            throw .storage("no place for the database: set HOME or PEOPLE_DB, or pass --db PATH")
        }
        return databasePath
    }

    /// These settings with every value the file gives put over them.
    public func applying(_ file: ConfigurationFile) -> Configuration {
        var merged = self
        if let storeKind = file.storeKind { merged.storeKind = storeKind }
        if let database = file.database { merged.databasePath = database }
        if let pageSize = file.pageSize { merged.pageSize = pageSize }
        if let theme = file.theme { merged.theme = theme }
        if let debug = file.debug { merged.debug = debug }
        if let trace = file.trace { merged.trace = trace }
        if let imports = file.imports { merged.imports = imports }
        return merged
    }
}
