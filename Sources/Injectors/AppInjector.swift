import AppScope
import Features
import Foundation
import FullScreen
import Launch
import PersonFiles
import RemoteFiles
import Terminal

/// Builds the app scope from the launch inputs, then the application `main`
/// runs: an interactive session in a session scope of its own, the object
/// graph, or a one-shot command in the app scope.
///
/// The composition root: the only code that decides what is built from what.
/// Each `inject…` method is one expression of glue — an initializer call, a
/// scope cache, or another `inject…` call — passed through the scope (`make`,
/// `keep`, `reuse`, `begin`, `provider`), which reports it to the wiring
/// trace; a value two parts need (the console the scope and the line views
/// share) is handed down as a parameter, not kept in a local. (One method
/// alone, `StoreInjector`'s server store, first sets how Ctrl-C stops its
/// statements; `OneExpressionTests` holds every other to one expression.)
/// The whole object graph can be read in this folder, top down, without
/// running anything; `people graph` draws it.
@MainActor
public enum AppInjector {
    /// The app scope of a real run: the launch inputs parsed into settings
    /// and a command, the real terminal, the real reader of import sources
    /// (files, and URLs through the remote-files edge) and the chosen front
    /// end.
    ///
    /// The one place the launch edge is met: `main` hands over the process's
    /// inputs, and from the scope on, nothing reads them again.
    ///
    /// - Throws: ``Features/UsageError`` for a bad argument, environment
    ///   variable or configuration file.
    public static func injectAppScope(_ launch: LaunchEnvironment) throws(UsageError) -> AppScope {
        injectAppScope(try parse(launch), launch: launch)
    }

    /// The app scope of `invocation`, on the process's terminal.
    static func injectAppScope(_ invocation: Invocation, launch: LaunchEnvironment) -> AppScope {
        injectAppScope(invocation, launch: launch, console: injectConsole(invocation, launch))
    }

    /// The app scope of `invocation`, on `console`: the one the front end's
    /// line views write to as well.
    static func injectAppScope(
        _ invocation: Invocation, launch: LaunchEnvironment, console: StandardConsole
    ) -> AppScope {
        AppScope(
            configuration: invocation.configuration,
            command: invocation.command,
            console: console,
            readSource: injectSourceReader(),
            frontEnd: injectFrontEnd(invocation, console: console, launch: launch),
            sessionAnswersInterrupts: invocation.frontEnd == .full)
    }

    /// The process's terminal: standard input and output, in the colours
    /// the terminal has.
    static func injectConsole(_ invocation: Invocation, _ launch: LaunchEnvironment)
        -> StandardConsole
    {
        StandardConsole(
            showsPrompts: launch.inputIsTerminal, outputIsTerminal: launch.outputIsTerminal,
            style: TextStyle(depth: invocation.colorDepth, theme: invocation.theme))
    }

    /// The app scope of a real command line run on a console of the
    /// caller's: a fake one, in a test that runs the program end to end
    /// without a terminal or a process.
    ///
    /// Everything but the console is as in a real run: the launch inputs
    /// parsed by the real launch edge, the store they choose, the real
    /// reader of import sources. The views are the line front end's, on
    /// `console`: the full-screen one draws on a real terminal, and a test
    /// of it hands the session ``FullScreen/FullScreenViews`` on a terminal
    /// of its own.
    ///
    /// - Throws: ``Features/UsageError`` for a bad argument, environment
    ///   variable or configuration file, as a real run does.
    public static func injectAppScope(_ launch: LaunchEnvironment, console: any Console)
        throws(UsageError) -> AppScope
    {
        injectAppScope(try parse(launch), console: console)
    }

    /// The app scope of `invocation` on a caller's console, with no front
    /// end: each session draws in lines on `console`.
    static func injectAppScope(_ invocation: Invocation, console: any Console) -> AppScope {
        AppScope(
            configuration: invocation.configuration,
            command: invocation.command,
            console: console,
            readSource: injectSourceReader())
    }

    /// The launch inputs read by the launch edge, as both app scopes read them.
    private static func parse(_ launch: LaunchEnvironment) throws(UsageError) -> Invocation {
        try Invocation(
            arguments: launch.arguments, environment: launch.variables,
            outputIsTerminal: launch.outputIsTerminal, inputIsTerminal: launch.inputIsTerminal)
    }

    /// The front end a session draws with: what makes the views of each
    /// screen and the navigator that shows them, chosen here and nowhere
    /// else.
    ///
    /// The one `switch` that differs between the two front ends of the same
    /// controllers. It hands back a provider, not views: each session calls
    /// it for views of its own (``injectViewFactory(_:)``), and every
    /// injector below asks the session's factory for its view, and the
    /// session for its navigator, without knowing which it got.
    public static func injectFrontEnd(
        _ invocation: Invocation, console: StandardConsole, launch: LaunchEnvironment
    ) -> ViewFactoryProvider {
        switch invocation.frontEnd {
        case .line:
            {
                TerminalViews(
                    console: console,
                    width: .standardOutput(
                        outputIsTerminal: launch.outputIsTerminal,
                        columnsVariable: launch.variables["COLUMNS"]))
            }
        case .full:
            {
                FullScreenViews(
                    terminal: RawTerminal(
                        beforeEndingBySignal: StoreInjector.injectStopOfRunningStatements()),
                    writer: FrameWriter(depth: invocation.colorDepth, theme: invocation.theme),
                    book: bookName(invocation.configuration))
            }
        }
    }

    /// How the title line names the book: the file's name, the server's
    /// address (its password hidden), or that it is kept in memory.
    static func bookName(_ configuration: Configuration) -> String {
        switch configuration.storeKind {
        case .sqlite:
            configuration.databasePath.map { URL(fileURLWithPath: $0).lastPathComponent }
                ?? "people"
        case .memory: "in memory"
        case .postgresql: configuration.server.shown
        }
    }

    /// Reads an `--import` source: a file through the one file reader, a
    /// URL through the remote-files edge, whose limits treat every server as
    /// hostile.
    ///
    /// The launch edge tells a URL from a file, and is handed the fetch, so
    /// neither edge knows the other; a test hands the scope a reader of its
    /// own instead. On Linux the fetch runs in a child process of this
    /// program (`/proc/self/exe`), since one answer a server can send stops
    /// FoundationNetworking's process; elsewhere `URLSession` is the
    /// system's, and fetches in this one.
    public static func injectSourceReader() -> @Sendable (String) async throws -> Data {
        #if os(Linux)
            FileReader.importReader(
                fetchingURLsWith: ChildProcessHTTPSource(
                    fetchingWith: HTTPSource(
                        timeout: .seconds(15), sizeLimit: FileReader.downloadLimit),
                    program: URL(fileURLWithPath: "/proc/self/exe")
                ).fetch)
        #else
            FileReader.importReader(
                fetchingURLsWith: HTTPSource(
                    timeout: .seconds(15), sizeLimit: FileReader.downloadLimit
                ).fetch)
        #endif
    }

    /// The program for this run: the interactive session when no command was
    /// given, the object graph for `graph`, the contact import for `import`,
    /// otherwise the one-shot command runner.
    ///
    /// The choice is made here, from the scope's command, and nowhere else.
    public static func injectApplication(_ app: AppScope) -> any Application {
        switch app.command {
        case .interactive: injectInteractiveSession(app)
        case .graph: ObjectGraphInjector.injectObjectGraphCommand(app)
        case .importContacts(let source, let dryRun): injectContactImport(app, source, dryRun)
        default: injectPersonCommands(app)
        }
    }

    /// The interactive session, in a new session scope drawing with the
    /// app's front end.
    ///
    /// This is where a session scope begins. It ends when the person quits
    /// or the input ends: the session then ends the scope's work, and the
    /// scope is freed with the session object, which holds it through its
    /// navigator and root provider. A front end serving many people begins
    /// one per person instead, each on that person's views:
    /// `SessionInjector.injectInteractiveSession(app.begin(SessionScope(app:
    /// app, views: theirs)))`.
    public static func injectInteractiveSession(_ app: AppScope) -> InteractiveSession {
        SessionInjector.injectInteractiveSession(app.begin(SessionScope(app: app)))
    }

    /// The session's views, one factory per session, made on first use.
    ///
    /// The ones the session was handed (one person's, in a front end
    /// serving many; a test's recording views), else new ones from the
    /// front end ``injectFrontEnd(_:console:launch:)`` chose, else the line
    /// front end's on the app's console.
    ///
    /// Every `inject…View` method, and the session's navigator, asks it: the
    /// front end is picked once, in `injectFrontEnd`, and each session's
    /// factory is made here.
    public static func injectViewFactory(_ session: SessionScope) -> any ViewFactory {
        session.keep(session.viewsCache) {
            session.make(
                session.app.frontEnd?()
                    ?? TerminalViews(console: session.app.console, width: .unknown))
        }
    }

    /// `people import`: the source read through the scope's reader and the
    /// file-format edge, stored in the app's store, with the count drawn on
    /// standard error when that is a terminal.
    ///
    /// The store is handed over as a provider: a file with a bad record is
    /// refused before the book is opened.
    public static func injectContactImport(_ app: AppScope, _ source: String, _ dryRun: Bool)
        -> ContactImport
    {
        app.make(
            ContactImport(
                source: source, dryRun: dryRun,
                readContacts: PersonImport.contactReader(reading: app.readSource),
                storeProvider: StoreInjector.injectPersonStoreProvider(app), clock: app.clock,
                progress: TerminalProgressLine(), console: app.console))
    }

    /// The one-shot command runner, for scripts: no session, no navigator.
    ///
    /// The store is handed over as a provider: `--help` and `--version` never
    /// open it.
    public static func injectPersonCommands(_ app: AppScope) -> PersonCommands {
        app.make(
            PersonCommands(
                command: app.command,
                storeProvider: StoreInjector.injectPersonStoreProvider(app),
                pageSize: app.configuration.pageSize,
                clock: app.clock,
                writer: app.make(PersonFileWriter()),
                help: Usage.help(
                    keyReference: LineKeyMap.keyReference + "\n\n" + FullScreenKeyMap.keyReference),
                console: app.console))
    }
}
