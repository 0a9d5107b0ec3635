import AppScope
import Features
import PersonFiles
import SQLiteStore

#if PostgreSQL
    import PostgreSQLStore
#endif

/// Chooses and makes the person store: the one place that knows which
/// concrete stores exist.
///
/// Every controller asks for `any PersonStore`, and only this file names a
/// concrete store: which one runs is the configured store kind (`--store`,
/// or a `postgresql://` address as `--db`), turned into a store here.
@MainActor
public enum StoreInjector {
    /// The app's one store, made on first use and shared for the app's life.
    ///
    /// - Throws: when the store cannot be opened; the next call tries again.
    public static func injectPersonStore(_ app: AppScope) throws -> any PersonStore {
        try app.keep(app.storeCache) { try injectDecoratedPersonStore(app) }
    }

    /// Opens the app's store when first called: for one-shot commands, which
    /// must not open it for `--help`.
    public static func injectPersonStoreProvider(_ app: AppScope) -> PersonStoreProvider {
        app.provider { try injectPersonStore(app) }
    }

    /// The configured store, wrapped in a logging decorator when `--trace`
    /// asks for one.
    ///
    /// The decorator is put in here, and only here: the controllers that use
    /// the store are not changed and cannot tell.
    static func injectDecoratedPersonStore(_ app: AppScope) throws -> any PersonStore {
        app.configuration.trace
            ? try app.make(
                TracingPersonStore(
                    wrapping: try injectDelayedPersonStore(app),
                    log: app.console.writeErrorLine))
            : try injectDelayedPersonStore(app)
    }

    /// The store behind a wait before every call when `--latency` asks for
    /// one, as a store across a slow network would answer; under `--trace`,
    /// so the trace's timings include the wait.
    static func injectDelayedPersonStore(_ app: AppScope) throws -> any PersonStore {
        try app.configuration.latency.map { delay in
            try app.make(
                LatencyPersonStore(
                    wrapping: try injectAggregatedPersonStore(app), delay: delay,
                    wait: { try await Task.sleep(for: $0) }))
        } ?? injectAggregatedPersonStore(app)
    }

    /// The base store alone, or — with `--import` — the base store and the
    /// imported files and URLs, listed as one by an aggregating store.
    static func injectAggregatedPersonStore(_ app: AppScope) throws -> any PersonStore {
        app.configuration.imports.isEmpty
            ? try injectExtendedPersonStore(app)
            : try app.make(
                AggregatePersonStore(
                    primary: try injectExtendedPersonStore(app),
                    readOnly: injectImportedPersonStoresProvider(app)))
    }

    /// Fetches the imported persons when the aggregating store first needs
    /// them: a closure, so that making the store downloads nothing.
    static func injectImportedPersonStoresProvider(_ app: AppScope)
        -> @Sendable () async throws -> [any PersonStore]
    {
        { try await injectImportedPersonStores(app) }
    }

    /// The base store wrapped in the decorators another package handed the
    /// scope (``AppScope/AppScope/storeDecorators``), innermost first; the
    /// base store itself when there are none.
    ///
    /// Under `--import` and `--trace`, so that imported rows and trace lines
    /// cover whatever the decorators do.
    static func injectExtendedPersonStore(_ app: AppScope) throws -> any PersonStore {
        try app.storeDecorators.reduce(try injectBasePersonStore(app)) { store, decorate in
            try app.make(try decorate(store))
        }
    }

    /// One read-only store per import source, every source read at once
    /// through the scope's reader; kept for the app's life once all have
    /// arrived, and fetched again by the next call if any failed.
    ///
    /// The app's one singleton with an async factory: however many loads
    /// ask while the downloads run, they all await the same ones.
    ///
    /// - Throws: ``Features/UsageError`` naming the file and line of the
    ///   first problem, or the reader's error naming the source.
    nonisolated public static func injectImportedPersonStores(_ app: AppScope) async throws
        -> [ReadOnlyPersonStore]
    {
        try await app.keep(app.importsCache) {
            try await PersonImport.stores(
                from: app.configuration.imports, read: app.readSource, added: app.clock())
        }
    }

    /// The store of the configured kind — or the one a test handed the scope
    /// — before anything wraps it; one per app.
    public static func injectBasePersonStore(_ app: AppScope) throws -> any PersonStore {
        try app.keep(app.baseStoreCache) { try injectMadePersonStore(app) }
    }

    /// A new store of the configured kind; a missing file is made, empty,
    /// only for a command that writes or a session
    /// (``Features/Command/makesAPersonalBookWhenMissing``): one that only
    /// reads finds the book as it is, or says there is none.
    ///
    /// A new book holds only what its owner puts in it; the demo persons
    /// are offered on its empty list and by `people demo`, never imposed.
    /// The memory store is the demo store (`--store memory`): nothing it
    /// holds is kept, so it starts with them.
    ///
    /// Call ``injectBasePersonStore(_:)`` instead: this one does not cache.
    static func injectMadePersonStore(_ app: AppScope) throws -> any PersonStore {
        switch app.configuration.storeKind {
        case .sqlite:
            try app.make(
                SQLitePersonStore(
                    path: try app.configuration.requiredDatabasePath(),
                    opening: fileOpening(for: app.command)))
        case .memory:
            app.make(MemoryPersonStore(persons: Person.samples))
        case .postgresql:
            try injectServerPersonStore(app)
        }
    }

    /// How a book file is opened for `command`: to check it, only to read
    /// it (a missing file is not made), or to use it.
    static func fileOpening(for command: Command) -> SQLitePersonStore.Opening {
        guard command.changesTheBookAsItOpens else { return .toCheck }
        return command.makesAPersonalBookWhenMissing ? .toUse : .toRead
    }

    /// How the screens hear of changes someone else made to the book: from
    /// the server, for the server store; from what was handed in with a
    /// test's store; never, for a store that cannot tell (memory, a file)
    /// or one handed in alone.
    ///
    /// A file is not followed unasked: SQLite's `PRAGMA data_version`
    /// would tell, but only if polled, a read every few moments for as
    /// long as a session stays open, for a change that is rare on a file
    /// one person keeps. There the full-screen list's `r` reads the page
    /// and the person beside it again whenever asked, loaded or not.
    public static func injectStoreChanges(_ app: AppScope) -> StoreChanges {
        app.handedInStoreChanges
            ?? (app.baseStoreIsHandedIn || app.configuration.storeKind != .postgresql
                ? .none : injectServerChanges(app))
    }

    /// The server's notifications of every change any client makes, each
    /// screen that follows them listening on a connection of its own.
    static func injectServerChanges(_ app: AppScope) -> StoreChanges {
        #if PostgreSQL
            app.make(PostgreSQLChanges.storeChanges(conninfo: app.configuration.server.conninfo))
        #else
            .none
        #endif
    }

    /// What the full-screen terminal runs before a signal that ended its
    /// session ends the program: with the server store built in, a cancel
    /// for every statement still running, sent before the program is gone
    /// (`PostgreSQLPersonStore.stopRunningStatements()`); else nothing.
    ///
    /// The terminal cannot know the stores, and a store cannot know the
    /// terminal; only the composition root sees both.
    static func injectStopOfRunningStatements() -> @Sendable () -> Void {
        #if PostgreSQL
            { PostgreSQLPersonStore.stopRunningStatements() }
        #else
            {}
        #endif
    }

    /// Whether this run's session answers Ctrl-C itself.
    ///
    /// The full-screen one turns the signal into quitting, which ends every
    /// scope's work and gives the terminal back before the signal ends the
    /// program. A line session or a one-shot command leaves it to the store.
    static func sessionAnswersInterrupts(_ app: AppScope) -> Bool {
        guard case .interactive = app.command else { return false }
        return app.sessionAnswersInterrupts
    }

    /// The server store, on the configured address; a new book there
    /// starts empty, as a new file does: it is a team's, and the demo
    /// persons would be theirs to delete.
    ///
    /// Built only with the package's `PostgreSQL` trait, which needs the
    /// server's client library; without it, asking for this store gets one
    /// line saying how to build with it.
    static func injectServerPersonStore(_ app: AppScope) throws -> any PersonStore {
        #if PostgreSQL
            if !sessionAnswersInterrupts(app) { PostgreSQLPersonStore.stopStatementsOnInterrupt() }
            return try app.make(
                PostgreSQLPersonStore(
                    conninfo: app.configuration.server.conninfo,
                    schema: app.configuration.serverSchema,
                    opening: app.command.makesASharedBookWhenMissing ? .toUse : .toRead))
        #else
            throw UsageError(
                "this people was built without the postgresql store; build it with: swift build --traits PostgreSQL"
            )
        #endif
    }
}
