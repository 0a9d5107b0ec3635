/// The settings screen in line mode: each section's title, then its rows.
@MainActor
public final class TerminalSettingsView: SettingsView {
    private let console: any Console
    private let style: TextStyle
    private var model: SettingsViewModel?

    /// A view that writes to `console` in `style`.
    public init(console: any Console, style: TextStyle) {
        self.console = console
        self.style = style
    }

    public func show(_ model: SettingsViewModel) {
        self.model = model
        for section in model.sections {
            console.writeLine(style.title(section.title))
            let width = section.rows.map(\.label.count).max() ?? 0
            for row in section.rows {
                let line =
                    width == 0 ? "  \(row.value)" : "  \(row.label.padded(to: width))  \(row.value)"
                console.writeLine(line.trimmingTrailingSpaces())
            }
        }
        console.writeLine(style.keys("b back · q quit"))
    }

    public func showError(_ message: String) {
        console.writeLine(style.error(message))
    }

    public func handle(_ input: String) {
        guard let model else { return }
        switch KeyInput(input) {
        case .key("b"): model.back()
        case .key("q"): model.quit()
        case .empty: show(model)
        default: showError(KeyInput.complaint(for: input))
        }
    }
}
