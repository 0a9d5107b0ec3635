/// The settings everyone sees: where persons are kept, the page size, the
/// version.
public struct BaseSettingsConfigurator: SettingsConfigurator {
    private let configuration: Configuration
    private let storeKind: StoreKind?

    /// Lists the settings of `configuration`, and `storeKind` as the store.
    ///
    /// - Parameters:
    ///   - configuration: the settings the app runs with.
    ///   - storeKind: the kind of the store in use; `nil` when the store was
    ///     handed in (a test's fake), so that the screen does not name the
    ///     configured kind above a different store.
    public init(configuration: Configuration, storeKind: StoreKind?) {
        self.configuration = configuration
        self.storeKind = storeKind
    }

    public func sections() async throws -> [SettingsSection] {
        [
            SettingsSection(
                title: "Settings",
                rows: [
                    SettingsRow("Store", storeKind?.rawValue ?? "handed in"),
                    SettingsRow("Data", dataLocation),
                    SettingsRow(
                        "Imported",
                        configuration.imports.isEmpty
                            ? "—" : configuration.imports.joined(separator: ", ")),
                    SettingsRow("Page size", String(configuration.pageSize)),
                    SettingsRow("Version", AppVersion.current),
                ])
        ]
    }

    private var dataLocation: String {
        switch storeKind {
        case .sqlite: configuration.databasePath ?? "—"
        case .memory: "in memory; nothing is saved"
        case .postgresql: configuration.server.shown
        case nil: "—"
        }
    }
}
