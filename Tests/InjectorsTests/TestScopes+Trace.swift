import AppScope
import Features
import PeopleTestSupport

extension TestScopes {
    /// An app scope like ``app(input:command:pageSize:store:)``, whose wiring
    /// trace prints to its console's standard error, as `--trace` does.
    ///
    /// The trace is handed in rather than asked for by configuration, so the
    /// store is not wrapped in the tracing decorator and the trace holds only
    /// what the injectors build. It also keeps its steps, for tests that read
    /// them as values.
    static func tracedApp() -> AppScope {
        let console = RecordingConsole()
        return AppScope(
            console: console, readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: Fixtures.sampleStore(),
            wiring: WiringTrace(printer: console.writeErrorLine, keepsSteps: true))
    }
}
