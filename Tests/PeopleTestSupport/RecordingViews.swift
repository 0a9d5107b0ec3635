import Features

/// A list view that keeps what it was shown, so a test can read the rows and
/// ask for what the keys ask for by calling the model's closures.
@MainActor
public final class RecordingPersonListView: PersonListView {
    /// Every model shown, oldest first.
    public private(set) var models: [PersonListViewModel] = []
    /// Every message shown, oldest first.
    public private(set) var messages: [String] = []
    /// Every error shown, oldest first.
    public private(set) var errors: [String] = []

    /// A view that has shown nothing.
    public init() {}

    /// The model shown last.
    public var shown: PersonListViewModel? { models.last }

    public func show(_ model: PersonListViewModel) { models.append(model) }
    public func showMessage(_ message: String) { messages.append(message) }
    public func showError(_ message: String) { errors.append(message) }
}

/// A detail view that keeps what it was shown.
@MainActor
public final class RecordingPersonDetailView: PersonDetailView {
    /// Every model shown, oldest first.
    public private(set) var models: [PersonDetailViewModel] = []
    /// Every message shown, oldest first.
    public private(set) var messages: [String] = []
    /// Every error shown, oldest first.
    public private(set) var errors: [String] = []
    /// Every failure to read the person shown, oldest first.
    public private(set) var loadFailures: [String] = []

    /// A view that has shown nothing.
    public init() {}

    /// The model shown last.
    public var shown: PersonDetailViewModel? { models.last }

    public func show(_ model: PersonDetailViewModel) { models.append(model) }
    public func showMessage(_ message: String) { messages.append(message) }
    public func showError(_ message: String) { errors.append(message) }
    public func showLoadFailure(_ message: String) { loadFailures.append(message) }
}

/// A form view that keeps the prompts it was shown.
@MainActor
public final class RecordingPersonEditView: PersonEditView {
    /// Every prompt shown, oldest first.
    public private(set) var models: [PersonFormViewModel] = []
    /// Every message shown, oldest first.
    public private(set) var messages: [String] = []
    /// Every error shown, oldest first.
    public private(set) var errors: [String] = []

    /// A view that has shown nothing.
    public init() {}

    /// The prompt shown last.
    public var shown: PersonFormViewModel? { models.last }

    /// Answers the prompt shown last, as a person typing would.
    public func answer(_ answer: FormAnswer) async {
        await shown?.answer(answer)
    }

    public func show(_ model: PersonFormViewModel) { models.append(model) }
    public func showMessage(_ message: String) { messages.append(message) }
    public func showError(_ message: String) { errors.append(message) }
}

/// A settings view that keeps what it was shown.
@MainActor
public final class RecordingSettingsView: SettingsView {
    /// Every model shown, oldest first.
    public private(set) var models: [SettingsViewModel] = []
    /// Every error shown, oldest first.
    public private(set) var errors: [String] = []
    /// Every failure to read the settings, oldest first.
    public private(set) var loadFailures: [String] = []

    /// A view that has shown nothing.
    public init() {}

    /// The model shown last.
    public var shown: SettingsViewModel? { models.last }

    public func show(_ model: SettingsViewModel) { models.append(model) }
    public func showError(_ message: String) { errors.append(message) }
    public func showLoadFailure(_ message: String) { loadFailures.append(message) }
}

/// A view factory of recording views, which keeps every view it made, so a
/// test drives the real injectors and reads each screen as the models it was
/// shown.
///
/// Hand it to a session (`SessionScope(app: app, views: RecordingViews())`); every
/// `inject…View` method then gets a recording view from it. What it records:
/// each view it made, per kind, oldest first.
@MainActor
public final class RecordingViews: ViewFactory {
    /// Every list view made, oldest first.
    public private(set) var lists: [RecordingPersonListView] = []
    /// Every detail view made, oldest first.
    public private(set) var details: [RecordingPersonDetailView] = []
    /// Every form view made, oldest first.
    public private(set) var forms: [RecordingPersonEditView] = []
    /// Every settings view made, oldest first.
    public private(set) var settings: [RecordingSettingsView] = []

    /// A factory that has made nothing yet.
    public init() {}

    public func makePersonListView() -> any PersonListView {
        let view = RecordingPersonListView()
        lists.append(view)
        return view
    }

    public func makePersonDetailView() -> any PersonDetailView {
        let view = RecordingPersonDetailView()
        details.append(view)
        return view
    }

    public func makePersonEditView() -> any PersonEditView {
        let view = RecordingPersonEditView()
        forms.append(view)
        return view
    }

    public func makeSettingsView() -> any SettingsView {
        let view = RecordingSettingsView()
        settings.append(view)
        return view
    }

    /// A recording navigator, which shows the root and returns: the test
    /// drives the screens through the models its views were shown.
    public func makeNavigator() -> any Navigator {
        RecordingNavigator()
    }
}
