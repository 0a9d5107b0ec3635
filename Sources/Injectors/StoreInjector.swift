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
        try scope.personStore.value { try injectNewPersonStore(scope) }
    }

    /// A new store of the configured kind.
    ///
    /// Call ``injectPersonStore(_:)`` instead: this one does not cache.
    static func injectNewPersonStore(_ scope: AppScope) throws -> any PersonStore {
        switch scope.configuration.store {
        case .memory: MemoryPersonStore(persons: Person.samples, clock: scope.clock)
        }
    }
}
