import Features
import FullScreen
import Testing

/// The full-screen list as its window draws it: the keys of less and vi
/// read from the bytes a terminal sends, a pane filled, the pages fitted
/// to it, and the whole book's ends a key away.
@MainActor
@Suite struct WindowDrawingTests {
    /// What the view asked of its model.
    final class Asked {
        var fitted: [Int] = []
        var ends: [String] = []
        var scrolled: [Int] = []
    }

    private let display = FullScreenDisplay(events: EventQueue(), book: "book")

    /// A page of `count` rows, `perPage` long, recording what is asked.
    private func page(_ count: Int, perPage: Int, asked: Asked) -> PersonListViewModel {
        var model = PersonListViewModel(
            title: "People", summary: "1–\(count) of 100",
            rows: (1...count).map {
                PersonRowViewModel(title: "Person \($0)", subtitle: "", select: {})
            },
            search: { _ in }, add: {}, undo: {}, openScreen: { _ in }, quit: {})
        model.rowsPerPage = perPage
        model.fitPage = { asked.fitted.append($0) }
        model.showFirst = { asked.ends.append("first") }
        model.showLast = { asked.ends.append("last") }
        model.showNextPage = {}
        model.showPreviousPage = {}
        model.scroll = { rows in
            asked.scrolled.append(rows)
            return rows
        }
        return model
    }

    @Test func ctrlDCtrlUAndCtrlLAreReadFromTheBytesATerminalSends() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x04, 0x15, 0x0C]) == [.halfPageDown, .clearLine, .repaint])
    }

    @Test func aPaneOfAnyHeightIsFilledAndThePageFittedToIt() {
        let asked = Asked()
        let view = FullScreenPersonListView(display: display)
        view.show(page(32, perPage: 10, asked: asked))
        view.fit(rows: 32)
        #expect(asked.fitted == [32], "a page as long as the pane")
        view.show(page(32, perPage: 32, asked: asked))
        view.fit(rows: 32)
        #expect(asked.fitted == [32], "a page already that long is not read again")
        var grid = CellGrid(rows: 34, columns: 60)
        view.draw(in: &grid, area: PaneArea(top: 1, left: 0, rows: 32, columns: 60), focused: true)
        #expect(grid.text(ofRow: 32).contains("Person 32"), "the last row of the pane is drawn")
    }

    @Test func gAndGAskForTheWholeListsEndsAndCtrlDForHalfAWindow() async {
        let asked = Asked()
        let view = FullScreenPersonListView(display: display)
        view.show(page(20, perPage: 20, asked: asked))
        _ = await view.handle(.character("G"))
        _ = await view.handle(.end)
        _ = await view.handle(.character("g"))
        _ = await view.handle(.home)
        #expect(asked.ends == ["last", "last", "first", "first"])
        _ = await view.handle(.halfPageDown)
        _ = await view.handle(.clearLine)
        #expect(asked.scrolled == [10, -10])
    }
}
