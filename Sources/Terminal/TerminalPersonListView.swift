import Features

/// The list screen in line mode: a numbered page of rows, then one line of keys.
///
/// ```
/// People · 1–2 of 3
///   1  Ada Lovelace  12 St James's Square, London
///   2  Alan Turing   Hollymeade, Wilmslow
/// 1–2 open · n next · /text search · a add · u undo · … · q quit · ? help
/// ```
///
/// (The samples at two rows a page, as an end-to-end test expects them;
/// the `…` stands for the keys of the screens the list opens, settings and
/// any added since, each read from `LineKeyMap` with no line here.)
/// While a page loads, the title line alone says so: `People · loading…`,
/// at a terminal (``Features/Console/showsProgress``); a pipe gets the page.
///
/// Every row is one line cut to the terminal's width (``TerminalWidth``),
/// counted in display columns, so a name or an address of any length
/// another program stored takes one line, and the names stay aligned when
/// some are written in wide characters.
@MainActor
public final class TerminalPersonListView: PersonListView, LineInputView {
    private let console: any Console
    private let width: TerminalWidth
    private var model: PersonListViewModel?

    /// A view that writes to `console`, its rows cut to `width`.
    public init(console: any Console, width: TerminalWidth) {
        self.console = console
        self.width = width
    }

    public func show(_ model: PersonListViewModel) {
        self.model = model
        // A page on its way says so only to a person watching; a script
        // gets the page when it comes.
        if model.isLoading && !console.showsProgress { return }
        let columns = width.columns
        console.writeLine(
            TerminalLine.fitted(
                "\(model.title) · \(model.summary)"
                    + (model.isNotFollowingChanges ? " · not following changes" : "")
                    + Self.hint(model), to: columns),
            as: .title)
        // The rows and the key line follow once the page has arrived.
        if model.isLoading { return }
        let titles = model.rows.map { TerminalLine.fitted($0.title, to: 28) }
        let titleWidth = titles.map(\.displayColumns).max() ?? 0
        for (index, (row, title)) in zip(model.rows, titles).enumerated() {
            let number = String(index + 1).leftPadded(to: 3)
            let line =
                "\(number)  \(title.padded(toColumns: titleWidth))  "
                + TerminalLine.fitted(row.subtitle, to: columns)
            console.writeLine(line.clipped(toColumns: columns).trimmingTrailingSpaces())
        }
        console.writeLine(keyLine(model), as: .keys)
    }

    public func showError(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .error)
    }

    public func handle(_ input: String) async {
        guard let model else { return }
        switch KeyInput(input) {
        case .number(let number) where model.rows.indices.contains(number - 1):
            await model.rows[number - 1].select()
        case .number(let number):
            showError(
                model.rows.isEmpty
                    ? "There is no row \(number); this page is empty."
                    : "There is no row \(number) on this page; rows are 1–\(model.rows.count).")
        case .key("n") where model.retry != nil, .key("p") where model.retry != nil:
            showError("The list is not loaded; Enter tries again.")
        case .key("n"):
            guard let next = model.showNextPage else { return showError("This is the last page.") }
            await next()
        case .key("p"):
            guard let previous = model.showPreviousPage else {
                return showError("This is the first page.")
            }
            await previous()
        case .search(let text):
            await model.search(text)
        case .key("a"):
            await model.add()
        case .key("x"):
            guard let fill = model.addDemoPersons else {
                return showError("The demo persons go only in an empty book.")
            }
            await fill()
        case .key("u"):
            await model.undo()
        case .key("q"):
            await model.quit()
        case .key("b"):
            showError("The list is the first screen; q quits.")
        case .key("?"):
            console.writeLines(LineKeyMap.help(on: .list))
        case .empty:
            if let retry = model.retry { await retry() } else { show(model) }
        case .key(let letter):
            // Any other key of the list opens a screen (settings): the
            // model's one action takes them all, so a new one needs no line.
            guard let intent = Self.intent(typed: letter) else {
                return showError(KeyInput.complaint(for: input))
            }
            await model.openScreen(intent)
        case .unknown:
            showError(KeyInput.complaint(for: input))
        }
    }

    /// The list's intent whose key is `letter`, if any.
    static func intent(typed letter: Character) -> ScreenIntent? {
        AppScreen.list.intents.first { LineKeyMap.key(for: $0).keys == String(letter) }
    }

    /// How to go on from a list with no rows, in this front end's keys:
    /// `; a adds someone`, `; / alone shows everyone`, `; Enter tries again`.
    static func hint(_ model: PersonListViewModel) -> String {
        if model.retry != nil { return "; \(LineKeyMap.key(for: .retry).keys) tries again" }
        guard model.rows.isEmpty, !model.isLoading else { return "" }
        guard model.searchText.isEmpty else { return "; \(LineKeyMap.everyoneAgain)" }
        let add = "; \(LineKeyMap.key(for: .add).keys) adds someone"
        return model.addDemoPersons == nil
            ? add : add + ", \(LineKeyMap.key(for: .demo).keys) three demo persons"
    }

    /// The list's keys that do something on this page; the row numbers
    /// shown as the range there is.
    private func keyLine(_ model: PersonListViewModel) -> String {
        let editing = LineKeyMap.editingKeys(on: .list).map(\.keyLineEntry)
        let intents = AppScreen.list.intents.compactMap { intent -> String? in
            switch intent {
            case .open where model.rows.isEmpty: nil
            case .open: model.rows.count == 1 ? "1 open" : "1–\(model.rows.count) open"
            case .retry where model.retry == nil: nil
            case .demo where model.addDemoPersons == nil: nil
            case .nextPage where model.showNextPage == nil: nil
            case .previousPage where model.showPreviousPage == nil: nil
            default: LineKeyMap.key(for: intent).keyLineEntry
            }
        }
        return (editing + intents).joined(separator: " · ")
    }

    /// Tells the person something that happened, such as an undone delete.
    public func showMessage(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .success)
    }
}

extension TerminalViews: PersonListViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonListView() -> any PersonListView {
        TerminalPersonListView(console: console, width: width)
    }
}
