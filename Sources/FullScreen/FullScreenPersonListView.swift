import Features

/// The list in the full-screen front end: a page of names with one row
/// highlighted, searched as the person types.
///
/// ```
/// People · 1–10 of 1000     │ Ada Lovelace
/// ▌Ada Lovelace             │   Name     Ada Lovelace
///  Alan Turing              │   Email    ada@example.org
/// ```
///
/// Its page is its pane: the navigator says how many rows the pane has
/// (``fit(rows:)``) when it first draws and after every resize, and the
/// view asks the controller for pages that long.
///
/// It keeps the highlight; the navigator opens whoever is highlighted
/// beside the list (the detail follows the highlight). Moving past the last
/// row asks the controller for the next page and highlights its first row;
/// past the first row, the previous page and its last. Each key typed in a
/// search searches again, and the controller cancels the search before it.
@MainActor
public final class FullScreenPersonListView: PersonListView, FullScreenView {
    private let display: FullScreenDisplay
    private var model: PersonListViewModel?
    private var highlight = 0
    private var scrollTop = 0
    /// Where the highlight goes when the page being loaded arrives.
    private var landing = Landing.same
    /// The search being typed, while the person types one.
    private var searchDraft: String?
    /// Why the page could not be loaded, as the status line says it, until
    /// a page arrives: read again after a change elsewhere, with no key
    /// pressed, the list recovers, and the line would stay, untrue.
    private var loadFailureShown: String?

    private enum Landing {
        case same, first, last
        /// This row of the page: the line the highlight was on, kept as
        /// the page scrolls under it.
        case row(Int)
    }

    /// A view drawing through `display`.
    public init(display: FullScreenDisplay) {
        self.display = display
    }

    public var screen: AppScreen { .list }

    public func show(_ model: PersonListViewModel) {
        // The row highlighted before, even on a page still loading, which
        // keeps the rows shown before it: a page read again always passes
        // through loading, and asked then, the highlight was no one's.
        let before = self.model.flatMap {
            $0.rows.indices.contains(highlight) ? $0.rows[highlight] : nil
        }
        self.model = model
        if !model.isLoading {
            switch landing {
            case .first: highlight = 0
            case .last: highlight = model.rows.count - 1
            case .row(let row): highlight = row
            case .same:
                // The same person stays highlighted when the page is read
                // again: after an edit moved them, or another program
                // added or removed someone before them.
                if let before, let found = model.rows.firstIndex(where: { Self.same($0, before) }) {
                    highlight = found
                }
            }
            landing = .same
            // Someone just added is highlighted, wherever they landed.
            if let added = model.justAdded,
                let found = model.rows.firstIndex(where: { $0.personID == added })
            {
                highlight = found
            }
            highlight = max(0, min(highlight, model.rows.count - 1))
            if model.retry == nil, let failure = loadFailureShown {
                display.withdrawStatus(failure)
                loadFailureShown = nil
            }
            pagesShown += 1
        }
        display.setNeedsDisplay()
    }

    /// Whether two rows show the same person: by the person's id where the
    /// rows name one, else by the name.
    private static func same(_ row: PersonRowViewModel, _ other: PersonRowViewModel) -> Bool {
        guard let id = row.personID, let otherID = other.personID else {
            return row.title == other.title
        }
        return id == otherID
    }

    /// How many pages have arrived, read again or not: when it grows, the
    /// navigator reads the person beside the list again too, so the
    /// detail shows what the row beside it shows.
    public private(set) var pagesShown = 0

    public func showMessage(_ message: String) {
        display.showStatus(message, as: .success)
    }

    public func showError(_ message: String) {
        display.showStatus(message, as: .error)
        // Only a page that could not be loaded offers a retry.
        loadFailureShown = model?.retry != nil ? message : nil
    }

    /// Makes the pages as long as the pane's `rows`, when they are not yet:
    /// what the navigator calls before it draws, so that the list fills
    /// the window and follows its size.
    public func fit(rows: Int) {
        guard let model, rows > 0, model.rowsPerPage != rows else { return }
        model.fitPage(rows)
    }

    /// Whether the page shown is still loading.
    public var isLoading: Bool { model?.isLoading ?? true }

    /// The row highlighted, once the page has arrived.
    public var highlightedRow: PersonRowViewModel? {
        guard let model, !model.isLoading, model.rows.indices.contains(highlight) else {
            return nil
        }
        return model.rows[highlight]
    }

    /// What tells the highlighted row from any other: when it changes, the
    /// navigator opens another person beside the list.
    ///
    /// The person, not the row number, with what the row shows of them: a
    /// person the list read again moved to another row stays beside it,
    /// and one changed elsewhere is read again.
    public var highlightIdentity: String? {
        highlightedRow.map { row in
            let who = row.personID.map { "id \($0)" } ?? "row \(highlight)"
            return "\(who)\u{0}\(row.title)\u{0}\(row.subtitle)"
        }
    }

    /// The title line's words: the list's title, where it stands, and the
    /// search being typed.
    public var titleLine: String {
        guard let model else { return "People · loading…" }
        if let searchDraft { return "\(model.title) · search: \(searchDraft)▏" }
        let summary = model.isLoading ? "loading…" : model.summary
        let live = model.isNotFollowingChanges ? " · not following changes" : ""
        return "\(model.title) · \(summary)\(live)\(hint(model))"
    }

    public var keyLine: String {
        if searchDraft != nil {
            return "type to search · " + FullScreenKeyMap.keyLine(FullScreenKeyMap.searchKeys)
        }
        guard let model else { return "" }
        let keys = FullScreenKeyMap.keys(on: .list).filter { key in
            switch FullScreenKeyMap.intent(of: key.keys[0], on: .list) {
            case .nextPage: model.showNextPage != nil
            case .previousPage: model.showPreviousPage != nil
            case .retry: model.retry != nil
            case .demo: model.addDemoPersons != nil
            case .open: !model.rows.isEmpty
            // Esc shows everyone again only after a search was kept.
            case nil where key.keys.contains(.escape): !model.searchText.isEmpty
            default: true
            }
        }
        return FullScreenKeyMap.keyLine(keys)
    }

    public func handle(_ key: Key) async -> KeyOutcome {
        guard let model else { return .waitForLoad }
        if searchDraft != nil { return await handleSearch(key, model) }
        if let intent = FullScreenKeyMap.intent(of: key, on: .list) {
            return await ask(intent, model)
        }
        switch key {
        case .up, .character("k"): return await move(by: -1, model)
        case .down, .character("j"): return await move(by: 1, model)
        case .home, .character("g"): return await goToEnd(last: false, model)
        case .end, .character("G"): return await goToEnd(last: true, model)
        case .halfPageDown: return await scroll(down: true, model)
        case .clearLine: return await scroll(down: false, model)
        case .escape: return await showEveryone(model)
        default: return .notMine
        }
    }

    /// Esc on the list: the search kept with Enter is dropped and everyone
    /// shows again, as Esc leaves a search in less and lazygit; with none
    /// kept, the status line says so.
    private func showEveryone(_ model: PersonListViewModel) async -> KeyOutcome {
        guard !model.searchText.isEmpty else {
            showError("There is no search to clear: the list shows everyone.")
            return .handled
        }
        landing = .first
        await model.search("")
        return .handled
    }

    private func ask(_ intent: ScreenIntent, _ model: PersonListViewModel) async -> KeyOutcome {
        switch intent {
        case .open:
            guard !model.isLoading else { return .waitForLoad }
            guard highlightedRow != nil else {
                showError("There is no one to open here.")
                return .handled
            }
            return .openHighlighted
        case .nextPage:
            guard !model.isLoading else { return .waitForLoad }
            guard let next = model.showNextPage else {
                showError("This is the last page.")
                return .handled
            }
            await next()
        case .previousPage:
            guard !model.isLoading else { return .waitForLoad }
            guard let previous = model.showPreviousPage else {
                showError("This is the first page.")
                return .handled
            }
            await previous()
        case .search:
            searchDraft = model.searchText
            display.setNeedsDisplay()
        case .add: await model.add()
        case .demo:
            guard !model.isLoading else { return .waitForLoad }
            guard let fill = model.addDemoPersons else {
                showError("The demo persons go only in an empty book.")
                return .handled
            }
            await display.whileWriting("adding the demo persons…") { await fill() }
        case .undo: await display.whileWriting("undoing…") { await model.undo() }
        case .retry:
            // Loaded or not: a file another program wrote tells no one,
            // so r is how its changes are seen.
            guard let again = model.retry ?? model.reload else {
                showError("This list cannot be read again.")
                return .handled
            }
            await again()
        case .quit: await model.quit()
        case .help: return .help
        // Every other intent of the list opens a screen (settings): the
        // model's one action takes them all, so a new one needs no case.
        // The key map gives this view only the list's own intents.
        default: await model.openScreen(intent)
        }
        return .handled
    }

    /// Moves the highlight, turning the page at either end of it.
    private func move(by step: Int, _ model: PersonListViewModel) async -> KeyOutcome {
        guard !model.isLoading else { return .waitForLoad }
        let target = highlight + step
        if model.rows.indices.contains(target) {
            highlight = target
            display.setNeedsDisplay()
        } else if step > 0, let next = model.showNextPage {
            landing = .first
            await next()
        } else if step < 0, let previous = model.showPreviousPage {
            landing = .last
            await previous()
        }
        return .handled
    }

    /// Highlights the first or the last person of the whole list (of the
    /// search), reading that end's page again even when it is the one
    /// shown: another program may have added or deleted someone there
    /// since, and the key promises the book's end, not the page's.
    private func goToEnd(last: Bool, _ model: PersonListViewModel) async -> KeyOutcome {
        guard !model.isLoading else { return .waitForLoad }
        guard let read = last ? model.showLast : model.showFirst else {
            highlight = last ? max(0, model.rows.count - 1) : 0
            display.setNeedsDisplay()
            return .handled
        }
        landing = last ? .last : .first
        await read()
        return .handled
    }

    /// Moves half a window down or up, as Ctrl-D and Ctrl-U do in less
    /// and vi: the page scrolls under the highlight, which keeps its line,
    /// and where the list ends the highlight moves the rest of the way.
    private func scroll(down: Bool, _ model: PersonListViewModel) async -> KeyOutcome {
        guard !model.isLoading else { return .waitForLoad }
        let half = max(1, model.rowsPerPage / 2)
        let line = highlight
        // Where the highlight lands if the page moves all the way; set
        // before the page is asked for, which may arrive at once.
        landing = .row(line)
        let moved = await model.scroll(down ? half : -half)
        let rest = (down ? half : -half) - moved
        let target = max(0, min(line + rest, model.rowsPerPage - 1))
        if moved == 0 {
            landing = .same
            highlight = max(0, min(target, model.rows.count - 1))
            display.setNeedsDisplay()
        } else if target != line {
            landing = .row(target)
        }
        return .handled
    }

    /// A key typed while searching: text searches again at once.
    private func handleSearch(_ key: Key, _ model: PersonListViewModel) async -> KeyOutcome {
        var draft = searchDraft ?? ""
        switch key {
        case .character, .pasted:
            // Longer than any field can be: nothing would match.
            let longer = PersonSearchText.longestField.appending(key.text ?? "", to: draft)
            guard longer != draft else { return .handled }
            draft = longer
        case .backspace:
            // On an empty search it stays, as in less and vi: only Enter
            // and Esc leave it, so letters typed next are never commands
            // (`/ab`, three Backspaces and `zoe` opened the form).
            guard !draft.isEmpty else { return .handled }
            draft.removeLast()
        case .clearLine:
            draft = ""
        case .enter:
            searchDraft = nil
            display.setNeedsDisplay()
            return .handled
        case .escape:
            searchDraft = nil
            if !model.searchText.isEmpty {
                landing = .first
                await model.search("")
            }
            display.setNeedsDisplay()
            return .handled
        case .up, .down, .pageUp, .pageDown, .home, .end:
            searchDraft = nil
            return await handle(key)
        default:
            return .handled
        }
        searchDraft = draft
        landing = .first
        await model.search(draft)
        return .handled
    }

    /// How to go on from an empty list, in this front end's keys.
    private func hint(_ model: PersonListViewModel) -> String {
        if model.retry != nil { return "; r tries again" }
        guard model.rows.isEmpty, !model.isLoading else { return "" }
        guard model.searchText.isEmpty else { return "; Esc shows everyone" }
        return model.addDemoPersons == nil
            ? "; a adds someone" : "; a adds someone, x three demo persons"
    }

    public func draw(in grid: inout CellGrid, area: PaneArea, focused: Bool) {
        guard let model, area.rows > 0 else { return }
        if model.rows.isEmpty {
            let words = model.isLoading ? "loading…" : model.summary + hint(model)
            grid.put(words, at: area.point(0, 1), width: area.columns - 1, style: CellStyle(.keys))
            return
        }
        if highlight < scrollTop { scrollTop = highlight }
        if highlight >= scrollTop + area.rows { scrollTop = highlight - area.rows + 1 }
        scrollTop = max(0, min(scrollTop, max(0, model.rows.count - area.rows)))
        let nameWidth = min(28, max(12, area.columns / 2 - 2))
        for line in 0..<min(area.rows, model.rows.count - scrollTop) {
            let index = scrollTop + line
            let row = model.rows[index]
            let isHighlighted = index == highlight
            let style = CellStyle(.plain, highlighted: isHighlighted && focused)
            let marker = isHighlighted ? "▌" : " "
            grid.put(marker, at: area.point(line), width: 1, style: CellStyle(.title))
            let name = area.columns >= 40 ? nameWidth : area.columns - 1
            let used = grid.put(
                row.title, at: area.point(line, 1), width: name, style: style, fill: true)
            if area.columns >= 40 {
                grid.put(
                    "  " + row.subtitle, at: area.point(line, 1 + max(used, name)),
                    width: area.columns - 1 - max(used, name), style: style, fill: true)
            }
        }
    }
}

extension FullScreenViews: PersonListViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonListView() -> any PersonListView {
        FullScreenPersonListView(display: display)
    }
}
