import Features

/// The settings in the full-screen front end: each section's rows, in a
/// pane that scrolls with ↑ and ↓ when the object graph is longer than it.
@MainActor
public final class FullScreenSettingsView: SettingsView, FullScreenView {
    private let display: FullScreenDisplay
    private var model: SettingsViewModel?
    private var loadFailure: String?
    private var scrollTop = 0

    /// A view drawing through `display`.
    public init(display: FullScreenDisplay) {
        self.display = display
    }

    public var screen: AppScreen { .settings }

    public func show(_ model: SettingsViewModel) {
        self.model = model
        display.setNeedsDisplay()
    }

    public func showError(_ message: String) {
        display.showStatus(message, as: .error)
    }

    public func showLoadFailure(_ message: String) {
        loadFailure = message
        display.showStatus(message + "; Esc goes back.", as: .error)
    }

    public var keyLine: String {
        FullScreenKeyMap.keyLine(FullScreenKeyMap.keys(on: .settings))
    }

    public func handle(_ key: Key) async -> KeyOutcome {
        guard let model else { return .waitForLoad }
        switch (key, FullScreenKeyMap.intent(of: key, on: .settings)) {
        case (_, .back?): await model.back()
        case (_, .quit?): await model.quit()
        case (_, .help?): return .help
        case (.up, _), (.character("k"), _): scrollTop = max(0, scrollTop - 1)
        case (.down, _), (.character("j"), _): scrollTop += 1
        default: return .notMine
        }
        display.setNeedsDisplay()
        return .handled
    }

    /// Every line the settings show: a section's title, then its rows.
    private func lines(_ model: SettingsViewModel) -> [(text: String, role: TextRole)] {
        if model.isLoading { return [("Settings · loading…", .title)] }
        if let loadFailure { return [("Settings", .title), (loadFailure, .error)] }
        return model.sections.flatMap { section in
            let width = section.rows.map(\.label.count).max() ?? 0
            return [(section.title, TextRole.title)]
                + section.rows.map { row in
                    (
                        width == 0
                            ? "  \(row.value)" : "  \(row.label.padded(to: width))  \(row.value)",
                        TextRole.plain
                    )
                }
        }
    }

    public func draw(in grid: inout CellGrid, area: PaneArea, focused: Bool) {
        guard let model, area.rows > 0 else { return }
        let lines = lines(model)
        scrollTop = max(0, min(scrollTop, lines.count - area.rows))
        for (row, line) in lines.dropFirst(scrollTop).prefix(area.rows).enumerated() {
            grid.put(
                line.text, at: area.point(row, 1), width: area.columns - 1,
                style: CellStyle(line.role))
        }
    }
}

extension FullScreenViews: SettingsViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makeSettingsView() -> any SettingsView {
        FullScreenSettingsView(display: display)
    }
}
