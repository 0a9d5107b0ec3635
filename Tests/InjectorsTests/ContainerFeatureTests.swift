import AppScope
import Features
import Injectors
import TestSupport
import Testing

/// The features people reach for a container to get, done by the injectors.
@MainActor
@Suite struct ContainerFeatureTests {
    private func scope(
        _ configuration: Configuration, input: [String] = [],
        store: any PersonStore = Fixtures.sampleStore()
    ) -> AppScope {
        AppScope(
            invocation: Invocation(configuration: configuration),
            console: RecordingConsole(input: input),
            clock: Fixtures.clock, personStore: store)
    }

    @Test func theDebugOptionPicksTheDebugConfiguratorAndNothingElseChanges() throws {
        let base = try SettingsInjector.injectSettingsConfigurator(
            scope(Configuration(store: .memory)))
        let debug = try SettingsInjector.injectSettingsConfigurator(
            scope(Configuration(store: .memory, debug: true)))
        #expect(base is BaseSettingsConfigurator)
        #expect(debug is DebugSettingsConfigurator)
        #expect(try debug.sections().first == base.sections().first)
    }

    @Test func theDebugScreenShowsTheObjectGraphBuiltSoFar() throws {
        let app = scope(Configuration(store: .memory, debug: true), input: ["s", "q"])
        #expect(AppInjector.injectApplication(app).run() == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(
            output.contains(
                "Object graph (as built so far)\n  InteractiveSession\n    TerminalNavigator\n  PersonListController\n"
            ))
        #expect(output.contains("  Persons     3\n"))
        #expect(app.recordingConsole?.errors == "", "debug alone prints no trace")
    }

    @Test func traceWrapsTheStoreInTheDecoratorWithoutTheControllersKnowing() throws {
        let app = AppScope(
            invocation: Invocation(configuration: Configuration(store: .memory, trace: true)),
            console: RecordingConsole(input: ["2", "q"]), clock: Fixtures.clock)
        #expect(try StoreInjector.injectPersonStore(app) is TracingPersonStore)
        #expect(AppInjector.injectApplication(app).run() == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Alan Turing\n  Name     Alan Turing\n"))
        let errors = try #require(app.recordingConsole?.errors)
        #expect(errors.contains("trace: store.person(withID: 2) → #2 \"Alan Turing\" in "))
    }

    @Test func theTraceOfTheDetailScreenShowsWhatWasBuiltFromWhat() throws {
        let app = AppScope(
            invocation: Invocation(configuration: Configuration(store: .memory, trace: true)),
            console: RecordingConsole(), clock: Fixtures.clock, personStore: Fixtures.sampleStore())
        _ = try PersonDetailInjector.injectPersonDetailController(
            PersonScope(parent: app, person: Person.samples[0]))
        #expect(
            app.recordingConsole?.errors == """
                wiring: PersonDetailController (person #1)
                wiring:   OpenedPerson
                wiring:     PersonStore
                wiring:   TerminalPersonDetailView
                wiring:   TerminalNavigator

                """)
    }

    @Test func withoutTraceOrDebugNothingIsLoggedOrKept() throws {
        let app = scope(Configuration(store: .memory))
        _ = try PersonListInjector.injectPersonListController(app)
        #expect(!app.wiring.isOn)
        #expect(app.wiring.lines.isEmpty)
        #expect(app.recordingConsole?.errors == "")
    }
}
