import Features
import Foundation

/// The person form in line mode: one prompt per field, `>` to keep the
/// rest and save.
///
/// ```
/// Edit Ada Lovelace
/// Enter keep · - clear · < previous · > save · . cancel · ? help
/// Name (1/13) [Ada Lovelace]:
/// Email (2/13) [work: ada@example.org] (several: work: a@b.org, home: c@d.org):
/// ```
///
/// A list field (``Features/PersonField/isList``) is edited as the text
/// of all its values, the current one shown in brackets: adding, removing
/// or reordering a phone is typing the list again. Its prompt shows how
/// several are typed, and so does `?`.
@MainActor
public final class TerminalPersonEditView: PersonEditView, LineInputView {
    private let console: any Console
    private let width: TerminalWidth
    private var model: PersonFormViewModel?

    /// A view that writes to `console`; a value shown in a prompt is cut
    /// to leave the prompt within `width`.
    public init(console: any Console, width: TerminalWidth) {
        self.console = console
        self.width = width
    }

    public func show(_ model: PersonFormViewModel) {
        if model.step.number == 1 {
            console.writeLine(TerminalLine.fitted(model.title, to: width.columns), as: .title)
            console.writeLine(LineKeyMap.keyLine(LineKeyMap.keys(on: .form)), as: .keys)
        }
        self.model = model
        let field = model.field
        var prompt = "\(field.label) (\(model.step.number)/\(model.step.of))"
        // How to type several is said where the line has room for it beside
        // the value, and always in the help.
        var hint = Self.example(of: field).map { " (several: \($0))" } ?? ""
        if !model.currentValue.isEmpty {
            if width.columns - prompt.count - hint.count - 4 < 20 { hint = "" }
            let room = width.columns - prompt.count - hint.count - 4
            prompt += " [\(TerminalLine.fitted(model.currentValue, to: room))]"
        } else if !field.isRequired {
            prompt += " (optional)"
        }
        if prompt.count + hint.count + 1 > width.columns { hint = "" }
        console.writeLine(prompt + hint + ":")
    }

    /// How several values of a list field are typed, for its prompt and
    /// the help; `nil` for a field of one value.
    static func example(of field: PersonField) -> String? {
        switch field {
        case .email: "work: a@b.org, home: c@d.org"
        case .phone: "mobile: +44 7700 900123, home: 020 7946 0018"
        default: nil
        }
    }

    public func showMessage(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .success)
    }

    public func showError(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .error)
    }

    public func handle(_ input: String) async {
        guard let model else { return }
        switch input.trimmingCharacters(in: .whitespaces) {
        case "": await model.answer(.keep)
        case "-": await model.answer(.clear)
        case ".": await model.answer(.cancel)
        case "<": await model.answer(.previous)
        case ">": await model.answer(.saveKeepingTheRest)
        case "?":
            console.writeLines(LineKeyMap.help(on: .form))
            if let example = Self.example(of: model.field) {
                console.writeLine("\(model.field.label) takes several, commas between: \(example)")
            }
            show(model)
        default: await model.answer(.text(input))
        }
    }
}

extension TerminalViews: PersonEditViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonEditView() -> any PersonEditView {
        TerminalPersonEditView(console: console, width: width)
    }
}
