import Features

/// The settings screen in line mode: each section's title, then its rows.
@MainActor
public final class TerminalSettingsView: SettingsView, LineInputView {
    private let console: any Console
    private var model: SettingsViewModel?

    /// A view that writes to `console`.
    public init(console: any Console) {
        self.console = console
    }

    public func show(_ model: SettingsViewModel) {
        self.model = model
        if model.isLoading {
            // The sections and the key line follow once they have been read;
            // a script gets them when they come.
            guard console.showsProgress else { return }
            return console.writeLine("Settings · loading…", as: .title)
        }
        for section in model.sections {
            console.writeLine(section.title, as: .title)
            let width = section.rows.map(\.label.count).max() ?? 0
            for row in section.rows {
                let line =
                    width == 0 ? "  \(row.value)" : "  \(row.label.padded(to: width))  \(row.value)"
                console.writeLine(line.trimmingTrailingSpaces())
            }
        }
        console.writeLine(LineKeyMap.keyLine(LineKeyMap.keys(on: .settings)), as: .keys)
    }

    public func showError(_ message: String) {
        console.writeLine(message, as: .error)
    }

    /// The reason, then how to leave (`…; b goes back.`).
    public func showLoadFailure(_ message: String) {
        showError(message + LineKeyMap.backHint)
    }

    public func handle(_ input: String) async {
        guard let model else { return }
        switch KeyInput(input) {
        case .key("b"): await model.back()
        case .key("q"): await model.quit()
        case .key("?"): console.writeLines(LineKeyMap.help(on: .settings))
        case .empty: show(model)
        default: showError(KeyInput.complaint(for: input))
        }
    }
}

extension TerminalViews: SettingsViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makeSettingsView() -> any SettingsView {
        TerminalSettingsView(console: console)
    }
}
