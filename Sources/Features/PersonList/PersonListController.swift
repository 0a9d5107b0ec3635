/// The first screen: one page of persons at a time, searchable, each row
/// opening that person.
///
/// Everything it needs arrives through its initializer — the store, the page
/// size, a view, a navigator, the session's last deletion (for `u`), and a
/// provider for each screen it opens. Every one is required: a missing
/// wiring line is a compile error, not a key that quietly does nothing.
/// It never builds another controller itself: it asks a provider for a new
/// one each time, so the list does not know how a detail screen is wired.
@MainActor
public final class PersonListController: Screen {
    private let store: any PersonStore
    private let pageSize: Int
    private let view: any PersonListView
    private let navigator: any Navigator
    private let deletions: LastDeletion
    private let detailProvider: PersonDetailControllerProvider
    private let addProvider: PersonEditControllerProvider
    private let settingsProvider: SettingsControllerProvider

    private var search = ""
    private var start = PageStart.first
    private var rows: [Person] = []
    private var firstIndex = 0
    private var total = 0
    /// Whether a page was ever shown, and why the last load failed.
    private var hasLoaded = false
    private var lastFailure: String?

    /// Stores its collaborators; shows nothing until it appears.
    ///
    /// - Parameters:
    ///   - store: where the persons are listed from and deleted.
    ///   - pageSize: rows per page, at least 1.
    ///   - view: draws a page and reads the keys.
    ///   - navigator: opens the screens the providers make.
    ///   - deletions: the session's last delete, which `u` undoes.
    ///   - detailProvider: makes the detail screen of the person selected.
    ///   - addProvider: makes the form for a new person.
    ///   - settingsProvider: makes the settings screen.
    public init(
        store: any PersonStore,
        pageSize: Int,
        view: any PersonListView,
        navigator: any Navigator,
        deletions: LastDeletion,
        detailProvider: @escaping PersonDetailControllerProvider,
        addProvider: @escaping PersonEditControllerProvider,
        settingsProvider: @escaping SettingsControllerProvider
    ) {
        self.store = store
        self.pageSize = max(1, pageSize)
        self.view = view
        self.navigator = navigator
        self.deletions = deletions
        self.detailProvider = detailProvider
        self.addProvider = addProvider
        self.settingsProvider = settingsProvider
    }

    /// Reloads the page on every appearance, so a person added, edited or
    /// deleted on another screen shows here on return.
    public func appear() {
        reload()
    }

    public func handle(_ input: String) {
        view.handle(input)
    }

    private func reload() {
        do {
            total = try store.count(matching: search)
            rows = try store.page(matching: search, from: start, limit: pageSize)
            if case .before = start, rows.count < pageSize {
                // Near the top after a deletion: fill a whole first page instead.
                start = .first
                rows = try store.page(matching: search, from: start, limit: pageSize)
            } else if rows.isEmpty, total > 0 {
                // The page emptied (its persons were deleted): show the last one.
                start = .offset((total - 1) / pageSize * pageSize)
                rows = try store.page(matching: search, from: start, limit: pageSize)
                if rows.isEmpty {
                    // The total was wrong (another program wrote it): start over
                    // at the top rather than show an empty list.
                    start = .first
                    rows = try store.page(matching: search, from: start, limit: pageSize)
                }
            }
            firstIndex = try indexOfFirstRow()
            (hasLoaded, lastFailure) = (true, nil)
            view.show(makeViewModel())
        } catch {
            // Still a working screen: no rows, a retry, every other key.
            let message = "Could not load the list: \(error)"
            lastFailure = message
            (rows, total, firstIndex, start) = ([], 0, 0, .first)
            var model = makeViewModel()
            model.summary = "not loaded; Enter tries again"
            model.retry = { [weak self] in self?.reload() }
            view.show(model)
            view.showError(message)
        }
    }

    /// Why the list never showed a page, when every load so far failed: an
    /// interactive session that ends so exits with a failure.
    public var failureToLoad: String? { hasLoaded ? nil : lastFailure }

    private func indexOfFirstRow() throws -> Int {
        if case .offset(let offset) = start { return offset }
        guard let first = rows.first else { return 0 }
        return try store.position(of: first.sortKey, matching: search)
    }

    private func makeViewModel() -> PersonListViewModel {
        let rows = rows.map(makeRow)
        var model = PersonListViewModel(
            title: search.isEmpty ? "People" : "People matching “\(search.clipped(to: 40))”",
            summary: summary(),
            rows: rows,
            search: { [weak self] text in self?.show(matching: text) },
            add: { [weak self] in self?.add() },
            undo: { [weak self] in self?.undoDelete() },
            openSettings: { [weak self] in self?.openSettings() },
            quit: { [weak self] in self?.navigator.quit() })
        if firstIndex + self.rows.count < total {
            model.showNextPage = { [weak self] in self?.showNextPage() }
        }
        if firstIndex > 0 {
            model.showPreviousPage = { [weak self] in self?.showPreviousPage() }
        }
        return model
    }

    private func makeRow(_ person: Person) -> PersonRowViewModel {
        PersonRowViewModel(
            title: person.name,
            subtitle: [
                person.address.isEmpty ? person.email : person.address,
                person.source.map { "from \($0)" },
            ]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "),
            select: { [weak self] in self?.open(person) })
    }

    private func summary() -> String {
        if rows.isEmpty {
            return search.isEmpty
                ? "no one yet; a adds someone" : "no one matches; / alone shows everyone"
        }
        let range =
            rows.count == 1 ? "\(firstIndex + 1)" : "\(firstIndex + 1)–\(firstIndex + rows.count)"
        return "\(range) of \(total)"
    }

    private func showNextPage() {
        guard let last = rows.last else { return }
        start = .after(last.sortKey)
        reload()
    }

    private func showPreviousPage() {
        guard let first = rows.first else { return }
        start = .before(first.sortKey)
        reload()
    }

    private func show(matching text: String) {
        search = text
        start = .first
        reload()
    }

    private func open(_ person: Person) {
        do {
            navigator.push(try detailProvider(person))
        } catch {
            view.showError("Could not open \(person.name): \(error)")
        }
    }

    private func openSettings() {
        do {
            navigator.push(try settingsProvider())
        } catch {
            view.showError("Could not open the settings: \(error)")
        }
    }

    /// Puts back the person deleted last in this session, wherever the list
    /// is paged or searched to, and shows where they are.
    private func undoDelete() {
        guard let person = deletions.take() else {
            return view.showError("There is no delete to undo in this session.")
        }
        do {
            try store.restore(person)
        } catch {
            deletions.remember(person)
            return view.showError("Could not undo the delete of \(person.name): \(error)")
        }
        view.showMessage("Restored \(person.name).")
        reload()
    }

    private func add() {
        do {
            navigator.push(try addProvider())
        } catch {
            view.showError("Could not open the form: \(error)")
        }
    }
}
