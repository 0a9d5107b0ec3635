import AppScope
import Features
import Foundation
import PersonFiles

/// The persons `--import` reads, fetched once, on first use, and kept.
///
/// Neither container has an async factory, so both wirings keep the
/// imports in the people package's own cache for an async singleton
/// (`ScopeCache`): made once, a failed fetch not kept. Swinject holds it in
/// a container-scoped registration; swift-dependencies in the store the
/// entry point sets.
public final class ImportedPersons: Sendable {
    private let cache = ScopeCache<[ReadOnlyPersonStore]>()
    private let make: @Sendable () async throws -> [ReadOnlyPersonStore]

    /// Reads `sources` through `read` when first asked.
    public init(
        sources: [String], read: @escaping @Sendable (String) async throws -> Data, added: Date
    ) {
        make = { try await PersonImport.stores(from: sources, read: read, added: added) }
    }

    /// The imported stores, fetched by the first call that needs them.
    @Sendable public func stores() async throws -> [any PersonStore] {
        try await cache.awaitedValue(orMake: make)
    }
}
