import AppScope
import Features
import PeopleTestSupport

/// The scopes the injector tests build: by hand, in one expression, with a
/// scripted console and an in-memory store holding the samples.
@MainActor
enum TestScopes {
    /// An app scope with fakes for everything that touches the outside world.
    static func app(
        input: [String] = [], command: Command = .interactive, pageSize: Int = 10,
        store: any PersonStore = Fixtures.sampleStore()
    ) -> AppScope {
        AppScope(
            configuration: Configuration(pageSize: pageSize), command: command,
            console: RecordingConsole(input: input), readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock, personStore: store)
    }

    /// A session scope inside such an app scope.
    static func session(
        input: [String] = [], pageSize: Int = 10, store: any PersonStore = Fixtures.sampleStore()
    ) -> SessionScope {
        SessionScope(app: app(input: input, pageSize: pageSize, store: store))
    }
}

extension SessionScope {
    /// The console a test scope was built with.
    var recordingConsole: RecordingConsole? { app.recordingConsole }
}

extension AppScope {
    /// The console a test scope was built with.
    var recordingConsole: RecordingConsole? { console as? RecordingConsole }
}
