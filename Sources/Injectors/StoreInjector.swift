import AppScope
import Features

/// Chooses and makes the person store: the one place that knows which
/// concrete stores exist.
///
/// Every controller asks for `any PersonStore`; swapping the fake for the real
/// store is a change to this file alone.
@MainActor
public enum StoreInjector {
    /// The app's one store, made on first use and shared for the app's life.
    ///
    /// - Throws: when the store cannot be opened; the next call tries again.
    public static func injectPersonStore(_ scope: AppScope) throws -> any PersonStore {
        try scope.wiring.build("PersonStore") {
            try scope.personStore.value { try injectDecoratedPersonStore(scope) }
        }
    }

    /// The configured store, wrapped in a logging decorator when `--trace`
    /// asks for one.
    ///
    /// The decorator is put in here, and only here: the controllers that use
    /// the store are not changed and cannot tell.
    static func injectDecoratedPersonStore(_ scope: AppScope) throws -> any PersonStore {
        scope.configuration.trace
            ? try scope.wiring.build("TracingPersonStore") {
                TracingPersonStore(
                    wrapping: try injectAggregatedPersonStore(scope),
                    log: scope.console.writeErrorLine)
            }
            : try injectAggregatedPersonStore(scope)
    }

    /// The configured store alone, or — with `--import` — that store and the
    /// imported files, listed as one by an aggregating store.
    static func injectAggregatedPersonStore(_ scope: AppScope) throws -> any PersonStore {
        scope.configuration.imports.isEmpty
            ? try injectNewPersonStore(scope)
            : try scope.wiring.build("AggregatePersonStore") {
                AggregatePersonStore(
                    primary: try injectNewPersonStore(scope),
                    readOnly: try injectImportedPersonStores(scope))
            }
    }

    /// One read-only store per imported file.
    ///
    /// - Throws: ``UsageError`` naming the file and line of the first problem.
    static func injectImportedPersonStores(_ scope: AppScope) throws -> [ReadOnlyPersonStore] {
        try scope.wiring.build("ReadOnlyPersonStore × \(scope.configuration.imports.count)") {
            try PersonImport.stores(from: scope.configuration.imports, added: scope.clock())
        }
    }

    /// A new store of the configured kind.
    ///
    /// Call ``injectPersonStore(_:)`` instead: this one does not cache.
    static func injectNewPersonStore(_ scope: AppScope) throws -> any PersonStore {
        switch scope.configuration.store {
        case .sqlite:
            try scope.wiring.build("SQLitePersonStore") {
                try SQLitePersonStore(
                    path: try scope.configuration.requiredDatabasePath(),
                    startingWith: Person.samples,
                    clock: scope.clock)
            }
        case .memory:
            scope.wiring.build("MemoryPersonStore") {
                MemoryPersonStore(persons: Person.samples, clock: scope.clock)
            }
        }
    }
}
