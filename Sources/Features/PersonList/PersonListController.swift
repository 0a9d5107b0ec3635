/// The first screen: one page of persons at a time, searchable, each row
/// opening that person.
///
/// Everything it needs arrives through its initializer — the store, the page
/// size, a view, a navigator, the session's last change (for undo) and last
/// addition (highlighted when the list is back), and a provider for each
/// screen it opens: one each for the detail and the form,
/// which it hands what to show, and ``OpenedScreens`` for those an intent
/// alone opens (settings). Every one is required: a missing wiring line is
/// a compile error, not a key that quietly does nothing.
/// It never builds another controller itself: it asks a provider for a new
/// one each time, so the list does not know how a detail screen is wired.
///
/// A page holds the configured number of rows until a front end says how
/// many it shows (``fitPage(to:)``): the full screen's list fills its
/// window, while the line front end and the one-shot commands keep the
/// configured page. Every page is read by key — after or before a person,
/// the first or the last — never by row number, so a key costs the same on
/// the millionth person as on the first.
///
/// Pages load as work of the session's scope (``ScopedWork``): the screen
/// says it is loading, and ``settled()`` tells a front end when the page
/// has arrived, so what reads the page can wait for it while quitting and
/// help need not. Leaving the screen cancels a load still in flight, and
/// the session's end waits for it to stop.
@MainActor
public final class PersonListController: Screen {
    private let store: any PersonStore
    /// Rows per page: the configured size until a view fits it to itself.
    private var pageSize: Int
    private let listView: any PersonListView
    private let navigator: any Navigator
    private let lastChange: LastChange
    private let additions: LastAddition
    private let detailProvider: PersonDetailControllerProvider
    private let addProvider: PersonEditControllerProvider
    private let openedScreens: OpenedScreens
    private let work: ScopedWork
    private let changes: StoreChanges

    private var search = ""
    /// Whether the search typed was longer than any field can hold, so
    /// finds no one: `search` keeps only the start a field could hold,
    /// which may be found.
    private var searchIsTooLong = false
    private var isFollowingChanges = false
    /// Why changes made elsewhere are not being heard, while they are not:
    /// the page shown says it may be out of date.
    private var notFollowing: String?
    private var start = PageStart.first
    private var rows: [Person] = []
    private var firstIndex = 0
    private var total = 0
    /// Whether a page was ever shown, and why the last load failed.
    private var hasLoaded = false
    private var lastFailure: String?
    /// The person just added, whom the next page shows and a view
    /// highlights, until it has arrived.
    private var justAdded: Person.ID?
    /// The page being read, if any: what a key that reads the page waits for.
    private var loading = LoadInFlight()

    /// Stores its collaborators; shows nothing until it appears.
    ///
    /// - Parameters:
    ///   - store: where the persons are listed from and deleted.
    ///   - pageSize: rows per page, at least 1.
    ///   - view: draws a page; the front end sends it what is typed.
    ///   - navigator: opens the screens the providers make.
    ///   - lastChange: the session's last edit or delete, which undo takes
    ///     back.
    ///   - additions: the session's last addition, which the list shows
    ///     highlighted when it appears again.
    ///   - detailProvider: makes the detail screen of the person selected.
    ///   - addProvider: makes the form for a new person.
    ///   - openedScreens: makes the screens an intent alone opens, such as
    ///     the settings.
    ///   - work: the session's work, which each load is started as.
    ///   - changes: says when someone else changed the book, so the page
    ///     shown is read again; ``StoreChanges/none`` for a store that
    ///     cannot tell.
    public init(
        store: any PersonStore,
        pageSize: Int,
        view: any PersonListView,
        navigator: any Navigator,
        lastChange: LastChange,
        additions: LastAddition,
        detailProvider: @escaping PersonDetailControllerProvider,
        addProvider: @escaping PersonEditControllerProvider,
        openedScreens: OpenedScreens,
        work: ScopedWork,
        changes: StoreChanges
    ) {
        self.store = store
        self.pageSize = max(1, pageSize)
        self.listView = view
        self.navigator = navigator
        self.lastChange = lastChange
        self.additions = additions
        self.detailProvider = detailProvider
        self.addProvider = addProvider
        self.openedScreens = openedScreens
        self.work = work
        self.changes = changes
    }

    /// Reloads the page on every appearance, so a person added, edited or
    /// deleted on another screen shows here on return; and follows changes
    /// made elsewhere, as session work, unless it already does (the first
    /// time, and again after the signals ended).
    public func appear() {
        // Back from the form with someone new: the page turns to the one
        // that ends with them (a whole page, as a list grows at its foot),
        // everyone listed, so they are on it whatever was searched.
        if let added = additions.take() {
            (search, searchIsTooLong, justAdded) = ("", false, added.id)
            start = PageStart.through(added.sortKey) ?? PageStart.from(added.sortKey) ?? .first
        }
        reload()
        guard !isFollowingChanges else { return }
        isFollowingChanges = true
        let signals = changes.signals()
        work.follow { [weak self] in
            for await signal in signals {
                guard let self, !Task.isCancelled else { return }
                hear(signal)
            }
            // The signals ended (the server store's end when the session
            // does, or at once when no listener could be made): the next
            // appearance listens again.
            self?.isFollowingChanges = false
        }
    }

    /// The view it draws through, which the front end sends input to.
    public var view: any ScreenView { listView }

    /// Reads the page again for a change elsewhere, or for changes that
    /// may have been missed; and keeps whether changes are heard, which
    /// the page says while they are not.
    private func hear(_ signal: StoreChanges.Signal) {
        let wasFollowing = notFollowing == nil
        switch signal {
        case .changed: break
        case .notFollowing(let why): notFollowing = why
        case .following: notFollowing = nil
        }
        // Out of sight, the list draws nothing: it reads the page again
        // when it appears.
        guard navigator.isShowing(self) else { return }
        reload()
        // Why, once, when it stops: the page says it for as long as it lasts.
        if wasFollowing, let notFollowing {
            listView.showError("Not following changes made elsewhere: \(notFollowing)")
        }
        // And once when it starts again, in place of that line, which no
        // key may come to clear and would stay, untrue.
        if !wasFollowing, notFollowing == nil {
            listView.showMessage("Following changes made elsewhere again.")
        }
    }

    /// Returns once the page being read has arrived (or failed).
    public func settled() async {
        await loading.arrival()
    }

    /// Cancels a load still in flight and waits for it to stop.
    public func leave() async {
        await loading.cancel()
    }

    /// Starts loading the page, as the session's work, in place of any load
    /// still in flight; until it arrives the screen says it is loading.
    private func reload() {
        var model = makeViewModel()
        model.summary = "loading…"
        model.isLoading = true
        listView.show(model)
        loading.start(in: work) { [weak self] in await self?.load() }
    }

    /// Reads the page the list stands at and shows it, unless the load was
    /// cancelled meanwhile: then the screen is left as it is.
    ///
    /// One store call: the page, its total, where its first row stands, and
    /// the start the store fell back to when the page emptied meanwhile.
    private func load() async {
        // Replaced before it began (the view fitted the page to its window
        // right after the first was asked for): nothing is read.
        guard !Task.isCancelled else { return }
        let read: Result<ListPage, any Error>
        do {
            read = .success(
                searchIsTooLong
                    ? ListPage(rows: [], total: 0, firstIndex: 0, start: .first)
                    : try await store.listPage(matching: search, from: start, size: pageSize))
        } catch {
            read = .failure(error)
        }
        guard !Task.isCancelled else { return }
        switch read {
        case .success(let page):
            (rows, total, start, firstIndex) = (page.rows, page.total, page.start, page.firstIndex)
            (hasLoaded, lastFailure) = (true, nil)
            listView.show(makeViewModel())
            justAdded = nil
        case .failure(let error):
            // Still a working screen: no rows, a retry, every other key.
            let message = "Could not load the list: \(error)"
            lastFailure = message
            (rows, total, firstIndex, start) = ([], 0, 0, .first)
            var model = makeViewModel()
            model.summary = "not loaded"
            model.retry = { [weak self] in self?.reload() }
            listView.show(model)
            listView.showError(message)
        }
    }

    /// Why the list never showed a page, when every load so far failed: an
    /// interactive session that ends so exits with a failure.
    public var failureToLoad: String? { hasLoaded ? nil : lastFailure }

    private func makeViewModel() -> PersonListViewModel {
        let rows = rows.map(makeRow)
        var model = PersonListViewModel(
            title: search.isEmpty ? "People" : "People matching “\(search.clipped(to: 40))”",
            summary: summary(),
            rows: rows,
            search: { [weak self] text in self?.show(matching: text) },
            add: { [weak self] in self?.add() },
            undo: { [weak self] in await self?.undoLastChange() },
            openScreen: { [weak self] intent in self?.openScreen(for: intent) },
            quit: { [weak self] in await self?.navigator.quit() })
        model.searchText = search
        model.firstRow = self.rows.isEmpty ? 0 : firstIndex + 1
        model.total = total
        model.page = max(1, (firstIndex + self.rows.count + pageSize - 1) / pageSize)
        model.pages = max(1, (total + pageSize - 1) / pageSize)
        model.isNotFollowingChanges = notFollowing != nil
        model.reload = { [weak self] in self?.reload() }
        model.rowsPerPage = pageSize
        model.justAdded = justAdded
        model.fitPage = { [weak self] rows in self?.fitPage(to: rows) }
        model.showFirst = { [weak self] in self?.showEnd(.first) }
        model.showLast = { [weak self] in self?.showEnd(.last) }
        model.scroll = { [weak self] rows in self?.scroll(by: rows) ?? 0 }
        if hasLoaded, lastFailure == nil, search.isEmpty, total == 0 {
            model.addDemoPersons = { [weak self] in await self?.addDemoPersons() }
        }
        if firstIndex + self.rows.count < total {
            model.showNextPage = { [weak self] in self?.showNextPage() }
        }
        if firstIndex > 0 {
            model.showPreviousPage = { [weak self] in self?.showPreviousPage() }
        }
        return model
    }

    private func makeRow(_ person: Person) -> PersonRowViewModel {
        var row = PersonRowViewModel(
            title: person.name,
            subtitle: [
                person.email ?? person.details.phones.first?.value
                    ?? person.details.address.oneLine,
                person.source.map { "from \($0)" },
            ]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "),
            select: { [weak self] in self?.open(person) })
        row.personID = person.id
        return row
    }

    private func summary() -> String {
        if rows.isEmpty {
            return search.isEmpty ? "no one yet" : "no one matches"
        }
        let range =
            rows.count == 1 ? "\(firstIndex + 1)" : "\(firstIndex + 1)–\(firstIndex + rows.count)"
        return "\(range) of \(total)"
    }

    /// Makes a page `rows` rows long, from the same first person: what a
    /// front end whose page is its window calls, with the rows its list
    /// shows, when it first draws and again whenever the window changes.
    ///
    /// The front end knows its window and the controller knows none: the
    /// full-screen view says how many rows it has room for, and a page
    /// that already has that many is not read again. The configured size
    /// stays the page of the line front end, which never calls this.
    public func fitPage(to rows: Int) {
        let rows = max(1, rows)
        guard rows != pageSize else { return }
        pageSize = rows
        // A page read before a key, or from the end, ends there: it is read
        // from its first person instead, so the same person stays on top
        // as the window changes.
        switch start {
        case .before, .last:
            if let first = self.rows.first, let from = PageStart.from(first.sortKey) {
                start = from
            }
        case .after, .offset: break
        }
        reload()
    }

    /// Shows the first or the last page of the list (of the search): one
    /// keyed read from either end, however long the list.
    private func showEnd(_ end: PageStart) {
        start = end
        reload()
    }

    /// Moves the page `rows` rows down (or up, when negative), as far as
    /// there are persons to show, and returns how far it moved: the page
    /// shows the same rows as before, shifted, so a view keeps its
    /// highlight on the same line, as `Ctrl-D` and `Ctrl-U` do in less.
    private func scroll(by rows: Int) -> Int {
        guard !self.rows.isEmpty else { return 0 }
        let after = total - firstIndex - self.rows.count
        let step = rows > 0 ? min(rows, after, self.rows.count) : -min(-rows, firstIndex, pageSize)
        if step > 0 {
            start = .after(self.rows[step - 1].sortKey)
        } else if step < 0 {
            // The page that ends `-step` rows before this one ends: it
            // begins that many rows above, and the store falls back to the
            // first page when fewer are.
            start = .before(self.rows[max(0, self.rows.count + step)].sortKey)
        } else {
            return 0
        }
        reload()
        return step
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
        // Searches look in one field at a time: a text longer than the
        // longest finds no one, and a pasted megabyte would cost every
        // store call all of it. The start kept is what the search line
        // shows; asked for, it could find someone.
        search = PersonSearchText.longestField.longestStart(of: text)
        searchIsTooLong = search.utf8.count < text.utf8.count
        // A first character too large for a field still shows as searched
        // for, by its first scalar, not as no search at all.
        if search.isEmpty, let first = text.unicodeScalars.first { search = String(first) }
        start = .first
        reload()
    }

    private func open(_ person: Person) {
        do {
            navigator.push(try detailProvider(person))
        } catch {
            listView.showError("Could not open \(person.name): \(error)")
        }
    }

    /// Opens the screen `intent` asks for; says so when it opens none here,
    /// or when the screen could not be made.
    private func openScreen(for intent: ScreenIntent) {
        guard let provider = openedScreens.provider(for: intent) else {
            return listView.showError("That opens no screen from the list.")
        }
        do {
            navigator.push(try provider())
        } catch {
            listView.showError("Could not open that screen: \(error)")
        }
    }

    /// Takes back the session's last change, wherever the list is paged or
    /// searched to: puts back the person deleted, or the card edited as it
    /// was before the edit.
    private func undoLastChange() async {
        switch lastChange.take() {
        case .deleted(let person)?: await undoDelete(of: person)
        case .edited(let before, let after)?: await undoEdit(from: before, to: after)
        case nil: listView.showError("There is no edit or delete to undo in this session.")
        }
    }

    /// Puts back `person`, deleted in this session, and shows where they are.
    private func undoDelete(of person: Person) async {
        do {
            try await store.restore(person)
        } catch {
            lastChange.remember(.deleted(person))
            // Stopped (its task cancelled): nothing was put back, and the
            // delete can still be undone.
            return listView.showError(
                error is CancellationError || Task.isCancelled
                    ? "Stopped the undo; \(person.name) is still deleted."
                    : "Could not undo the delete of \(person.name): \(error)")
        }
        listView.showMessage("Restored \(person.name).")
        reload()
    }

    /// Stores `before`'s every value again over `after`.
    ///
    /// Through the store's ordinary update, whose check refuses it once
    /// the person is no longer `after`: an undo never writes over someone
    /// else's later change. Then it says so, changes nothing, forgets the
    /// edit, which can no longer be undone, and shows the list as it is.
    private func undoEdit(from before: Person, to after: Person) async {
        do {
            _ = try await store.update(after, with: ValidatedDraft(storing: before))
        } catch let error as PersonStoreError {
            switch error {
            // The list read before still shows the edit; read it again,
            // so the rows show what the book holds that the undo found.
            case .changedElsewhere:
                listView.showError(
                    "\(after.name) was changed since the edit; the undo changed nothing.")
                return reload()
            case .deletedElsewhere:
                listView.showError(
                    "\(after.name) was deleted since the edit; the undo changed nothing.")
                return reload()
            default:
                lastChange.remember(.edited(before: before, after: after))
                return listView.showError("Could not undo the edit of \(after.name): \(error)")
            }
        } catch {
            lastChange.remember(.edited(before: before, after: after))
            return listView.showError(
                error is CancellationError || Task.isCancelled
                    ? "Stopped the undo; \(after.name) is still as edited."
                    : "Could not undo the edit of \(after.name): \(error)")
        }
        listView.showMessage("Put \(before.name) back as before the edit.")
        reload()
    }

    /// Fills the empty book with the demo persons, in one transaction,
    /// and shows them; says why when the book is no longer empty (another
    /// program added someone meanwhile) or the store failed.
    private func addDemoPersons() async {
        do {
            _ = try await DemoBook.fill(store)
        } catch {
            return listView.showError(
                error is CancellationError || Task.isCancelled
                    ? "Stopped; no demo persons were added."
                    : "Could not add the demo persons: \(error)")
        }
        let names = DemoBook.persons.map(\.name)
        listView.showMessage(
            "Added the demo persons \(names.dropLast().joined(separator: ", ")) and \(names.last ?? "")."
        )
        (start, search) = (.first, "")
        reload()
    }

    private func add() {
        do {
            navigator.push(try addProvider())
        } catch {
            listView.showError("Could not open the form: \(error)")
        }
    }
}
