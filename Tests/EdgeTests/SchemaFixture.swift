import Foundation
import PeopleTestSupport

@testable import Features
@testable import SQLiteStore

/// The books earlier releases left, kept as SQL in `Fixtures/`: one file per
/// schema version that shipped, read from the checkout by this file's own
/// path (so a clean clone and `swift test` find them alike).
///
/// The folder is excluded from the target in `Package.swift`: the fixtures
/// are history to read, not resources to ship.
enum SchemaFixture {
    /// The `Fixtures` folder beside this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The fixtures whose names start with `prefix` (`sqlite-v`,
    /// `postgresql-v`), without `.sql`, in version order.
    ///
    /// A version that shipped in more than one form has a fixture for each:
    /// `sqlite-v3-first` beside `sqlite-v3`.
    static func names(prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".sql") }
            .map { String($0.dropLast(4)) }
            .sorted { (version($0, prefix), $0) < (version($1, prefix), $1) }
    }

    /// The schema version the fixture `name` is at: the digits after
    /// `prefix`.
    static func version(_ name: String, _ prefix: String) -> Int {
        Int(name.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
    }

    /// The SQL text of the fixture `name`.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".sql"), encoding: .utf8)
    }

    /// Builds the SQLite fixture `name` into a new file in `folder`, with
    /// the system library alone (as the release did), and returns its path.
    static func buildSQLite(_ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name + ".sqlite")
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).execute(try text(name))
        return path
    }

    /// Every person stored in the SQLite file at `path`, read with plain
    /// SQL, in id order.
    static func storedPersons(at path: String) throws -> [StoredPerson] {
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).rows(
            "SELECT id, name, address, email, added FROM person ORDER BY id"
        ).map { row in
            StoredPerson(
                id: row.integer(0), name: row.text(1) ?? "", address: row.text(2) ?? "",
                email: row.text(3), added: Date(timeIntervalSince1970: row.real(4)))
        }
    }
}

/// A person's stored fields, as a fixture holds them and as a store gives
/// them back: what an upgrade must keep, field for field.
struct StoredPerson: Equatable, CustomStringConvertible {
    let id: Int
    let name: String
    let address: String
    let email: String?
    let added: Date

    init(id: Int, name: String, address: String, email: String?, added: Date) {
        self.id = id
        self.name = name
        self.address = address
        self.email = email
        self.added = added
    }

    init(_ person: Person) {
        self.init(
            id: person.id, name: person.name, address: person.address, email: person.email,
            added: person.added)
    }

    var description: String {
        "\(id) \(name.debugDescription) \(address.debugDescription) \(email ?? "nil") \(added.timeIntervalSince1970)"
    }
}
