import Features
import PeopleTestSupport
import SQLiteStore
import Testing

#if PostgreSQL
    import PostgreSQLStore
#endif

/// Makes a fresh store of one kind, filled with given persons.
///
/// The published contract (``PersonStoreContract``) runs once per maker;
/// each kind of store adds itself to ``all``.
struct StoreMaker: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable ([Person]) throws -> any PersonStore

    func make(persons: [Person]) throws -> any PersonStore { try make(persons) }

    var testDescription: String { name }

    /// The published contract, run against this kind of store.
    var contract: PersonStoreContract {
        PersonStoreContract("the \(name) store") { persons in try make(persons) }
    }

    static let all: [StoreMaker] =
        [
            StoreMaker(name: "memory") { MemoryPersonStore(persons: $0) },
            StoreMaker(name: "sqlite") { persons in
                try SQLitePersonStore(
                    path: try TemporaryFolder().path("people.sqlite"), startingWith: persons)
            },
        ] + servers

    /// The server store, on a database of its own on the test process's
    /// server, when the tests are built with the `PostgreSQL` trait and a
    /// server is installed (see ``PostgreSQLRequiredTests``).
    private static var servers: [StoreMaker] {
        #if PostgreSQL
            guard LocalPostgreSQL.serverBinaries != nil else { return [] }
            return [
                StoreMaker(name: "postgresql") { persons in
                    guard let server = LocalPostgreSQL.shared else {
                        throw LocalPostgreSQLError(text: "no PostgreSQL server is installed")
                    }
                    return try PostgreSQLPersonStore(
                        conninfo: try server.get().newDatabase(), startingWith: persons)
                }
            ]
        #else
            return []
        #endif
    }
}
