import Features
import Foundation

/// Everything that lives as long as the app: its configuration and its
/// app-wide singletons.
///
/// Scopes nest: app → session (one interactive session, ``SessionScope``) →
/// person (one opened person, ``PersonScope``). A one-shot command runs in
/// the app scope alone.
///
/// The root of the object graph. `AppInjector.injectAppScope` makes one from
/// the launch inputs `main` hands it, and `main` hands the scope to the root
/// injector; after that, only injectors read it. Business code
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
/// let store = Fixtures.sampleStore()
/// let console = RecordingConsole()
/// let scope = AppScope(
///     console: console, readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
///     personStore: store)
/// ```
public final class AppScope: Scope {
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

    /// Reads an import source named on the command line or in the
    /// configuration: a file, or an `http://` or `https://` URL.
    ///
    /// Async, since a URL is downloaded; it throws a one-line error naming
    /// the source. Lifetime: the app's.
    public let readSource: @Sendable (String) async throws -> Data

    /// The one store every screen and command reads and writes: the base
    /// store, wrapped by `--import` and `--trace` as they ask.
    ///
    /// Lifetime: the app's. Made on first use by `StoreInjector`; shared by
    /// this scope and every scope inside it.
    public let storeCache = ScopeCache<any PersonStore>()

    /// The persons `--import` reads, one read-only store per source.
    ///
    /// An async singleton, since its sources may be URLs: fetched together,
    /// on the first store call that needs them; a failed fetch is not kept.
    ///
    /// Lifetime: the app's. Made by `StoreInjector`.
    public let importsCache = ScopeCache<[ReadOnlyPersonStore]>(named: "imported persons")

    /// The store of the configured kind, before anything wraps it.
    ///
    /// Lifetime: the app's. Made on first use by `StoreInjector`, or handed
    /// in by a test, in which case `--trace` and `--import` still wrap it.
    public let baseStoreCache: ScopeCache<any PersonStore>

    /// Makes the views of each session begun in this scope that was handed
    /// none: the front end the composition root chose (`AppInjector`
    /// hands it in as it builds the scope); without one, each session draws
    /// in lines on ``console``.
    ///
    /// A provider, not a factory: each session gets views of its own, so
    /// one process can run several sessions over this scope.
    ///
    /// Lifetime: the app's; never changes. Each call makes one session's
    /// views.
    public let frontEnd: ViewFactoryProvider?

    /// Whether the front end's session turns Ctrl-C into quitting (the
    /// split view does), so the server store leaves the signal to it.
    ///
    /// Lifetime: the app's; never changes.
    public let sessionAnswersInterrupts: Bool

    /// Whether the base store was handed in (a test's fake) rather than
    /// made from the configuration, so screens that name the store's kind
    /// do not name a kind that is not the one in use.
    ///
    /// Lifetime: the app's; never changes.
    public let baseStoreIsHandedIn: Bool

    /// How the screens hear of changes someone else made to a handed-in
    /// store (a test's signals), when they were handed in with it; `nil`
    /// makes them from the configuration, as for a store made from it.
    ///
    /// Lifetime: the app's; never changes.
    public let handedInStoreChanges: StoreChanges?

    /// Decorators another package wraps around the base store, innermost
    /// first.
    ///
    /// Counting, caching, a log of its own: applied once, when the
    /// store is first made, whatever the command; `--import` and `--trace`
    /// wrap what they return, so their rows and log lines still cover
    /// everything.
    ///
    /// Lifetime: the app's; never changes.
    public let storeDecorators: [PersonStoreDecorator]

    public var label: String { "app" }

    /// How the trace names the base store, apart from the wrapped one.
    private static let baseStoreName = "PersonStore (base)"

    /// A scope with these values; the one initializer tests use.
    ///
    /// Every edge of the app — everything that touches the world outside the
    /// process — is one of these parameters, so a test can hand in a fake for
    /// any of them, and handing one in changes only that edge:
    ///
    /// - Parameters:
    ///   - configuration: the settings (what the arguments, environment and
    ///     configuration file said); a plain run's by default.
    ///   - command: what to do; the interactive list by default.
    ///   - console: the terminal: where text goes and comes from.
    ///   - readSource: reads the import sources: files and URLs.
    ///   - clock: the time; every person added is stamped with it, whichever
    ///     store keeps them.
    ///   - personStore: a base store to use instead of opening the configured
    ///     one, such as a fake; `--trace` and `--import` still wrap it.
    ///   - storeChanges: how the screens hear that someone else changed a
    ///     handed-in store, such as a test's signals; with none, a
    ///     handed-in store tells of no changes.
    ///   - frontEnd: makes each session's views: the chosen front end's in a
    ///     real run; without one, the line front end's, on `console`. A test
    ///     hands its recording views to the session instead
    ///     (``SessionScope/init(app:views:navigator:)``).
    ///   - sessionAnswersInterrupts: whether that front end's session turns
    ///     Ctrl-C into quitting; not by default.
    ///   - storeDecorators: stores wrapped around the base store, innermost
    ///     first, by a package that extends this one; none by default.
    ///   - wiring: a trace to use instead of the one `--trace` and `--debug`
    ///     ask for, such as one that keeps every step for `people graph`.
    public init(
        configuration: Configuration = Configuration(),
        command: Command = .interactive,
        console: any Console,
        readSource: @escaping @Sendable (String) async throws -> Data,
        clock: @escaping @Sendable () -> Date = Date.init,
        personStore: (any PersonStore)? = nil,
        storeChanges: StoreChanges? = nil,
        frontEnd: ViewFactoryProvider? = nil,
        sessionAnswersInterrupts: Bool = false,
        storeDecorators: [PersonStoreDecorator] = [],
        wiring: WiringTrace? = nil
    ) {
        self.configuration = configuration
        self.command = command
        self.console = console
        self.clock = clock
        self.readSource = readSource
        self.frontEnd = frontEnd
        self.sessionAnswersInterrupts = sessionAnswersInterrupts
        self.baseStoreIsHandedIn = personStore != nil
        self.handedInStoreChanges = storeChanges
        self.storeDecorators = storeDecorators
        self.baseStoreCache =
            personStore.map { ScopeCache(holding: $0, named: Self.baseStoreName) }
            ?? ScopeCache(named: Self.baseStoreName)
        self.wiring =
            wiring
            ?? (configuration.trace || configuration.debug
                ? WiringTrace(
                    printer: configuration.trace ? console.writeErrorLine : nil,
                    keepsSteps: configuration.debug)
                : .off)
    }
}

/// Wraps a store in another that adds to it — counting calls, caching, a log
/// of its own — the way `--trace` wraps it in a `TracingPersonStore`.
///
/// The public hook for a package that builds on this one: hand
/// ``AppScope/init(configuration:command:console:readSource:clock:personStore:storeChanges:frontEnd:sessionAnswersInterrupts:storeDecorators:wiring:)``
/// a list of these, and `StoreInjector` applies them to the base store the
/// first time any screen or command asks for it. Controllers neither change
/// nor notice. Throws when the decorator cannot be made; the store is then
/// not made either, and the next ask tries again.
public typealias PersonStoreDecorator = @Sendable (any PersonStore) throws -> any PersonStore
