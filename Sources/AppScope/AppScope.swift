import Features
import Foundation

/// Everything that lives as long as the app: its configuration and its
/// app-wide singletons.
///
/// The root of the object graph. `main` makes one from the launch inputs and
/// hands it to an injector; after that, only injectors read it. Business code
/// never sees a scope — controllers get their collaborators through their
/// initializers.
///
/// Its stored values are fixed at construction. The singletons are made
/// lazily, by the injectors, through the scope's caches (``ScopeCache``), and
/// each cache keeps its value for as long as this scope lives.
///
/// A test builds one by hand, in one expression, handing it fakes:
///
/// ```swift
/// let scope = AppScope(console: RecordingConsole(), personStore: MemoryPersonStore())
/// ```
public final class AppScope: Sendable {
    /// The settings the app runs with.
    ///
    /// Lifetime: the app's; never changes.
    public let configuration: Configuration

    /// What this run of `people` was asked to do.
    ///
    /// Lifetime: the app's.
    public let command: Command

    /// The terminal: standard input and output, or a test's script.
    ///
    /// Lifetime: the app's; shared by every view and by the navigator.
    public let console: any Console

    /// The time new persons are stamped with.
    ///
    /// Lifetime: the app's.
    public let clock: @Sendable () -> Date

    /// The log of what the injectors build, for `--trace` and `--debug`.
    ///
    /// Lifetime: the app's; shared by every injector.
    public let wiring: WiringTrace

    /// The one store every screen reads and writes.
    ///
    /// Made on first use by
    /// `StoreInjector`; shared by this scope and every child scope for as long
    /// as the app runs.
    public let personStore: ScopeCache<any PersonStore>

    /// The navigation stack of the interactive session.
    ///
    /// Made on first use;
    /// shared by every controller for as long as the app runs.
    public let navigator = ScopeCache<TerminalNavigator>()

    /// A scope with these values; the one initializer tests use.
    ///
    /// - Parameters:
    ///   - invocation: the settings and command; a plain interactive run by default.
    ///   - console: where text goes and comes from.
    ///   - clock: the time new persons are stamped with.
    ///   - personStore: a store to use instead of making one, such as a fake.
    public init(
        invocation: Invocation = Invocation(),
        console: any Console,
        clock: @escaping @Sendable () -> Date = Date.init,
        personStore: (any PersonStore)? = nil
    ) {
        self.configuration = invocation.configuration
        self.command = invocation.command
        self.console = console
        self.clock = clock
        self.personStore = personStore.map(ScopeCache.init(holding:)) ?? ScopeCache()
        self.wiring =
            invocation.configuration.trace || invocation.configuration.debug
            ? WiringTrace(
                printer: invocation.configuration.trace ? console.writeErrorLine : nil,
                keepsLines: invocation.configuration.debug)
            : .off
    }

    /// The scope of a real run: every input read from the launch environment.
    ///
    /// - Throws: ``UsageError`` for a bad argument or environment variable.
    public convenience init(launch: LaunchEnvironment) throws(UsageError) {
        let invocation = try Invocation(
            arguments: launch.arguments, environment: launch.variables,
            outputIsTerminal: launch.outputIsTerminal)
        self.init(
            invocation: invocation,
            console: StandardConsole(
                showsPrompts: launch.inputIsTerminal,
                style: TextStyle(
                    usesColor: invocation.configuration.usesColor,
                    theme: invocation.configuration.theme)))
    }
}
