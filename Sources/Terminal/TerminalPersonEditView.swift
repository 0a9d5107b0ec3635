import Features
import Foundation

/// The person form in line mode: one prompt per field.
///
/// ```
/// Edit Ada Lovelace
/// Enter keep · - clear · < previous · . cancel · ? help
/// Name (1/3) [Ada Lovelace]:
/// ```
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
        if !model.currentValue.isEmpty {
            let room = width.columns - prompt.count - 4
            prompt += " [\(TerminalLine.fitted(model.currentValue, to: room))]"
        } else if !field.isRequired {
            prompt += " (optional)"
        }
        console.writeLine(prompt + ":")
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
        case "?":
            console.writeLines(LineKeyMap.help(on: .form))
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
