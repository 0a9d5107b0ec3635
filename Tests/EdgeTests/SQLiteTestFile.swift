import PeopleTestSupport

@testable import SQLiteStore

/// A people database file of a test's own, and another program's plain SQL
/// on it: what the suites about other programs' writes start from.
struct SQLiteTestFile {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("people.sqlite")
    }

    /// Another program, writing plain SQL with the system library.
    func otherProgram(_ sql: String) throws {
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).execute(sql)
    }

    /// The one text `sql` answers, read by another program; `nil` for NULL
    /// or no row.
    func otherProgramAnswer(_ sql: String) throws -> String? {
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).rows(sql).first?.text(0)
    }

    /// The one number `sql` answers, read by another program.
    func integer(_ sql: String) throws -> Int {
        try SQLiteConnection(path: path, busyTimeout: .seconds(5)).integer(sql)
    }
}

extension SQLiteTestFile {
    /// SQLite's own answer to "whose fields contain the folded search?".
    ///
    /// Written out here rather than taken from the store, so a test of the
    /// store against it compares two things: a person's sort key, the
    /// fields' separator and their stored search fields, joined, holds
    /// the search; a search holding the separator matches no one. Binds
    /// the folded search twice.
    static let plainSearchFilter =
        "instr(?, char(31)) = 0 AND instr(sort_name || char(31) || coalesce(search_fields, ''), ?) > 0"
}
