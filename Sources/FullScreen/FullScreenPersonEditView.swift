import Features
import Terminal

/// The person form in the full-screen front end: every field at once,
/// edited in place.
///
/// Tab and ↓ go to the next field, Shift-Tab and ↑ to the one before,
/// Enter saves and Esc cancels. The controller checks one field at a time,
/// so a save answers its prompts in turn with what was typed, from the
/// first field (``Features/FormAnswer/previous`` takes it back there) —
/// the same answers, checked by the same rules, as a line typed for each.
/// A refused value or a conflict is said once, on the status line, with
/// the focus on the field to fix and every value still as typed.
@MainActor
public final class FullScreenPersonEditView: PersonEditView, FullScreenView {
    private let display: FullScreenDisplay
    private var model: PersonFormViewModel?
    /// Each field's text and cursor, as edited here.
    private var fields: [PersonField: FieldEditing] = [:]
    /// The values the form opened with: Esc leaves at once while every
    /// field still reads so, and asks first once one does not.
    private var opening: [PersonField: String] = [:]
    private var focus = PersonField.allCases[0]
    private var hasValues = false
    /// Whether Esc on a changed form is waiting for its y or n.
    private var isAskingToDiscard = false
    private var refusals = 0

    /// A view drawing through `display`.
    public init(display: FullScreenDisplay) {
        self.display = display
    }

    public var screen: AppScreen { .form }

    public func show(_ model: PersonFormViewModel) {
        self.model = model
        if !hasValues {
            fields = model.values.mapValues(FieldEditing.init)
            opening = model.values
            focus = model.field
            hasValues = true
        }
        display.setNeedsDisplay()
    }

    public func showMessage(_ message: String) {
        display.showStatus(message, as: .success)
    }

    /// Says why a value or a save was refused, once: on the status line,
    /// as every screen says what went wrong, in full and in any window
    /// (a copy under the fields would be cut to the pane, or fall below it
    /// in a short window, and say it twice in a tall one).
    public func showError(_ message: String) {
        refusals += 1
        display.showStatus(message, as: .error)
    }

    public var keyLine: String {
        isAskingToDiscard
            ? "y discards · any other key keeps editing"
            : FullScreenKeyMap.keyLine(FullScreenKeyMap.keys(on: .form))
    }

    /// Whether a field reads otherwise than when the form opened.
    private var isChanged: Bool {
        PersonField.allCases.contains { (fields[$0]?.text ?? "") != (opening[$0] ?? "") }
    }

    public func handle(_ key: Key) async -> KeyOutcome {
        guard let model else { return .waitForLoad }
        if isAskingToDiscard { return await answerDiscard(key, model) }
        let fields = PersonField.allCases
        let at = fields.firstIndex(of: focus) ?? 0
        switch key {
        case .enter:
            await display.whileWriting("saving…") { await self.save() }
            return .handled
        case .tab, .down: focus = fields[(at + 1) % fields.count]
        case .backTab, .up: focus = fields[(at + fields.count - 1) % fields.count]
        default: return await edit(with: key, model)
        }
        display.setNeedsDisplay()
        return .handled
    }

    /// Edits the field in focus for `key`, at its cursor; or asks for the
    /// intent `key` stands for on the form.
    private func edit(with key: Key, _ model: PersonFormViewModel) async -> KeyOutcome {
        var field = self.fields[focus] ?? FieldEditing("")
        switch key {
        case .left: field.moveLeft()
        case .right: field.moveRight()
        case .home, .lineStart: field.moveToStart()
        case .end, .lineEnd: field.moveToEnd()
        case .backspace: field.deleteBackward()
        case .delete: field.deleteForward()
        case .deleteWord: field.deleteWordBackward()
        case .clearLine: field.deleteToStart()
        case .deleteToEnd: field.deleteToEnd()
        case .character, .pasted:
            // Past the longest value the field takes, a key adds nothing:
            // a paste of a book cannot grow the form without bound.
            field.insert(key.text ?? "", into: focus)
        default:
            switch FullScreenKeyMap.intent(of: key, on: .form) {
            case .cancel? where isChanged:
                isAskingToDiscard = true
            case .cancel?: await model.answer(.cancel)
            case .help?: return .help
            default: return .notMine
            }
        }
        self.fields[focus] = field
        display.setNeedsDisplay()
        return .handled
    }

    /// y leaves the changed form, as Esc on an unchanged one does; any
    /// other key keeps editing, every value as typed.
    private func answerDiscard(_ key: Key, _ model: PersonFormViewModel) async -> KeyOutcome {
        isAskingToDiscard = false
        display.setNeedsDisplay()
        if key == .character("y") || key == .character("Y") { await model.answer(.cancel) }
        return .handled
    }

    /// Answers every prompt in turn, from the first, with the value typed;
    /// stops at the first refusal, its field in focus.
    private func save() async {
        while let model, model.step.number > 1 { await model.answer(.previous) }
        let before = refusals
        while let model {
            let step = model.step.number
            await model.answer(.text(fields[model.field]?.text ?? ""))
            if refusals != before {
                focus = self.model?.field ?? focus
                return
            }
            // Saved: the form has closed, and asks nothing more.
            guard let next = self.model, next.step.number > step else { return }
        }
    }

    public func draw(in grid: inout CellGrid, area: PaneArea, focused: Bool) {
        guard let model, area.rows > 0 else { return }
        grid.put(
            model.title, at: area.point(0, 1), width: area.columns - 1, style: CellStyle(.title))
        let fields = PersonField.allCases
        // Padded to the widest label drawn, whatever a new field is called.
        let labelWidth = (fields.map { Self.label(of: $0).displayColumns }.max() ?? 0) + 2
        // Two rows a field when the pane has them, else one, scrolled so the
        // field in focus is in sight: a key never types into a field that
        // is not drawn, to be saved unseen.
        let gap = fields.count * 2 < area.rows ? 2 : 1
        let first = gap
        let focusRow = first + (fields.firstIndex(of: focus) ?? 0) * gap
        let shift = max(0, focusRow - (area.rows - 1))
        for (index, field) in fields.enumerated() {
            let row = first + index * gap - shift
            guard row >= first, row < area.rows else { continue }
            grid.put(
                Self.label(of: field), at: area.point(row, 1), width: labelWidth,
                style: CellStyle(.keys))
            let isFocused = field == focus && focused
            let room = area.columns - 2 - labelWidth
            let editing = self.fields[field] ?? FieldEditing("")
            let value = isFocused ? Self.shown(editing, room: room) : InertText.inert(editing.text)
            grid.put(
                value, at: area.point(row, 1 + labelWidth), width: room,
                style: CellStyle(.plain, highlighted: isFocused), fill: isFocused)
        }
        let below = first + fields.count * gap - shift
        if isAskingToDiscard {
            // Under the fields, and kept in sight however far they
            // scrolled: the question is what the next key answers.
            grid.put(
                discardQuestion + " (y/n)", at: area.point(min(below, area.rows - 1), 1),
                width: area.columns - 1, style: CellStyle(.error))
        }
    }
}

extension FullScreenPersonEditView {
    /// What Esc on a changed form asks, naming the person as the form
    /// opened on them, as the delete question names them.
    var discardQuestion: String {
        let name = opening[.name] ?? ""
        return "Discard changes to \(name.isEmpty ? "the new person" : InertText.inert(name))?"
    }

    /// The focused field as drawn in `room` columns: its text with a bar at
    /// the cursor, measured as drawn (inert, in display columns: a wide
    /// character takes two, a combining mark none).
    ///
    /// A text longer than its box scrolls so the cursor stays in sight,
    /// with up to a third of the box for what follows it, and `…` where
    /// the start is cut off.
    static func shown(_ editing: FieldEditing, room: Int) -> String {
        let after = InertText.inert(String(editing.afterCursor))
        var before = InertText.inert(String(editing.beforeCursor)) + "▏"
        let roomBefore = room - min(after.displayColumns, room / 3)
        if before.displayColumns > roomBefore {
            before = "…" + before[before.suffixStart(columns: max(0, roomBefore - 1))...]
        }
        return before + after
    }

    /// A field's label as the form draws it, `?` after an optional one.
    ///
    /// A list field (``Features/PersonField/isList``) is edited as the text
    /// of all its values, `work: a@b.org, home: c@d.org`, so adding,
    /// removing or reordering one is editing that text.
    static func label(of field: PersonField) -> String {
        field.isRequired ? field.label : field.label + "?"
    }
}

extension FullScreenViews: PersonEditViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonEditView() -> any PersonEditView {
        FullScreenPersonEditView(display: display)
    }
}
