import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite struct SettingsTests {

    @Test func theBaseSettingsSayWhereDataLives() throws {
        let configuration = Configuration(
            storeKind: .sqlite, pageSize: 7, databasePath: "/data/people.sqlite")
        let rows = try BaseSettingsConfigurator(configuration: configuration, storeKind: .sqlite)
            .sections()[0].rows
        #expect(rows.contains(SettingsRow("Data", "/data/people.sqlite")))
        #expect(rows.contains(SettingsRow("Page size", "7")))
        #expect(rows.contains(SettingsRow("Version", AppVersion.current)))
    }

    @Test func aHandedInStoreIsNotNamedAsTheConfiguredKind() throws {
        let rows = try BaseSettingsConfigurator(
            configuration: Configuration(storeKind: .sqlite, databasePath: "/data/people.sqlite"),
            storeKind: nil
        ).sections()[0].rows
        #expect(rows.contains(SettingsRow("Store", "handed in")))
        #expect(rows.contains(SettingsRow("Data", "—")))
        #expect(!rows.contains { $0.value.contains("sqlite") })
    }

    @Test func theDebugSettingsAddStatisticsAndTheObjectGraph() throws {
        let debug = DebugSettingsConfigurator(
            base: BaseSettingsConfigurator(
                configuration: Configuration(storeKind: .memory), storeKind: .memory),
            store: Fixtures.sampleStore(),
            objectGraph: { ["PersonListController", "  PersonStore"] })
        let sections = try debug.sections()
        #expect(
            sections.map(\.title) == [
                "Settings", "Store statistics", "Object graph (as built so far)",
            ])
        #expect(sections[1].rows.contains(SettingsRow("Persons", "3")))
        #expect(sections[1].rows.contains(SettingsRow("Store type", "MemoryPersonStore")))
        #expect(sections[2].rows.map(\.value) == ["PersonListController", "  PersonStore"])
    }

    @Test func theScreenShowsWhatItsConfiguratorListsAndBackPops() throws {
        let view = RecordingSettingsView()
        let navigator = RecordingNavigator()
        navigator.push(
            SettingsController(
                configurator: BaseSettingsConfigurator(
                    configuration: Configuration(), storeKind: .sqlite), view: view,
                navigator: navigator))
        let shown = try #require(view.models.last)
        #expect(shown.sections.count == 1)
        shown.back()
        #expect(navigator.screens.isEmpty)
    }

    @Test func aFailingConfiguratorIsReportedAndTheScreenCloses() {
        let view = RecordingSettingsView()
        let navigator = RecordingNavigator()
        let debug = DebugSettingsConfigurator(
            base: BaseSettingsConfigurator(configuration: Configuration(), storeKind: .sqlite),
            store: StrictPersonStore(expectsCalls: true), objectGraph: { [] })
        navigator.push(SettingsController(configurator: debug, view: view, navigator: navigator))
        #expect(view.errors == ["Could not read the settings: disk unplugged"])
        #expect(navigator.screens.isEmpty)
    }
}
