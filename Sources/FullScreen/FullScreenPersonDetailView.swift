import Features
import Terminal

/// One person in the full-screen front end: the pane beside the list, or
/// the whole window when it is narrow.
///
/// Beside the list it shows whoever is highlighted — the navigator opens
/// each in a scope of their own as the highlight moves — and `e` and `d`
/// reach it from the list. Enter gives it the focus; Esc gives the focus
/// back to the list without closing it. A value too long for its row folds
/// under its label as in the line front end, over at most four rows, the
/// last ending with its length: `… (100,000 characters)`. Every row of
/// ``Features/Person/shownFields`` is drawn; when the window is too short
/// for them all, the last row left says how many more there are.
@MainActor
public final class FullScreenPersonDetailView: PersonDetailView, FullScreenView {
    private let display: FullScreenDisplay
    private var model: PersonDetailViewModel?
    private var loadFailure: String?
    /// Whether the navigator opened it for the highlight, beside the list:
    /// then going back only gives the list the focus.
    var isBesideTheList = false

    /// A view drawing through `display`.
    public init(display: FullScreenDisplay) {
        self.display = display
    }

    public var screen: AppScreen { .detail }

    public func show(_ model: PersonDetailViewModel) {
        self.model = model
        loadFailure = nil
        display.setNeedsDisplay()
    }

    public func showMessage(_ message: String) {
        display.showStatus(message, as: .success)
    }

    public func showError(_ message: String) {
        display.showStatus(message, as: .error)
    }

    /// Shows why the person could not be read, in the pane and on the
    /// status line, and ends the pane's loading: a failed read is settled,
    /// so `e` and `d` answer (with this failure) instead of waiting for a
    /// read that will never come, and every key after them still works.
    ///
    /// Beside the list, with the list's keys in force, the way on is to
    /// move the highlight, which the key line shows; only a pane with the
    /// focus is left with Esc.
    public func showLoadFailure(_ message: String) {
        loadFailure = message
        model?.isLoading = false
        display.showStatus(
            isBesideTheList ? message + "." : message + "; Esc goes back.", as: .error)
    }

    /// Whether a question is waiting for its answer: then every key answers it.
    public var isAsking: Bool { model?.confirmation != nil }

    public var keyLine: String {
        if let question = model?.confirmation {
            return question.canBeUndone
                ? "y deletes · any other key keeps · u on the list undoes a delete"
                : "y confirms · any other key keeps"
        }
        return FullScreenKeyMap.keyLine(FullScreenKeyMap.keys(on: .detail))
    }

    public func handle(_ key: Key) async -> KeyOutcome {
        guard let model else { return .waitForLoad }
        if let question = model.confirmation {
            if key == .character("y") || key == .character("Y") {
                await display.whileWriting("deleting…") { await question.confirm() }
            } else {
                await question.cancel()
            }
            return .handled
        }
        switch FullScreenKeyMap.intent(of: key, on: .detail) {
        case .edit?:
            guard !model.isLoading else { return .waitForLoad }
            await model.edit()
        case .delete?:
            guard !model.isLoading else { return .waitForLoad }
            await model.delete()
        case .back?:
            if isBesideTheList { return .back }
            await model.back()
        case .quit?: await model.quit()
        case .help?: return .help
        default: return .notMine
        }
        return .handled
    }

    public func draw(in grid: inout CellGrid, area: PaneArea, focused: Bool) {
        guard let model, area.rows > 0 else { return }
        let heading = model.isLoading ? "\(model.title) · loading…" : model.title
        grid.put(heading, at: area.point(0, 1), width: area.columns - 1, style: CellStyle(.title))
        if let loadFailure {
            grid.put(
                loadFailure, at: area.point(2, 1), width: area.columns - 1, style: CellStyle(.error)
            )
            return
        }
        let labelWidth = (model.fields.map(\.label.displayColumns).max() ?? 0) + 2
        let room = max(1, area.columns - 3 - labelWidth)
        // Folded as the line front end folds it: a value another program
        // made 100,000 characters long shows its start and its length.
        let lines = model.fields.flatMap { field in
            TerminalPersonDetailView.folded(field.value, into: room).enumerated().map {
                (label: $0.offset == 0 ? field.label : "", text: $0.element)
            }
        }
        // A question keeps its row under the fields, however far they fold.
        let bottom = model.confirmation == nil ? area.rows : area.rows - 2
        // Rows that do not fit leave their last place to a mark saying how
        // many more there are, so a short window never hides one unsaid.
        let rows = max(0, bottom - 2)
        let shown = lines.count > rows ? max(0, rows - 1) : lines.count
        var row = 2
        for line in lines.prefix(shown) {
            grid.put(line.label, at: area.point(row, 3), width: labelWidth, style: CellStyle(.keys))
            grid.put(line.text, at: area.point(row, 3 + labelWidth), width: room)
            row += 1
        }
        if shown < lines.count && row < bottom {
            grid.put(
                "… \(lines.count - shown) more (a taller window shows them)",
                at: area.point(row, 3), width: area.columns - 3, style: CellStyle(.keys))
            row += 1
        }
        // Under the fields, or on the pane's last row when the heading
        // leaves none for them (the smallest window).
        if let question = model.confirmation, area.rows > 1 {
            grid.put(
                question.question + " (y/n)", at: area.point(min(row + 1, area.rows - 1), 1),
                width: area.columns - 1, style: CellStyle(.error, highlighted: true))
        }
    }
}

extension FullScreenViews: PersonDetailViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonDetailView() -> any PersonDetailView {
        FullScreenPersonDetailView(display: display)
    }
}
