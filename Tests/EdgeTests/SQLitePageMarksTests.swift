import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import SQLiteStore

/// Pages by number start at a mark near their row, and give exactly the
/// rows `OFFSET` would, however the persons got there and whoever wrote them.
@Suite struct SQLitePageMarksTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func drafts(_ names: [String]) throws -> [ValidatedDraft] {
        try names.map { (name) throws(PersonValidationError) in
            try PersonDraft(name: name).validated()
        }
    }

    private static func name(_ generator: inout SeededGenerator) -> String {
        let parts = ["ada", "Bo", "cy", "Dee", "émile", "fay", "Zoë", "ng"]
        return (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            parts[Int.random(in: 0..<parts.count, using: &generator)]
        }.joined(separator: " ")
    }

    /// Every page by number and every position the database gives equal
    /// the memory store's.
    private func expectSamePages(
        _ database: SQLitePersonStore, _ memory: MemoryPersonStore, _ moment: String
    ) async throws {
        let everyone = try await memory.page(matching: "", from: .first, limit: 100_000)
        #expect(try await database.count(matching: "") == everyone.count, "\(moment)")
        for offset in stride(from: 0, through: everyone.count + 10, by: 97) {
            #expect(
                try await database.page(matching: "", from: .offset(offset), limit: 10)
                    == Array(everyone.dropFirst(offset).prefix(10)), "\(moment): row \(offset)")
        }
        for index in stride(from: 0, to: everyone.count, by: 131) {
            #expect(
                try await database.position(of: everyone[index].sortKey, matching: "") == index,
                "\(moment): position \(index)")
        }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func pagesByNumberMatchTheMemoryStoreThroughEveryKindOfWrite(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let path = folder.path("people.sqlite")
        let database = try SQLitePersonStore(path: path)
        let memory = MemoryPersonStore(persons: [])
        let bulk = try drafts((0..<3_000).map { _ in Self.name(&generator) })
        _ = try database.add(contentsOf: bulk, addedAt: Fixtures.now)
        _ = try await memory.add(contentsOf: bulk, addedAt: Fixtures.now)
        try await expectSamePages(database, memory, "after a bulk add")

        // Many adds in one place, so the marks around it must split.
        for number in 0..<700 {
            let draft = try PersonDraft(name: "Cy \(number)").validated()
            _ = try await database.add(draft, addedAt: Fixtures.now)
            _ = try await memory.add(draft, addedAt: Fixtures.now)
        }
        try await expectSamePages(database, memory, "after adds in one place")
        // And no page by number steps over more than two marks' worth of rows.
        let marks = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        let widestGap = try marks.integer(
            """
            SELECT max(gap) FROM (
                SELECT coalesce(lead(before) OVER (ORDER BY sort_name, id),
                                (SELECT total FROM person_state)) - before AS gap
                FROM person_mark)
            """)
        #expect(widestGap <= 2 * SQLitePageMarks.spacing)

        let everyone = try await memory.page(matching: "", from: .first, limit: 100_000)
        var deleted: [Person] = []
        for person in everyone.shuffled(using: &generator).prefix(400) {
            if Bool.random(using: &generator) {
                try await database.delete(person)
                try await memory.delete(person)
                deleted.append(person)
            } else {
                let draft = try PersonDraft(name: Self.name(&generator)).validated()
                _ = try await database.update(person, with: draft)
                _ = try await memory.update(person, with: draft)
            }
        }
        try await expectSamePages(database, memory, "after deletes and renames")

        for person in deleted.prefix(50) {
            try await database.restore(person)
            try await memory.restore(person)
        }
        try await expectSamePages(database, memory, "after restores")
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        #expect(try SQLitePageMarks.areCurrent(in: connection), "the marks kept up")
    }

    @Test func anotherProgramsWritesAreNeverPagedByStaleMarks() async throws {
        let path = folder.path("people.sqlite")
        let database = try SQLitePersonStore(path: path)
        let names = (0..<1_000).map { "Person \(1_000 + $0)" }
        _ = try database.add(contentsOf: try drafts(names), addedAt: Fixtures.now)
        let other = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        try other.execute(
            """
            INSERT INTO person (name, sort_name, address, added) VALUES ('A First', 'a first', '', 0);
            DELETE FROM person WHERE name = 'Person 1500';
            UPDATE person SET id = 99999 WHERE name = 'Person 1700';
            """)
        #expect(try !SQLitePageMarks.areCurrent(in: other))
        let expected = try await database.page(matching: "", from: .first, limit: 2_000)
        #expect(expected.first?.name == "A First")
        for offset in [300, 600, 900] {
            #expect(
                try await database.page(matching: "", from: .offset(offset), limit: 5)
                    == Array(expected.dropFirst(offset).prefix(5)), "row \(offset)")
        }
        // Opening the file again rebuilds them.
        let reopened = try SQLitePersonStore(path: path)
        #expect(try SQLitePageMarks.areCurrent(in: other))
        #expect(
            try await reopened.page(matching: "", from: .offset(777), limit: 5)
                == Array(expected.dropFirst(777).prefix(5)))
    }

    @Test(arguments: [
        "UPDATE person_mark SET before = 9223372036854775807",
        "UPDATE person_mark SET before = -9223372036854775808",
        "UPDATE person_mark SET before = 'many', sort_name = 7",
        "DELETE FROM person_mark",
    ])
    func marksTamperedWithCrashNothing(_ tampering: String) async throws {
        let path = folder.path("people.sqlite")
        let database = try SQLitePersonStore(path: path)
        let names = (0..<1_000).map { "Person \(1_000 + $0)" }
        _ = try database.add(contentsOf: try drafts(names), addedAt: Fixtures.now)
        try SQLiteConnection(path: path, busyTimeout: .seconds(1)).execute(tampering)
        for offset in [0, 300, 999, 5_000] {
            #expect(
                try await database.page(matching: "", from: .offset(offset), limit: 10).count <= 10)
        }
        let somebody = try await #require(database.page(matching: "", from: .first, limit: 1).first)
        _ = try await database.position(of: somebody.sortKey, matching: "")
    }
}
