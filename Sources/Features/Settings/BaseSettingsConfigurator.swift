/// The settings everyone sees: where persons are kept, the page size, the
/// version.
public struct BaseSettingsConfigurator: SettingsConfigurator {
    private let configuration: Configuration

    /// Lists the settings of `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    public func sections() throws -> [SettingsSection] {
        [
            SettingsSection(
                title: "Settings",
                rows: [
                    SettingsRow("Store", configuration.storeKind.rawValue),
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
        switch configuration.storeKind {
        case .sqlite: configuration.databasePath ?? "—"
        case .memory: "in memory; nothing is saved"
        }
    }
}
