/// The settings the app runs with, merged from the launch inputs.
///
/// Built once, when the app scope is created, and never changed afterwards:
/// every object that needs a setting is handed the value by an injector.
/// (The program's version is not a setting but a constant of the build,
/// ``AppVersion/current``, which the settings screen reads directly.)
public struct Configuration: Sendable, Equatable {
    /// Which kind of store keeps persons.
    public var storeKind: StoreKind
    /// Rows per page in the line front end and in `people list`; the
    /// full-screen list's page is as tall as its window instead.
    public var pageSize: Int
    /// Whether terminal output may use colour (the launch's colour depth
    /// is not none); the front ends draw at the depth itself.
    public var usesColor: Bool
    /// The SQLite file, for the `sqlite` store; `nil` when no place could be
    /// found for it (no `--db`, `PEOPLE_DB`, file `database` or usable home
    /// folder).
    public var databasePath: String?
    /// The server, for the `postgresql` store: from a `postgresql://`
    /// address given where a file could be (`--db`, `PEOPLE_DB`, the file's
    /// `database`), else the client library's defaults.
    public var server: ServerAddress
    /// The schema the server's book is in (`--schema`, `PEOPLE_SCHEMA`, the
    /// file's `schema`); `nil` finds it on the search path.
    ///
    /// Where each user has a schema of their own, first on their search
    /// path, a team names one schema here so that every user opens, and
    /// the first makes, the same book.
    public var serverSchema: String?
    /// Why the per-user data folder cannot hold the database: `HOME` is set
    /// but empty or relative (see `DataFolder` in the `Launch` module).
    ///
    /// Kept rather than thrown at launch, so that a run that never opens the
    /// database (`--help`, `--store memory`) is not stopped by it.
    public var dataFolderProblem: UsageError?
    /// Whether the settings screen shows the running app's object graph and
    /// store statistics.
    public var debug: Bool
    /// Whether every store call, and every object the injectors build, is
    /// logged to standard error.
    public var trace: Bool
    /// Files and URLs of read-only persons listed together with the stored
    /// ones.
    public var imports: [String]
    /// How long every store call waits first (`--latency`), or `nil`.
    public var latency: Duration?

    /// The page sizes accepted.
    public static let pageSizes = 1...500

    /// Settings with the given values; the defaults are what a plain
    /// `people` run uses.
    public init(
        storeKind: StoreKind = .sqlite, pageSize: Int = 10, usesColor: Bool = false,
        databasePath: String? = nil, server: ServerAddress = .defaults,
        serverSchema: String? = nil, dataFolderProblem: UsageError? = nil,
        debug: Bool = false, trace: Bool = false,
        imports: [String] = [], latency: Duration? = nil
    ) {
        self.storeKind = storeKind
        self.pageSize = pageSize
        self.usesColor = usesColor
        self.databasePath = databasePath
        self.server = server
        self.serverSchema = serverSchema
        self.dataFolderProblem = dataFolderProblem
        self.debug = debug
        self.trace = trace
        self.imports = imports
        self.latency = latency
    }

    /// The SQLite file, or why there is none.
    ///
    /// - Throws: ``UsageError`` — bad usage, like an empty `--db` — when
    ///   neither `--db`, `PEOPLE_DB`, the file's `database` nor a home folder
    ///   gave one: the ``dataFolderProblem`` when `HOME` is empty or
    ///   relative, else that there is no place at all.
    public func requiredDatabasePath() throws(UsageError) -> String {
        guard let databasePath else {
            throw dataFolderProblem
                ?? UsageError("no place for the database: set HOME or PEOPLE_DB, or pass --db PATH")
        }
        return databasePath
    }
}
