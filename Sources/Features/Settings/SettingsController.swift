/// Makes a settings screen, on demand, for the list's `s` key.
public typealias SettingsControllerProvider = @MainActor () throws -> SettingsController

/// Shows what its configurator lists; `b` returns.
@MainActor
public final class SettingsController: Screen {
    private let configurator: any SettingsConfigurator
    private let view: any SettingsView
    private let navigator: any Navigator

    /// Stores its collaborators; shows nothing until it appears.
    ///
    /// - Parameters:
    ///   - configurator: decides what is listed; base or debug.
    ///   - view: draws the sections and reads the keys.
    ///   - navigator: goes back to the screen before.
    public init(
        configurator: any SettingsConfigurator, view: any SettingsView, navigator: any Navigator
    ) {
        self.configurator = configurator
        self.view = view
        self.navigator = navigator
    }

    public func appear() {
        do {
            view.show(
                SettingsViewModel(
                    sections: try configurator.sections(),
                    back: { [weak self] in self?.navigator.pop() },
                    quit: { [weak self] in self?.navigator.quit() }))
        } catch {
            view.showError("Could not read the settings: \(error)")
            navigator.pop()
        }
    }

    public func handle(_ input: String) {
        view.handle(input)
    }
}

/// What the settings screen shows, and what its keys do.
public struct SettingsViewModel {
    /// The groups of rows.
    public var sections: [SettingsSection]
    /// Returns to the list.
    public var back: @MainActor () -> Void
    /// Ends the session.
    public var quit: @MainActor () -> Void

    /// A model with these sections and actions.
    public init(
        sections: [SettingsSection], back: @escaping @MainActor () -> Void,
        quit: @escaping @MainActor () -> Void
    ) {
        self.sections = sections
        self.back = back
        self.quit = quit
    }
}

/// What the settings controller needs from whatever shows the settings.
@MainActor
public protocol SettingsView: AnyObject {
    /// Shows the settings.
    func show(_ model: SettingsViewModel)
    /// Tells the person something went wrong.
    func showError(_ message: String)
    /// Turns one line of input into one of the model's actions.
    func handle(_ input: String)
}
