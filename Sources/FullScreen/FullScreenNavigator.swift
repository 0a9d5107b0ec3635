import Features

/// The navigation stack of the full-screen front end, laid out as a split
/// view: the list on the left, the person highlighted on the right.
///
/// It holds screens like the line front end's stack, and adds two things.
///
/// **The detail follows the highlight.** When the highlight settles on
/// another row, the navigator closes the person shown beside the list —
/// ending that person's scope, which cancels a read still in flight — and
/// opens the highlighted one through the row's own `select`, which begins
/// a new scope. Only the row the highlight rests on once every key typed
/// so far is handled gets a scope: holding ↓ over a thousand rows opens a
/// few, and each is ended before the next begins.
///
/// **A frame per batch of keys.** Keys are handled as they come, and a
/// frame is drawn only when none is waiting: keys typed ahead cost no
/// frames. A key that reads what is still loading waits, with the keys
/// after it, for the load; `q` and Ctrl-C behind it quit at once.
///
/// **A write in flight can be stopped.** A save, delete or undo may wait a
/// long time on another client's lock, so it alone runs as a task of its
/// own while events are still read (`answerWhileWriting(_:)`, which the
/// views reach through ``FullScreenDisplay/whileWriting(_:_:)``): its frame
/// says "saving…", Esc or Ctrl-C cancel it, and a signal cancels it before
/// the session ends. Every other key is handled as before, one at a time,
/// with no event read until it is done: the least concurrency that lets a
/// write be stopped. Keys typed during a write wait their turn; once it
/// ends, the loop takes one more turn whatever came meanwhile, so it tries
/// the waiting keys again and draws, and no load that arrived during the
/// write is missed. (The first try ran every key as a task while an inner
/// loop read events: a load that arrived after that loop took the display's
/// one request for a frame, and before the frame was drawn, asked for
/// none, and a key waiting for it waited for ever. A display's request now
/// stands only until it is taken, ``FullScreenDisplay/setNeedsDisplay()``.)
///
/// **The list fills the window.** Before each frame the navigator tells the
/// list how many rows its pane has, so a resize reads a page that fills
/// the window again, from the same first person; Ctrl-L clears the
/// terminal and draws every cell again, over what another program wrote.
///
/// Below 80 columns it shows one pane at a time; under 20×6 it says the
/// window is too small, answers no key but Ctrl-C, Ctrl-Z and Ctrl-L, and
/// draws again once it is not.
@MainActor
public final class FullScreenNavigator: Navigator {
    private let terminal: any FullScreenTerminal
    private let display: FullScreenDisplay
    private let writer: FrameWriter
    private var stack: [any Screen] = []
    /// The person shown beside the list for the highlight, if any.
    private var beside: (any Screen)?
    /// The highlight `beside` was opened for (or last tried for).
    private var besideFor: String?
    /// The list's page `beside` was last read for (its `pagesShown`).
    private var besideReadFor = 0
    /// Whether keys go to the person beside the list, not the list.
    private var personHasFocus = false
    private var isOpeningBeside = false
    /// Keys read and not yet handled, oldest first: a slice, so that
    /// taking one off the front costs the same however many wait.
    private var waitingKeys: ArraySlice<Key> = []
    private var lastFrame: CellGrid?
    private var isEnding = false
    /// Whether a write runs as a task beside the events (`answerWhileWriting(_:)`).
    private var isWriting = false
    /// A signal or the end of the input that came while a write ran: the
    /// session ends as it asks once the key that wrote is done.
    private var endedWhileWriting: TerminalEvent?
    /// Whether a write a signal stopped did not stop in time, so the
    /// terminal was given back without it.
    private var isGivenBack = false
    /// Whether a write a signal stopped has had its time to end
    /// (``FullScreenTerminal/waitOutStopLimit()``).
    private var isOutOfTime = false

    /// The narrowest window that shows the two panes side by side.
    static let splitWidth = 80
    /// The smallest window anything is drawn in.
    static let smallest = TerminalSize(rows: 6, columns: 20)

    /// A navigator drawing on `terminal`, with the views' `display`.
    public init(terminal: any FullScreenTerminal, display: FullScreenDisplay, writer: FrameWriter) {
        self.terminal = terminal
        self.display = display
        self.writer = writer
        display.answersWhileWriting = { [weak self] write in
            guard let self else { return await write() }
            await self.answerWhileWriting(write)
        }
    }

    public var screens: [any Screen] { stack }

    /// The list is seen beside whatever is on top of it, when the window is
    /// wide enough; otherwise the screen with the focus alone.
    public func isShowing(_ screen: any Screen) -> Bool {
        showing.contains { $0 === screen }
    }

    public func push(_ screen: any Screen) {
        stack.append(screen)
        if isOpeningBeside {
            beside = screen
            (screen.view as? FullScreenPersonDetailView)?.isBesideTheList = true
        }
        screen.appear()
        display.setNeedsDisplay()
    }

    /// Takes the top screen off, waits for it to stop its work, and shows
    /// again every screen now in sight.
    public func pop() async {
        guard let top = stack.popLast() else { return }
        if top === beside { (beside, besideFor, personHasFocus) = (nil, nil, false) }
        await top.leave()
        for screen in showing { screen.appear() }
        display.setNeedsDisplay()
    }

    public func quit() async {
        isEnding = true
        beside = nil
        while let top = stack.popLast() { await top.leave() }
    }

    /// Takes the terminal, shows `root`, and handles keys until the person
    /// quits, the input ends or a signal ends the session; every screen has
    /// left and the terminal is given back when it returns.
    public func run(root: any Screen) async {
        terminal.begin()
        push(root)
        // Before the first page is read: it is read once, window-sized.
        fitList()
        draw()
        while !stack.isEmpty, !isEnding {
            for event in await terminal.events.next() {
                await answer(event)
                if isEnding { break }
            }
            if isEnding { break }
            await handleWaitingKeys()
            guard !stack.isEmpty, !isEnding, terminal.events.isEmpty else { continue }
            await followHighlight()
            fitList()
            draw()
        }
        await quit()
        if !isGivenBack { terminal.end() }
    }

    private func answer(_ event: TerminalEvent) async {
        switch event {
        case .key(let key): waitingKeys.append(key)
        case .redraw: display.tookRedraw()
        case .resize, .resume: lastFrame = nil
        case .endOfInput, .terminate: await quit()
        case .suspend: suspend()
        }
    }

    private func suspend() {
        terminal.suspend()
        lastFrame = nil
    }

    /// Handles the keys waiting, in order, until one waits for a load.
    private func handleWaitingKeys() async {
        while let key = waitingKeys.first, !isEnding {
            if key == .interrupt { return await quit() }
            if key == .suspend {
                waitingKeys.removeFirst()
                suspend()
                continue
            }
            if key == .repaint {
                waitingKeys.removeFirst()
                display.clearStatus()
                // No frame to send the difference from: the next is sent
                // whole, after the terminal is cleared.
                lastFrame = nil
                display.setNeedsDisplay()
                continue
            }
            let handled = await handle(key)
            if let ending = endedWhileWriting {
                endedWhileWriting = nil
                return await answer(ending)
            }
            guard handled else {
                // Quitting never waits for a load, even behind a key that does.
                if quitsBehind() { await quit() }
                return
            }
            waitingKeys.removeFirst()
        }
    }

    /// Runs `write` as a task of its own, and answers events until it
    /// ends: a save, a delete or an undo may wait a long time on another
    /// client's lock.
    ///
    /// While it runs, its frame says so ("saving…"), and Esc or Ctrl-C
    /// cancel it: the store rolls it back, and the screen says it was
    /// stopped. A signal cancels it too, and the session ends once it has
    /// stopped, so a write the person meant to abort never lands after the
    /// terminal is given back; one that has not stopped within the
    /// terminal's stop limit (a server that stopped answering) is left,
    /// and the terminal is given back without it. Other keys wait their turn; the
    /// end of the input lets the write finish, since a script's last save
    /// is meant to be kept.
    private func answerWhileWriting(_ write: @escaping @MainActor () async -> Void) async {
        let events = terminal.events
        isWriting = true
        let writing = Task {
            await write()
            isWriting = false
            // Wakes the loop below, which may be waiting for an event.
            events.post(.redraw)
        }
        isOutOfTime = false
        var limit: Task<Void, Never>?
        while isWriting, !isOutOfTime {
            for event in await events.next() {
                switch event {
                case .key(let key) where key == .escape || key == .interrupt: writing.cancel()
                case .key(let key): waitingKeys.append(key)
                case .terminate:
                    writing.cancel()
                    endedWhileWriting = event
                    limit =
                        limit
                        ?? Task {
                            await terminal.waitOutStopLimit()
                            // Cancelled once the write has ended: no limit then.
                            guard !Task.isCancelled else { return }
                            isOutOfTime = true
                            events.post(.redraw)
                        }
                case .endOfInput: endedWhileWriting = endedWhileWriting ?? event
                case .redraw: display.tookRedraw()
                case .resize, .resume: lastFrame = nil
                case .suspend: suspend()
                }
            }
            if isWriting, !isOutOfTime, events.isEmpty { draw() }
        }
        limit?.cancel()
        if isWriting {
            // Stopped and still not ended: the program ends without it, and
            // what it began dies with the connection, uncommitted.
            isEnding = true
            isGivenBack = true
            terminal.end()
        }
        // One more turn of the loop, whatever was taken meanwhile: the
        // waiting keys are tried again and a frame drawn.
        events.post(.redraw)
    }

    /// Whether a key behind the waiting one quits: Ctrl-C, or `q` before
    /// any `/` (after one, it is text of a search).
    private func quitsBehind() -> Bool {
        for key in waitingKeys.dropFirst() {
            if key == .interrupt { return true }
            if key == .character("/") { return false }
            if FullScreenKeyMap.intent(of: key, on: .list) == .quit { return true }
        }
        return false
    }

    /// Hands `key` to the view with the focus; false when it must wait.
    private func handle(_ key: Key) async -> Bool {
        display.clearStatus()
        if display.help != nil {
            display.help = nil
            display.setNeedsDisplay()
            return true
        }
        guard !stack.isEmpty else { return true }
        // A window too small to draw in shows no screen: a key there would
        // act unseen (d and y delete someone no one sees), so it does
        // nothing. Ctrl-C, Ctrl-Z and Ctrl-L, answered before, still work.
        let size = terminal.size
        guard size.rows >= Self.smallest.rows, size.columns >= Self.smallest.columns else {
            return true
        }
        var outcome = KeyOutcome.notMine
        if let asking = besideView, isListFocusedBeside, asking.isAsking {
            outcome = await asking.handle(key)
        } else if let view = focused?.view as? any FullScreenView {
            outcome = await view.handle(key)
        }
        // From the list, e and d reach the person beside it: the one
        // highlighted now. Typed right after ↓, they arrive before the
        // person beside has followed the highlight, and would edit, or
        // delete, the one highlighted before. On a page still being read,
        // the person highlighted is not known yet: the key waits for it.
        if outcome == .notMine, isWide, isListFocusedBeside {
            if listView?.isLoading == true { return false }
            await followHighlight()
            if let view = besideView { outcome = await view.handle(key) }
        }
        // A narrow window shows no person beside the list: there, e and d
        // open the one highlighted and wait to reach them once they have
        // loaded, so the keys do the same whatever the window's width.
        if outcome == .notMine, !isWide, stack.count == 1,
            let intent = FullScreenKeyMap.intent(of: key, on: .detail),
            intent == .edit || intent == .delete
        {
            if listView?.isLoading == true { return false }
            if listView?.highlightedRow != nil {
                await openHighlighted()
                return false
            }
        }
        switch outcome {
        case .handled: break
        case .waitForLoad: return false
        case .openHighlighted: await openHighlighted()
        case .back: personHasFocus = false
        case .help: display.help = (focused?.view as? any FullScreenView)?.screen
        case .notMine: display.showStatus(Self.complaint(for: key), as: .error)
        }
        display.setNeedsDisplay()
        return true
    }

    /// Gives the focus to the person highlighted: the one beside the list,
    /// or, when none is (a narrow window), opened now.
    private func openHighlighted() async {
        guard let list = listView else { return }
        if beside != nil, besideFor == list.highlightIdentity {
            personHasFocus = true
            return
        }
        await closeBeside()
        guard let row = list.highlightedRow else { return }
        guard isWide else { return await row.select() }
        // Opened beside the list, with the keys, as Enter on a person
        // already beside it gives them: so it is read again with each page
        // the list reads, and says so once its person is gone. Pushed as a
        // screen of its own, it was never read again (one run in fifty,
        // when Enter came as the pane beside was opened anew).
        (besideFor, besideReadFor) = (list.highlightIdentity, list.pagesShown)
        isOpeningBeside = true
        await row.select()
        isOpeningBeside = false
        personHasFocus = beside != nil
    }

    /// Opens the highlighted person beside the list when the highlight has
    /// moved since, ending the scope of the one shown before; reads the
    /// one shown again when the list's page was read again.
    ///
    /// A question beside the list is never replaced: it stays until it is
    /// answered, and the answer meets the store as it is then (a delete
    /// of someone changed meanwhile is refused, and says so).
    private func followHighlight() async {
        guard isWide, let list = listView, !list.isLoading else {
            if !isWide, beside != nil, !personHasFocus { await closeBeside() }
            return
        }
        guard besideView?.isAsking != true else { return }
        if isListFocusedBeside, list.highlightIdentity != besideFor {
            await closeBeside()
            guard let row = list.highlightedRow else { return }
            (besideFor, besideReadFor) = (list.highlightIdentity, list.pagesShown)
            isOpeningBeside = true
            await row.select()
            isOpeningBeside = false
        } else if let shown = beside, stack.last === shown, besideReadFor != list.pagesShown {
            // Another client's change, or r: what the row shows was read
            // again, so the person beside it is too, even with the focus,
            // or deleted, when their pane says they can no longer be shown.
            besideReadFor = list.pagesShown
            shown.appear()
        }
    }

    /// Closes the person beside the list, ending their scope's work.
    private func closeBeside() async {
        guard let shown = beside else { return }
        stack.removeAll { $0 === shown }
        (beside, besideFor, personHasFocus) = (nil, nil, false)
        await shown.leave()
    }

    // MARK: Layout

    private var isWide: Bool { terminal.size.columns >= Self.splitWidth }

    /// Whether the list has the keys, with at most the person it
    /// highlights beside it.
    private var isListFocusedBeside: Bool {
        stack.count == 1 || (beside != nil && stack.last === beside && !personHasFocus)
    }

    /// The view of the person beside the list, while one is.
    private var besideView: FullScreenPersonDetailView? {
        beside?.view as? FullScreenPersonDetailView
    }

    private var listView: FullScreenPersonListView? {
        stack.first?.view as? FullScreenPersonListView
    }

    /// The screen keys go to.
    private var focused: (any Screen)? {
        if let beside, stack.last === beside, !personHasFocus { return stack.first }
        return stack.last
    }

    /// The screens in sight: the list and what is on top of it, side by
    /// side, or the focused one alone in a narrow window.
    private var showing: [any Screen] {
        guard let top = stack.last else { return [] }
        guard isWide else { return [focused ?? top] }
        return stack.count == 1 ? [top] : [stack[0], top]
    }

    /// Tells the list how many rows its pane has, which its pages then
    /// hold: the window less the title, status and key lines.
    private func fitList() {
        let size = terminal.size
        guard size.rows >= Self.smallest.rows, size.columns >= Self.smallest.columns else {
            return
        }
        listView?.fit(rows: size.rows - 3)
    }

    /// Draws the frame and sends what changed since the last.
    private func draw() {
        let frame = self.frame(size: terminal.size)
        terminal.draw(frame, as: writer.bytes(from: lastFrame, to: frame))
        lastFrame = frame
    }

    /// The frame for a window of `size`, drawn from what each view in
    /// sight was last shown.
    func frame(size: TerminalSize) -> CellGrid {
        var grid = CellGrid(rows: size.rows, columns: size.columns)
        guard size.rows >= Self.smallest.rows, size.columns >= Self.smallest.columns else {
            grid.put("Too small:", at: GridPoint(row: 0, column: 0))
            grid.put("\(size.columns)×\(size.rows)", at: GridPoint(row: 1, column: 0))
            grid.put("needs 20×6", at: GridPoint(row: 2, column: 0))
            return grid
        }
        let title = [display.book, listView?.titleLine].compactMap { $0 }.joined(separator: " · ")
        grid.put(title, at: GridPoint(row: 0, column: 0), style: CellStyle(.title))
        let focusedView = focused?.view as? any FullScreenView
        // A question beside the list is answered from it: its keys show.
        let asking = (beside?.view as? FullScreenPersonDetailView).flatMap {
            $0.isAsking ? $0 : nil
        }
        grid.put(
            FullScreenKeyMap.keyLine(
                (asking ?? focusedView)?.keyLine ?? "", fitting: size.columns),
            at: GridPoint(row: size.rows - 1, column: 0), style: CellStyle(.keys))
        let panes = PaneArea(top: 1, left: 0, rows: size.rows - 3, columns: size.columns)
        let views = showing.compactMap { $0.view as? any FullScreenView }
        if views.count == 2 {
            let left = max(28, size.columns * 2 / 5)
            views[0].draw(
                in: &grid, area: PaneArea(top: 1, left: 0, rows: panes.rows, columns: left),
                focused: views[0] === focusedView)
            for row in 1...panes.rows { grid.put("│", at: GridPoint(row: row, column: left)) }
            views[1].draw(
                in: &grid,
                area: PaneArea(
                    top: 1, left: left + 1, rows: panes.rows, columns: size.columns - left - 1),
                focused: views[1] === focusedView)
        } else {
            views.first?.draw(in: &grid, area: panes, focused: true)
        }
        if let screen = display.help { drawHelp(of: screen, in: &grid, area: panes) }
        if let writing = display.writing {
            let row = size.rows - 2
            grid.fill(row: row, from: 0, width: size.columns)
            grid.put(
                "\(writing) Esc stops it", at: GridPoint(row: row, column: 0),
                style: CellStyle(.keys))
        } else if let status = display.status {
            // Over the panes' last rows when it needs them: a refusal is read
            // to its end, and one quoting a stored name still takes three.
            let lines = Self.folded(status.text, columns: size.columns, rows: 3)
            for (index, line) in lines.enumerated() {
                let row = size.rows - 1 - lines.count + index
                grid.fill(row: row, from: 0, width: size.columns)
                grid.put(line, at: GridPoint(row: row, column: 0), style: CellStyle(status.role))
            }
        }
        return grid
    }

    /// `text` made inert and folded into at most `rows` lines of `columns`
    /// display columns; the last is cut with `…` when that is not all of it.
    static func folded(_ text: String, columns: Int, rows: Int) -> [String] {
        var rest = InertText.clipped(text, limit: 4 * columns * rows)[...]
        var lines: [String] = []
        while lines.count < rows - 1, rest.prefixEnd(columns: columns) < rest.endIndex {
            var end = rest.prefixEnd(columns: columns)
            // A character wider than the row still takes a line.
            if end == rest.startIndex { end = rest.index(after: end) }
            lines.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return lines + [String(rest)]
    }

    /// The keys of `screen`, in a box over the panes: in two columns, each
    /// cut to half the window, when one is taller than the panes, so no
    /// key it answers is cut off.
    private func drawHelp(of screen: AppScreen, in grid: inout CellGrid, area: PaneArea) {
        let help = FullScreenKeyMap.help(on: screen)
        let footer = ["", "Any key closes this."]
        guard help.count + footer.count > area.rows else {
            return drawHelpBox(help + footer, in: &grid, area: area)
        }
        let keys = FullScreenKeyMap.answeredKeys(on: screen)
        let half = (keys.count + 1) / 2
        let columns = [keys.prefix(half), keys.dropFirst(half)].map { column in
            let width = column.map(\.names.count).max() ?? 0
            return column.map { "\($0.names.padded(to: width))  \($0.summary)" }
        }
        let room = max(1, (area.columns - 6) / 2)
        let lines = (0..<half).map { row in
            columns.map { column in
                let line = row < column.count ? column[row] : ""
                return line.displayColumns > room
                    ? String(line[..<line.prefixEnd(columns: room - 1)]) + "…"
                    : line.padded(toColumns: room)
            }
            .joined(separator: "  ")
        }
        drawHelpBox([help.first ?? ""] + lines + footer, in: &grid, area: area)
    }

    /// `lines` in a box over the panes, the first as its title.
    private func drawHelpBox(_ lines: [String], in grid: inout CellGrid, area: PaneArea) {
        let width = min(area.columns, (lines.map(\.displayColumns).max() ?? 0) + 4)
        let left = (area.columns - width) / 2
        for (row, line) in lines.enumerated() where row < area.rows {
            // The whole row: no text of the pane shows beside the box.
            grid.fill(row: area.top + row, from: area.left, width: area.columns)
            grid.put(
                line, at: GridPoint(row: area.top + row, column: left + 2), width: width - 2,
                style: CellStyle(row == 0 ? .title : .plain))
        }
    }

    /// The one line for a key no view of the screen answers.
    ///
    /// A key some screen answers is not unknown, only idle here: `d` on an
    /// empty list, with no one beside it to delete, says what ↓ or Tab
    /// says there. Only a character no screen answers is unknown.
    static func complaint(for key: Key) -> String {
        if case .pasted = key { return "A paste is typed only into a search or a field." }
        if case .character(let character) = key, !isAnsweredOnSomeScreen(key) {
            // Inert, so a control character never reaches the terminal live.
            let quoted = InertText.quoted(String(character), limit: 4)
            return "Unknown key \(quoted). Press ? for help."
        }
        return "That key does nothing here. Press ? for help."
    }

    /// Whether the key map gives `key` to some screen, for an intent or
    /// for moving and editing.
    private static func isAnsweredOnSomeScreen(_ key: Key) -> Bool {
        AppScreen.allCases.contains { screen in
            FullScreenKeyMap.intent(of: key, on: screen) != nil
                || FullScreenKeyMap.editingKeys(on: screen).contains { $0.keys.contains(key) }
        }
    }
}
