/// Makes a settings screen, on demand, when the list is asked for it.
public typealias SettingsControllerProvider = @MainActor () throws -> SettingsController

/// Shows what its configurator lists; going back returns to the list.
///
/// What it lists may come from the store (with `--debug`), so it is read as
/// work of the session's scope: the screen says it is loading, going back
/// or quitting need not wait for it, and leaving cancels the read.
@MainActor
public final class SettingsController: Screen {
    private let configurator: any SettingsConfigurator
    private let settingsView: any SettingsView
    private let navigator: any Navigator
    private let work: ScopedWork
    private var loading = LoadInFlight()

    /// Stores its collaborators; shows nothing until it appears.
    ///
    /// - Parameters:
    ///   - configurator: decides what is listed; base or debug.
    ///   - view: draws the sections; the front end sends it what is typed.
    ///   - navigator: goes back to the screen before.
    ///   - work: the session's work, which the read is started as.
    public init(
        configurator: any SettingsConfigurator, view: any SettingsView, navigator: any Navigator,
        work: ScopedWork
    ) {
        self.configurator = configurator
        self.settingsView = view
        self.navigator = navigator
        self.work = work
    }

    /// Shows that the settings are loading, and reads them as the
    /// session's work.
    public func appear() {
        settingsView.show(makeViewModel(sections: [], isLoading: true))
        loading.start(in: work) { [weak self] in await self?.load() }
    }

    /// The view it draws through, which the front end sends input to.
    public var view: any ScreenView { settingsView }

    /// Returns once the settings have been read (or could not be).
    public func settled() async {
        await loading.arrival()
    }

    /// Cancels a read still in flight and waits for it to stop.
    public func leave() async {
        await loading.cancel()
    }

    private func load() async {
        do {
            let sections = try await configurator.sections()
            guard !Task.isCancelled else { return }
            settingsView.show(makeViewModel(sections: sections, isLoading: false))
        } catch {
            guard !Task.isCancelled else { return }
            settingsView.showLoadFailure("Could not read the settings: \(error)")
        }
    }

    private func makeViewModel(sections: [SettingsSection], isLoading: Bool) -> SettingsViewModel {
        var model = SettingsViewModel(
            sections: sections,
            back: { [weak self] in await self?.navigator.pop() },
            quit: { [weak self] in await self?.navigator.quit() })
        model.isLoading = isLoading
        return model
    }
}

/// What the settings screen shows, and what its keys do.
public struct SettingsViewModel {
    /// The groups of rows.
    public var sections: [SettingsSection]
    /// Whether the sections are still being read; none are shown until then.
    public var isLoading = false
    /// Returns to the list.
    public var back: @MainActor () async -> Void
    /// Ends the session.
    public var quit: @MainActor () async -> Void

    /// A model with these sections and actions.
    public init(
        sections: [SettingsSection], back: @escaping @MainActor () async -> Void,
        quit: @escaping @MainActor () async -> Void
    ) {
        self.sections = sections
        self.back = back
        self.quit = quit
    }
}

/// What the settings controller needs from whatever shows the settings.
@MainActor
public protocol SettingsView: ScreenView {
    /// Shows the settings.
    func show(_ model: SettingsViewModel)
    /// Tells the person something went wrong.
    func showError(_ message: String)
    /// Tells the person the screen could not read what it is for, so going
    /// back is the way on: the view says how, in its own keys.
    func showLoadFailure(_ message: String)
}

/// Makes the views of the settings: this screen's part of ``ViewFactory``,
/// declared beside its view so each front end adopts it in its own view's
/// file (`extension TerminalViews: SettingsViewMaking`) and a new screen edits
/// no front end's factory.
@MainActor
public protocol SettingsViewMaking {
    /// A new view of the settings.
    func makeSettingsView() -> any SettingsView
}

extension UnshownView: SettingsView {
    public func show(_ model: SettingsViewModel) {}
}

extension PartialViewFactory {
    /// No view of the settings: this front end never shows them.
    public func makeSettingsView() -> any SettingsView { UnshownView() }
}
