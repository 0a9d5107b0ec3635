import Features
import PeopleTestSupport
import SQLiteStore
import Testing

/// Makes a fresh store of one kind, filled with given persons.
///
/// The contract suite runs once per maker; each kind of store adds itself to ``all``.
struct StoreMaker: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable ([Person]) throws -> any PersonStore

    func make(persons: [Person]) throws -> any PersonStore { try make(persons) }

    var testDescription: String { name }

    static let all: [StoreMaker] = [
        StoreMaker(name: "memory") { MemoryPersonStore(persons: $0) },
        StoreMaker(name: "sqlite") { persons in
            try SQLitePersonStore(
                path: try TemporaryFolder().path("people.sqlite"), startingWith: persons)
        },
    ]
}
