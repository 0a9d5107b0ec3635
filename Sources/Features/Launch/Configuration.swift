/// The settings the app runs with, merged from the launch inputs.
///
/// Built once, when the app scope is created, and never changed afterwards:
/// every object that needs a setting is handed the value by an injector.
public struct Configuration: Sendable, Equatable {
    /// Where persons are kept.
    public var store: StoreKind
    /// Rows per page on the list and in `people list`.
    public var pageSize: Int
    /// Whether terminal output may use colour.
    public var usesColor: Bool
    /// The SQLite file, for the `sqlite` store; `nil` when no place could be
    /// found for it (no `--db`, `PEOPLE_DB` or home folder).
    public var databasePath: String?

    /// The page sizes accepted.
    public static let pageSizes = 1...500

    /// Settings with the given values; the defaults are what a plain
    /// `people` run uses.
    public init(
        store: StoreKind = .sqlite, pageSize: Int = 10, usesColor: Bool = false,
        databasePath: String? = nil
    ) {
        self.store = store
        self.pageSize = pageSize
        self.usesColor = usesColor
        self.databasePath = databasePath
    }
}
