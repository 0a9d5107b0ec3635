import Foundation

/// The person form in line mode: one prompt per field.
///
/// ```
/// Edit Ada Lovelace — Enter keeps [the value], - clears it, . cancels.
/// Name (1/3) [Ada Lovelace]:
/// ```
@MainActor
public final class TerminalPersonEditView: PersonEditView {
    private let console: any Console
    private let style: TextStyle
    private var model: PersonFormViewModel?

    /// A view that writes to `console` in `style`.
    public init(console: any Console, style: TextStyle) {
        self.console = console
        self.style = style
    }

    public func show(_ model: PersonFormViewModel) {
        if model.step.number == 1 {
            console.writeLine(
                style.title(model.title)
                    + style.keys(" — Enter keeps [the value], - clears it, . cancels."))
        }
        self.model = model
        let field = model.field
        var prompt = "\(field.label) (\(model.step.number)/\(model.step.of))"
        if !model.currentValue.isEmpty {
            prompt += " [\(model.currentValue)]"
        } else if !field.isRequired {
            prompt += " (optional)"
        }
        console.writeLine(prompt + ":")
    }

    public func showMessage(_ message: String) {
        console.writeLine(style.success(message))
    }

    public func showError(_ message: String) {
        console.writeLine(style.error(message))
    }

    public func handle(_ input: String) {
        guard let model else { return }
        switch input.trimmingCharacters(in: .whitespaces) {
        case "": model.answer(.keep)
        case "-": model.answer(.clear)
        case ".": model.answer(.cancel)
        default: model.answer(.text(input))
        }
    }
}
