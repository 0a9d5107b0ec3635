import Foundation

/// The detail screen in line mode: a heading, one line per field, the keys.
///
/// ```
/// Ada Lovelace
///   Name     Ada Lovelace
///   Address  12 St James's Square, London
///   Email    ada@example.org
///   Added    2010-06-21
/// e edit · d delete · b back · q quit · ? help
/// ```
@MainActor
public final class TerminalPersonDetailView: PersonDetailView {
    private let console: any Console
    private let style: TextStyle
    private var model: PersonDetailViewModel?

    /// A view that writes to `console` in `style`.
    public init(console: any Console, style: TextStyle) {
        self.console = console
        self.style = style
    }

    public func show(_ model: PersonDetailViewModel) {
        self.model = model
        if let confirmation = model.confirmation {
            console.writeLine(
                style.error("\(confirmation.question) Type y to confirm, anything else keeps them.")
            )
            return
        }
        console.writeLine(style.title(model.title))
        let width = model.fields.map(\.label.count).max() ?? 0
        for field in model.fields {
            console.writeLine("  \(field.label.padded(to: width))  \(field.value)")
        }
        console.writeLine(style.keys("e edit · d delete · b back · q quit · ? help"))
    }

    public func showMessage(_ message: String) {
        console.writeLine(style.success(message))
    }

    public func showError(_ message: String) {
        console.writeLine(style.error(message))
    }

    public func handle(_ input: String) {
        guard let model else { return }
        if let confirmation = model.confirmation {
            let answer = input.trimmingCharacters(in: .whitespaces).lowercased()
            return answer == "y" || answer == "yes" ? confirmation.confirm() : confirmation.cancel()
        }
        switch KeyInput(input) {
        case .key("e"): model.edit()
        case .key("d"): model.delete()
        case .key("b"): model.back()
        case .key("q"): model.quit()
        case .key("?"): console.writeLine(Self.help)
        case .empty: show(model)
        case .number, .search, .key, .unknown: showError(KeyInput.complaint(for: input))
        }
    }

    private static let help = """
        Detail keys:
          e   edit this person
          d   delete this person (asks first)
          b   back to the list
          q   quit
        """
}
