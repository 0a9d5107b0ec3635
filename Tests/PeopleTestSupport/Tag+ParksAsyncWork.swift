import Testing

extension Tag {
    /// A suite whose tests hold async work in flight — at a ``Gate``, a
    /// ``GatedPersonStore``, a scope's work — and check what happens while
    /// it waits, is cancelled or ends.
    ///
    /// Such a test can pass by luck: an order of tasks it never meant to
    /// rely on may hold on one run and not the next. So CI runs every suite
    /// with this tag fifty times in a row. `Scripts/async-suites` finds the
    /// tagged suites in the sources and prints the filter CI runs them
    /// with, since `swift test` filters by name, not by tag. Tag a suite
    /// `@Suite(.tags(.parksAsyncWork))`, on the line that names it, and CI
    /// repeats it with no other edit.
    @Tag public static var parksAsyncWork: Self
}
