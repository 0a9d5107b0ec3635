import Features
import PeopleTestSupport
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct SettingsTests {

    @Test func theBaseSettingsSayWhereDataLives() async throws {
        let configuration = Configuration(
            storeKind: .sqlite, pageSize: 7, databasePath: "/data/people.sqlite")
        let rows = try await BaseSettingsConfigurator(
            configuration: configuration, storeKind: .sqlite
        ).sections()[0].rows
        #expect(rows.contains(SettingsRow("Data", "/data/people.sqlite")))
        #expect(rows.contains(SettingsRow("Page size", "7")))
        #expect(rows.contains(SettingsRow("Version", AppVersion.current)))
    }

    @Test func aHandedInStoreIsNotNamedAsTheConfiguredKind() async throws {
        let rows = try await BaseSettingsConfigurator(
            configuration: Configuration(storeKind: .sqlite, databasePath: "/data/people.sqlite"),
            storeKind: nil
        ).sections()[0].rows
        #expect(rows.contains(SettingsRow("Store", "handed in")))
        #expect(rows.contains(SettingsRow("Data", "—")))
        #expect(!rows.contains { $0.value.contains("sqlite") })
    }

    @Test func theDebugSettingsAddStatisticsAndTheObjectGraph() async throws {
        let debug = DebugSettingsConfigurator(
            base: BaseSettingsConfigurator(
                configuration: Configuration(storeKind: .memory), storeKind: .memory),
            store: Fixtures.sampleStore(),
            objectGraph: { ["PersonListController", "  PersonStore"] })
        let sections = try await debug.sections()
        #expect(
            sections.map(\.title) == [
                "Settings", "Store statistics", "Object graph (as built so far)",
            ])
        #expect(sections[1].rows.contains(SettingsRow("Persons", "3")))
        #expect(sections[1].rows.contains(SettingsRow("Store type", "MemoryPersonStore")))
        #expect(sections[2].rows.map(\.value) == ["PersonListController", "  PersonStore"])
    }

    @Test func theScreenShowsWhatItsConfiguratorListsAndBackPops() async throws {
        let view = RecordingSettingsView()
        let navigator = RecordingNavigator()
        let work = ScopedWork()
        navigator.push(
            SettingsController(
                configurator: BaseSettingsConfigurator(
                    configuration: Configuration(), storeKind: .sqlite), view: view,
                navigator: navigator, work: work))
        #expect(view.models.first?.isLoading == true)
        await work.finish()
        let shown = try #require(view.models.last)
        #expect(shown.sections.count == 1)
        await shown.back()
        #expect(navigator.screens.isEmpty)
    }

    @Test func aFailingConfiguratorIsReportedAndBackStillCloses() async {
        let view = RecordingSettingsView()
        let navigator = RecordingNavigator()
        let work = ScopedWork()
        let debug = DebugSettingsConfigurator(
            base: BaseSettingsConfigurator(configuration: Configuration(), storeKind: .sqlite),
            store: StrictPersonStore(expectsCalls: true), objectGraph: { [] })
        let settings = SettingsController(
            configurator: debug, view: view, navigator: navigator, work: work)
        navigator.push(settings)
        await work.finish()
        #expect(view.loadFailures == ["Could not read the settings: disk unplugged"])
        await view.models.last?.back()
        #expect(navigator.screens.isEmpty)
    }

    @Test func backWhileTheSettingsAreReadCancelsTheReadAndNothingIsDrawnAfter() async throws {
        let view = RecordingSettingsView()
        let navigator = RecordingNavigator()
        let work = ScopedWork()
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let debug = DebugSettingsConfigurator(
            base: BaseSettingsConfigurator(configuration: Configuration(), storeKind: .sqlite),
            store: gated, objectGraph: { [] })
        navigator.push(
            SettingsController(configurator: debug, view: view, navigator: navigator, work: work))
        #expect(await gated.nextParkedCall() == "count")
        // A recording view acts on no key: press `b` as the terminal view would.
        await view.models.last?.back()
        #expect(navigator.screens.isEmpty)
        #expect(gated.cancelledCalls == 1, "leaving cancelled the read")
        #expect(view.models.count == 1, "only the loading model was ever drawn")
        #expect(work.runningCount == 0)
    }
}
