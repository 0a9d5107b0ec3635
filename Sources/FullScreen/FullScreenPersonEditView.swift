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
/// A refused value or a conflict is shown under the form, with the focus
/// on the field to fix and every value still as typed.
@MainActor
public final class FullScreenPersonEditView: PersonEditView, FullScreenView {
    private let display: FullScreenDisplay
    private var model: PersonFormViewModel?
    private var values: [PersonField: String] = [:]
    private var focus = PersonField.allCases[0]
    private var hasValues = false
    private var refusals = 0
    /// Why the last save or value was refused, shown under the fields.
    private var refusal: String?

    /// A view drawing through `display`.
    public init(display: FullScreenDisplay) {
        self.display = display
    }

    public var screen: AppScreen { .form }

    public func show(_ model: PersonFormViewModel) {
        self.model = model
        if !hasValues {
            values = model.values
            focus = model.field
            hasValues = true
        }
        display.setNeedsDisplay()
    }

    public func showMessage(_ message: String) {
        display.showStatus(message, as: .success)
    }

    public func showError(_ message: String) {
        refusals += 1
        refusal = message
        display.showStatus(message, as: .error)
    }

    public var keyLine: String {
        FullScreenKeyMap.keyLine(FullScreenKeyMap.keys(on: .form))
    }

    public func handle(_ key: Key) async -> KeyOutcome {
        guard let model else { return .waitForLoad }
        let fields = PersonField.allCases
        let at = fields.firstIndex(of: focus) ?? 0
        switch key {
        case .enter:
            await display.whileWriting("saving…") { await self.save() }
            return .handled
        case .tab, .down: focus = fields[(at + 1) % fields.count]
        case .backTab, .up: focus = fields[(at + fields.count - 1) % fields.count]
        case .backspace: _ = values[focus]?.popLast()
        case .clearLine: values[focus] = ""
        case .character, .pasted:
            // Past the longest value the field takes, a key adds nothing:
            // a paste of a book cannot grow the form without bound.
            values[focus] = focus.appending(key.text ?? "", to: values[focus] ?? "")
        default:
            switch FullScreenKeyMap.intent(of: key, on: .form) {
            case .cancel?: await model.answer(.cancel)
            case .help?: return .help
            default: return .notMine
            }
        }
        display.setNeedsDisplay()
        return .handled
    }

    /// Answers every prompt in turn, from the first, with the value typed;
    /// stops at the first refusal, its field in focus.
    private func save() async {
        while let model, model.step.number > 1 { await model.answer(.previous) }
        let before = refusals
        refusal = nil
        while let model {
            let step = model.step.number
            await model.answer(.text(values[model.field] ?? ""))
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
            var value = values[field] ?? ""
            if isFocused {
                // The end of the value stays in sight while typing, measured
                // as it is drawn: inert, in display columns (a wide
                // character takes two).
                value = InertText.inert(value) + "▏"
                if value.displayColumns > room {
                    value = "…" + value[value.suffixStart(columns: max(0, room - 1))...]
                }
            }
            grid.put(
                value, at: area.point(row, 1 + labelWidth), width: room,
                style: CellStyle(.plain, highlighted: isFocused), fill: isFocused)
        }
        let below = first + fields.count * gap - shift
        if let refusal, below < area.rows {
            grid.put(
                refusal, at: area.point(below, 1), width: area.columns - 1, style: CellStyle(.error)
            )
        }
    }
}

extension FullScreenPersonEditView {
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
