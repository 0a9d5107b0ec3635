// swift-format-ignore-file: NeverForceUnwrap
// Swinject's documentation resolves with `!` (`r.resolve(Animal.self)!`):
// `resolve` returns an optional, and a registration that is missing is a
// crash at the first resolve. That is the behaviour being compared, so it
// is written the way the library teaches it.

import AppScope
import Features
import Foundation
import ImportCache
import Swinject

/// Registers what lives as long as the app: its settings, console, clock,
/// view factory and the one person store, wrapped by `--import` and
/// `--trace` as the hand wiring's `StoreInjector` wraps it.
///
/// Why an `Assembly`: Swinject's documentation groups related
/// registrations in one, and the `Assembler` builds the container from
/// them; a test swaps a registration by assembling a fake after this one.
/// The launch inputs arrive here as they arrive in the hand wiring's
/// `AppScope`, and the base store is one of them, already opened: a
/// Swinject factory cannot throw, so a store that may fail to open is
/// opened before the container is built.
@MainActor public struct AppAssembly: @MainActor Assembly {
    let configuration: Configuration
    let console: any Console
    let clock: @Sendable () -> Date
    let readSource: @Sendable (String) async throws -> Data
    let baseStore: any PersonStore
    let views: any ViewFactory

    /// The app's registrations, from the launch inputs.
    public init(
        configuration: Configuration, console: any Console, clock: @escaping @Sendable () -> Date,
        readSource: @escaping @Sendable (String) async throws -> Data, baseStore: any PersonStore,
        views: any ViewFactory
    ) {
        self.configuration = configuration
        self.console = console
        self.clock = clock
        self.readSource = readSource
        self.baseStore = baseStore
        self.views = views
    }

    public func assemble(container: Container) {
        container.register(Configuration.self) { _ in configuration }
        container.register((any Console).self) { _ in console }
        container.register(PersonClock.self) { _ in PersonClock(now: clock) }
        container.register((any ViewFactory).self) { _ in views }
        container.register((any PersonStore).self, name: "base") { _ in baseStore }
        container.register((any PersonStore).self) { r in
            let configuration = r.resolve(Configuration.self)!
            let store = r.resolve((any PersonStore).self, name: "aggregated")!
            return configuration.trace
                ? TracingPersonStore(
                    wrapping: store, log: r.resolve((any Console).self)!.writeErrorLine)
                : store
        }
        .inObjectScope(.container)
        container.register((any PersonStore).self, name: "aggregated") { r in
            let base = r.resolve((any PersonStore).self, name: "base")!
            let imports = r.resolve(ImportedPersons.self)!
            return r.resolve(Configuration.self)!.imports.isEmpty
                ? base : AggregatePersonStore(primary: base, readOnly: imports.stores)
        }
        container.register(ImportedPersons.self) { r in
            ImportedPersons(
                sources: r.resolve(Configuration.self)!.imports, read: readSource,
                added: r.resolve(PersonClock.self)!.now())
        }
        .inObjectScope(.container)
    }
}

/// The time new persons are stamped with, as a type of its own.
///
/// Swinject finds a registration by type: a bare `() -> Date` would be a
/// service type too, but a named one says what it is where it is resolved.
public struct PersonClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date
}
