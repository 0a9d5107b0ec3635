import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// A front end that shows without asking, over the real wiring.
///
/// It prints the first page's numbers in one line and ends, as a status bar
/// or a nightly report would. It reads numbers as values, leaves out the
/// views of the screens it never shows, and ends the run with a failure
/// when it could not do its job.
@MainActor
@Suite struct ReportFrontEndTests {
    /// The list's only view here: it keeps the last page it was shown.
    @MainActor final class ReportListView: PersonListView {
        private(set) var shown: PersonListViewModel?
        func show(_ model: PersonListViewModel) { shown = model }
        func showMessage(_ message: String) {}
        func showError(_ message: String) {}
    }

    /// Shows the root, waits for its page, writes the page's numbers as
    /// one line, and ends: no input, no keys.
    @MainActor final class ReportNavigator: Navigator {
        private(set) var screens: [any Screen] = []
        private(set) var failure: String?
        private let write: @MainActor (String) -> Bool

        /// A report written with `write`, which says whether the line was
        /// written.
        init(write: @escaping @MainActor (String) -> Bool) {
            self.write = write
        }

        func push(_ screen: any Screen) {
            screens.append(screen)
            screen.appear()
        }

        func pop() async {
            await screens.popLast()?.leave()
        }

        func quit() async {
            while let top = screens.popLast() { await top.leave() }
        }

        func run(root: any Screen) async {
            push(root)
            await root.settled()
            if root.failureToLoad == nil, let page = (root.view as? ReportListView)?.shown,
                !write("\(page.total) people, page \(page.page) of \(page.pages)")
            {
                failure = "the report could not be written"
            }
            await quit()
        }
    }

    /// The report's views: the list's, and nothing for the screens it
    /// never shows.
    @MainActor final class ReportViews: PartialViewFactory {
        let navigator: ReportNavigator

        init(write: @escaping @MainActor (String) -> Bool) {
            navigator = ReportNavigator(write: write)
        }

        func makePersonListView() -> any PersonListView { ReportListView() }
        func makeNavigator() -> any Navigator { navigator }
    }

    private func app(console: RecordingConsole) -> AppScope {
        AppScope(
            configuration: Configuration(pageSize: 10), console: console,
            readSource: Fixtures.readsNoFiles, clock: Fixtures.clock,
            personStore: MemoryPersonStore(persons: Fixtures.numberedPersons(25)))
    }

    @Test func aReportShowsThePagesNumbersWithoutAskingAndEnds() async {
        var lines: [String] = []
        let app = app(console: RecordingConsole())
        let session = SessionScope(
            app: app,
            views: ReportViews { line in
                lines.append(line)
                return true
            })
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .success)
        #expect(lines == ["25 people, page 1 of 3"])
        #expect(SessionInjector.injectNavigator(session).screens.isEmpty)
    }

    @Test func aReportThatCannotBeWrittenEndsTheRunWithAFailure() async {
        let console = RecordingConsole()
        let session = SessionScope(app: app(console: console), views: ReportViews { _ in false })
        #expect(await SessionInjector.injectInteractiveSession(session).run() == .failure)
        #expect(console.errors == "people: the report could not be written\n")
    }
}
