import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// The features people reach for a container to get, done by the injectors.
@MainActor
@Suite struct ContainerFeatureTests {
    private func scope(
        _ configuration: Configuration, input: [String] = [],
        store: any PersonStore = Fixtures.sampleStore()
    ) -> AppScope {
        AppScope(
            configuration: configuration,
            console: RecordingConsole(input: input), readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock, personStore: store)
    }

    @Test func theDebugOptionPicksTheDebugConfiguratorAndNothingElseChanges() async throws {
        let base = try SettingsInjector.injectSettingsConfigurator(
            SessionScope(app: scope(Configuration(storeKind: .memory))))
        let debug = try SettingsInjector.injectSettingsConfigurator(
            SessionScope(app: scope(Configuration(storeKind: .memory, debug: true))))
        #expect(base is BaseSettingsConfigurator)
        #expect(debug is DebugSettingsConfigurator)
        #expect(try await debug.sections().first == base.sections().first)
    }

    @Test func theDebugScreenShowsTheObjectGraphBuiltSoFar() async throws {
        let app = scope(Configuration(storeKind: .memory, debug: true), input: ["s", "", "q"])
        #expect(await AppInjector.injectApplication(app).run() == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(
            output.contains(
                """
                Object graph (as built so far)
                  SessionScope · begins · session
                  InteractiveSession · made · session
                    Navigator · kept · session
                      TerminalNavigator · made · session
                        ViewFactory · kept · session
                          TerminalViews · made · session
                    ScreenProvider · provider · session
                    ScopedWork · reused · session
                  ScreenProvider · called · session
                    PersonListController · made · session
                      PersonStore · kept · app
                        PersonStore (base) · reused · app
                      TerminalPersonListView · made · session
                        ViewFactory · reused · session

                """))
        #expect(output.contains("  Persons     3\n"))
        #expect(app.recordingConsole?.errors == "", "debug alone prints no trace")
    }

    @Test func traceWrapsTheStoreInTheDecoratorWithoutTheControllersKnowing() async throws {
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, trace: true),
            console: RecordingConsole(input: ["2", "", "q"]), readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock)
        #expect(try StoreInjector.injectPersonStore(app) is TracingPersonStore)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Alan Turing\n  Name     Alan Turing\n"))
        let errors = try #require(app.recordingConsole?.errors)
        #expect(errors.contains("trace: store.person(withID: 2) → #2 \"Alan Turing\" in "))
    }

    @Test func theTraceSaysWhatWasMadeOrReusedAndWhichScopeKeepsIt() async throws {
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, trace: true),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: Fixtures.sampleStore())
        let session = SessionScope(app: app)
        _ = SessionInjector.injectNavigator(session)
        let open = PersonDetailInjector.injectPersonDetailControllerProvider(session)
        _ = try open(Person.samples[0])
        #expect(
            app.recordingConsole?.errors == """
                wiring: Navigator · kept · session
                wiring:   TerminalNavigator · made · session
                wiring:     ViewFactory · kept · session
                wiring:       TerminalViews · made · session
                wiring: PersonDetailControllerProvider · provider · session
                wiring: PersonDetailControllerProvider · called · session
                wiring:   PersonScope · begins · person #1
                wiring:   OpenedPerson · kept · person #1
                wiring:     PersonStore · kept · app
                wiring:       TracingPersonStore · made · app
                wiring:         PersonStore (base) · reused · app
                wiring:   PersonDetailController · made · person #1
                wiring:     OpenedPerson · reused · person #1
                wiring:     TerminalPersonDetailView · made · person #1
                wiring:       ViewFactory · reused · session
                wiring:     Navigator · reused · session
                wiring:     LastChange · kept · session
                wiring:     PersonEditControllerProvider · provider · person #1
                wiring:     ScopedWork · reused · person #1

                """)
    }

    /// What the scope is handed, and what a protocol-typed call makes, is
    /// traced by its own type: the decorator, the view factory, the
    /// navigator and the view it makes, not the protocols they are declared as.
    @Test func whatIsDeclaredAsAProtocolIsTracedByItsOwnType() async throws {
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, trace: true),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            personStore: Fixtures.sampleStore(), frontEnd: { RecordingViews() },
            storeDecorators: [
                { UnpluggablePersonStore($0, unpluggedWith: .storage("offline"), forCalls: 0) }
            ])
        _ = try PersonListInjector.injectPersonListController(SessionScope(app: app))
        #expect(
            app.recordingConsole?.errors.hasPrefix(
                """
                wiring: PersonListController · made · session
                wiring:   PersonStore · kept · app
                wiring:     TracingPersonStore · made · app
                wiring:       PersonStore (base) · reused · app
                wiring:       UnpluggablePersonStore · made · app
                wiring:   RecordingPersonListView · made · session
                wiring:     ViewFactory · kept · session
                wiring:       RecordingViews · made · session
                wiring:   Navigator · kept · session
                wiring:     RecordingNavigator · made · session
                wiring:       ViewFactory · reused · session

                """) == true, "\(app.recordingConsole?.errors ?? "")")
    }

    @Test func withoutTraceOrDebugNothingIsLoggedOrKept() async throws {
        let app = scope(Configuration(storeKind: .memory))
        _ = try PersonListInjector.injectPersonListController(SessionScope(app: app))
        #expect(!app.wiring.isEnabled)
        #expect(app.wiring.lines.isEmpty)
        #expect(app.recordingConsole?.errors == "")
    }
}
