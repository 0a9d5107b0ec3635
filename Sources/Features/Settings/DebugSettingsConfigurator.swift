/// The settings QA sees with `--debug`: the base settings, then statistics
/// of the store and the object graph of the running app.
///
/// A decorator of the base configurator: it adds sections and changes none.
public struct DebugSettingsConfigurator: SettingsConfigurator {
    private let base: any SettingsConfigurator
    private let store: any PersonStore
    private let objectGraph: () -> [String]

    /// Adds debug sections to what `base` lists.
    ///
    /// - Parameters:
    ///   - base: the configurator whose sections come first.
    ///   - store: the app's store, to count and name.
    ///   - objectGraph: the tree of objects the injectors have built so far.
    public init(
        base: any SettingsConfigurator, store: any PersonStore,
        objectGraph: @escaping () -> [String]
    ) {
        self.base = base
        self.store = store
        self.objectGraph = objectGraph
    }

    public func sections() async throws -> [SettingsSection] {
        let graph = objectGraph()
        let persons = try await store.count(matching: "")
        return try await base.sections() + [
            SettingsSection(
                title: "Store statistics",
                rows: [
                    SettingsRow("Persons", String(persons)),
                    SettingsRow("Store type", String(describing: type(of: store))),
                ]),
            SettingsSection(
                title: "Object graph (as built so far)",
                rows: graph.isEmpty
                    ? [SettingsRow("—", "nothing recorded")]
                    : graph.map { SettingsRow("", $0) }),
        ]
    }
}
