import Features
import FullScreen
import Palette
import PeopleTestSupport
import Terminal
import Testing

/// Each front end makes a view of every declared screen that takes that
/// front end's input.
///
/// A view that forgot its front end's input protocol would still compile, as
/// ``Features/ViewFactory`` asks only for the screen's view protocol: a line
/// view that is not a `LineInputView` ignores every line typed on its screen,
/// and a full-screen view that is not a `FullScreenView` is never drawn nor
/// handed a key. The switches are exhaustive, so a new screen must be named
/// here, once per front end.
@MainActor
@Suite struct FrontEndViewsTests {
    /// The view `views` makes for `screen`.
    static func view(of screen: AppScreen, from views: any ViewFactory) -> any ScreenView {
        switch screen {
        case .list: views.makePersonListView()
        case .detail: views.makePersonDetailView()
        case .form: views.makePersonEditView()
        case .settings: views.makeSettingsView()
        }
    }

    @Test(arguments: AppScreen.allCases)
    func everyScreensLineViewTakesLines(_ screen: AppScreen) {
        let views = TerminalViews(console: RecordingConsole(), width: .unknown)
        let view = Self.view(of: screen, from: views)
        #expect(view is any LineInputView, "the \(screen.name) line view ignores what is typed")
    }

    @Test(arguments: AppScreen.allCases)
    func everyScreensFullScreenViewTakesKeysAndNamesItsScreen(_ screen: AppScreen) {
        let views = FullScreenViews(
            terminal: NoWindow(), writer: FrameWriter(depth: .noColor, theme: .standard),
            book: "book")
        let view = Self.view(of: screen, from: views) as? any FullScreenView
        #expect(view != nil, "the \(screen.name) full-screen view is never drawn nor handed keys")
        #expect(view?.screen == screen, "its help and key line would be another screen's")
    }
}

/// A window that is never drawn in: the views are made, not run.
@MainActor
private final class NoWindow: FullScreenTerminal {
    let events = EventQueue()
    let size = TerminalSize(rows: 24, columns: 100)
    func begin() {}
    func end() {}
    func suspend() {}
    func draw(_ frame: CellGrid, as bytes: [UInt8]) {}
    func waitOutStopLimit() async {}
}
