import Dependencies
import Features
import Foundation
import ImportCache

/// Where the swift-dependencies wiring begins: the launch inputs set as
/// the app's dependencies, and a session's screens made under them.
///
/// Why here: the library's "Registering dependencies" article leaves a live
/// value that only the entry point knows to be set there. The store is set
/// already wrapped, by `--import` and `--trace`, as the hand wiring's
/// `StoreInjector` wraps it; a value cannot throw or be made lazily, so the
/// base store arrives opened.
@MainActor
public enum PeopleDependencies {
    /// A new interactive session over these inputs; each person's scope is
    /// shown to `personScopeBegun` as it begins.
    public static func interactiveSession(
        configuration: Configuration, console: any Console,
        readSource: @escaping @Sendable (String) async throws -> Data, baseStore: any PersonStore,
        views: any ViewFactory,
        personScopeBegun: @escaping @MainActor (PersonScreens) -> Void = { _ in }
    ) -> InteractiveSession {
        withDependencies {
            $0.peopleConfiguration = configuration
            $0.console = console
            $0.viewFactory = views
            $0.personStore = store(
                base: baseStore, configuration: configuration, console: console,
                readSource: readSource, added: $0.date.now)
        } operation: {
            SessionScreens(personScopeBegun: personScopeBegun).interactiveSession()
        }
    }

    /// The base store, with the `--import` files beside it and the trace
    /// around it when the configuration asks for them.
    static func store(
        base: any PersonStore, configuration: Configuration, console: any Console,
        readSource: @escaping @Sendable (String) async throws -> Data, added: Date
    ) -> any PersonStore {
        let imports = ImportedPersons(
            sources: configuration.imports, read: readSource, added: added)
        let aggregated =
            configuration.imports.isEmpty
            ? base : AggregatePersonStore(primary: base, readOnly: imports.stores)
        return configuration.trace
            ? TracingPersonStore(wrapping: aggregated, log: console.writeErrorLine) : aggregated
    }
}
