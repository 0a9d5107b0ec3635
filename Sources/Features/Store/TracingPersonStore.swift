import Foundation

/// A store that logs every call made to another store: what was asked, what
/// came back, and how long it took.
///
/// A decorator: it is a ``PersonStore`` wrapping a ``PersonStore``, so the
/// composition root can put it in front of any store (`people --trace`) and
/// no controller changes or can tell. This is what a container's "instance
/// post-processor" does, written as one small type.
///
/// ```
/// trace: store.listPage(matching: "", from: first, size: 5) → 3 persons of 3 from first in 0.09 ms
/// ```
public final class TracingPersonStore: PersonStore {
    private let store: any PersonStore
    private let log: @Sendable (String) -> Void

    /// Wraps `store`, sending one line per call to `log`.
    public init(wrapping store: any PersonStore, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.log = log
    }

    public func count(matching search: String) async throws -> Int {
        try await traced("count(matching: \(quoted(search)))", showing: String.init) {
            try await store.count(matching: search)
        }
    }

    public func position(of key: PersonSortKey, matching search: String) async throws -> Int {
        try await traced(
            "position(of: \(describe(key)), matching: \(quoted(search)))", showing: String.init
        ) {
            try await store.position(of: key, matching: search)
        }
    }

    public func page(matching search: String, from start: PageStart, limit: Int) async throws
        -> [Person]
    {
        try await traced(
            "page(matching: \(quoted(search)), from: \(describe(start)), limit: \(limit))",
            showing: count
        ) {
            try await store.page(matching: search, from: start, limit: limit)
        }
    }

    public func listPage(matching search: String, from start: PageStart, size: Int) async throws
        -> ListPage
    {
        try await traced(
            "listPage(matching: \(quoted(search)), from: \(describe(start)), size: \(size))",
            showing: { "\(count($0.rows)) of \($0.total) from \(describe($0.start))" },
            { try await store.listPage(matching: search, from: start, size: size) })
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws
        -> T
    {
        try await traced(
            "readingConsistently", showing: { (_: T) in "done" },
            { try await store.readingConsistently(body) })
    }

    /// Logs the whole reading as one call, and each page handed over as a
    /// line of its own; the wrapped store reads it its own way (the server
    /// store, through a cursor).
    public func forEachPage(
        matching search: String, pageSize: Int,
        _ body: @Sendable ([Person]) async throws -> Bool
    ) async throws {
        let log = log
        try await traced(
            "forEachPage(matching: \(quoted(search)), pageSize: \(pageSize))", showing: done
        ) {
            try await store.forEachPage(matching: search, pageSize: pageSize) { page in
                log("trace: store.forEachPage handed over \(page.count) persons")
                return try await body(page)
            }
        }
    }

    public func check(repairing: Bool) async throws -> StoreCheck {
        try await traced(
            "check(repairing: \(repairing))", showing: { "\($0.problems.count) problems" },
            { try await store.check(repairing: repairing) })
    }

    public func person(withID id: Person.ID) async throws -> Person? {
        try await traced("person(withID: \(id))", showing: describe) {
            try await store.person(withID: id)
        }
    }

    public func add(_ draft: ValidatedDraft, addedAt date: Date) async throws -> Person {
        try await traced("add(name: \(quoted(draft.name)))", showing: describe) {
            try await store.add(draft, addedAt: date)
        }
    }

    public func add(contentsOf drafts: sending some Sequence<ValidatedDraft>, addedAt date: Date)
        async throws
        -> Int
    {
        // Not through `traced`: the drafts are handed on, not captured.
        let start = ContinuousClock.now
        do {
            let added = try await store.add(contentsOf: drafts, addedAt: date)
            log("trace: store.add(contentsOf: …) → \(added) in \(milliseconds(since: start))")
            return added
        } catch {
            log(
                "trace: store.add(contentsOf: …) threw \(quoted("\(error)")) in \(milliseconds(since: start))"
            )
            throw error
        }
    }

    public func update(_ opened: Person, with draft: ValidatedDraft) async throws -> Person {
        try await traced("update(\(opened.id), name: \(quoted(draft.name)))", showing: describe) {
            try await store.update(opened, with: draft)
        }
    }

    public func delete(_ opened: Person) async throws {
        try await traced("delete(\(opened.id))", showing: done) { try await store.delete(opened) }
    }

    public func restore(_ person: Person) async throws {
        try await traced("restore(#\(person.id) \(quoted(person.name)))", showing: done) {
            try await store.restore(person)
        }
    }

    private func traced<Result>(
        _ call: String, showing describe: (Result) -> String,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let start = ContinuousClock.now
        do {
            let result = try await body()
            log("trace: store.\(call) → \(describe(result)) in \(milliseconds(since: start))")
            return result
        } catch {
            log("trace: store.\(call) threw \(quoted("\(error)")) in \(milliseconds(since: start))")
            throw error
        }
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let value =
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds)
            * 1000
        return String(format: "%.2f ms", value)
    }

    private func done(_: Void) -> String {
        "done"
    }

    private func count(_ page: [Person]) -> String {
        page.count == 1 ? "1 person" : "\(page.count) persons"
    }

    private func describe(_ person: Person?) -> String {
        person.map { "#\($0.id) \(quoted($0.name))" } ?? "nil"
    }

    private func describe(_ person: Person) -> String {
        "#\(person.id)"
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func describe(_ key: PersonSortKey) -> String {
        "(\(quoted(key.foldedName)), \(key.id))"
    }

    private func describe(_ start: PageStart) -> String {
        switch start {
        case .offset(0): "first"
        case .offset(let offset): "offset \(offset)"
        case .after(let key): "after \(describe(key))"
        case .before(let key): "before \(describe(key))"
        }
    }
}
