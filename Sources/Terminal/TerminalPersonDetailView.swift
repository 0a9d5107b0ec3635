import Features
import Foundation

/// The detail screen in line mode: a heading, one line per field, the keys.
///
/// ```
/// Ada Lovelace
///   Name     Ada Lovelace
///   Address  12 St James's Square, London
///   Email    ada@example.org
///   Added    2010-06-21
///   Id       1
/// e edit · d delete · b back · q quit · ? help
/// ```
@MainActor
public final class TerminalPersonDetailView: PersonDetailView {
    private let console: any Console
    private var model: PersonDetailViewModel?

    /// A view that writes to `console`.
    public init(console: any Console) {
        self.console = console
    }

    public func show(_ model: PersonDetailViewModel) {
        self.model = model
        if let confirmation = model.confirmation {
            console.writeLine(
                "\(confirmation.question) Type y to confirm, anything else keeps them.", as: .error)
            return
        }
        if model.isLoading {
            // The fields follow once the person has been read again.
            return console.writeLine("\(model.title) · loading…", as: .title)
        }
        console.writeLine(model.title, as: .title)
        let width = model.fields.map(\.label.count).max() ?? 0
        for field in model.fields {
            console.writeLine("  \(field.label.padded(to: width))  \(field.value)")
        }
        console.writeLine(KeyBinding.keyLine(AppScreen.detail.keys), as: .keys)
    }

    public func showMessage(_ message: String) {
        console.writeLine(message, as: .success)
    }

    public func showError(_ message: String) {
        console.writeLine(message, as: .error)
    }

    public func handle(_ input: String) async {
        guard let model else { return }
        if let confirmation = model.confirmation {
            let answer = input.trimmingCharacters(in: .whitespaces).lowercased()
            return answer == "y" || answer == "yes"
                ? await confirmation.confirm() : await confirmation.cancel()
        }
        switch KeyInput(input) {
        case .key("e"): await model.edit()
        case .key("d"): await model.delete()
        case .key("b"): await model.back()
        case .key("q"): await model.quit()
        case .key("?"): console.writeLines(AppScreen.detail.help)
        case .empty: show(model)
        case .number, .search, .key, .unknown: showError(KeyInput.complaint(for: input))
        }
    }

}
