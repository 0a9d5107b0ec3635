import AppScope
import Features
import Foundation
import FullScreen
import FullScreenTestSupport
import Injectors
import PeopleTestSupport
import Terminal
import Testing

/// The full-screen front end over the real wiring, in a window in memory:
/// the test posts keys and reads the frames the navigator drew, cell by
/// cell, with no terminal.
@MainActor
@Suite(.tags(.parksAsyncWork), .timeLimit(.minutes(1))) struct FullScreenSessionTests {
    /// A session drawn in `window`, its person scopes watched.
    @MainActor final class Run {
        let window = MemoryWindow()
        let views: FullScreenViews
        let session: SessionScope
        var begun = 0
        var alive: [() -> PersonScope?] = []
        private var task: Task<ExitCode, Never>?

        init(
            store: any PersonStore = Fixtures.sampleStore(), changes: StoreChanges? = nil,
            pageSize: Int = 10, book: String = "book",
            size: TerminalSize = TerminalSize(rows: 24, columns: 100)
        ) {
            window.size = size
            views = FullScreenViews(
                terminal: window, writer: FrameWriter(depth: .noColor, theme: .standard),
                book: book)
            session = SessionScope(
                app: AppScope(
                    configuration: Configuration(pageSize: pageSize),
                    console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
                    clock: Fixtures.clock, personStore: store, storeChanges: changes),
                views: views)
        }

        /// Starts the session, every person scope it begins counted.
        func start() {
            let session = self.session
            let interactive = SessionInjector.injectInteractiveSession(session) { [weak self] in
                let scope = try PersonDetailInjector.injectPersonScope(session, opening: $0)
                self?.begun += 1
                weak let watched = scope
                self?.alive.append { watched }
                return scope
            }
            task = Task { await interactive.run() }
        }

        /// Starts the session and waits for the first frame showing `text`.
        @discardableResult
        func start(showing text: String) async -> [String] {
            await start(where: { $0.contains { $0.contains(text) } })
        }

        /// Starts the session and waits for the first frame `condition` accepts.
        @discardableResult
        func start(where condition: @escaping ([String]) -> Bool) async -> [String] {
            start()
            return await window.frame(where: condition)
        }

        /// The person scopes begun and not yet freed.
        var scopesAlive: Int { alive.filter { $0() != nil }.count }

        func finish() async -> ExitCode? {
            window.events.post(.endOfInput)
            return await task?.value
        }
    }

    /// `s` opens the settings beside the list, showing what the app was
    /// started with, and Esc brings the highlighted person back beside it:
    /// the settings' full-screen view driven through the real wiring, as
    /// the add-a-screen guide asks of every screen.
    @Test func sOpensTheSettingsAndEscGoesBackToTheList() async throws {
        let run = Run(pageSize: 7)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press(.character("s"))
        let settings = await run.window.frame(showing: "Page size")
        #expect(settings.contains { $0.hasSuffix("Page size  7") })
        #expect(settings.contains { $0.hasSuffix("Store      handed in") })
        #expect(settings.last?.hasPrefix("↑ ↓ scroll · Esc back") == true)
        #expect(!settings.contains { $0.contains("Name     Ada Lovelace") })
        run.window.press(.escape)
        let list = await run.window.frame(showing: "Name     Ada Lovelace")
        #expect(!list.contains { $0.contains("Page size") })
        #expect(await run.finish() == .success)
    }

    @Test func theDetailBesideTheListFollowsTheHighlight() async throws {
        let run = Run()
        var frame = await run.start(showing: "Name     Ada Lovelace")
        #expect(frame[0].hasPrefix("book · People · 1–3 of 3"))
        #expect(frame[1].hasPrefix("▌Ada Lovelace"))
        run.window.press(.down)
        frame = await run.window.frame(showing: "Name     Alan Turing")
        #expect(frame[2].hasPrefix("▌Alan Turing"))
        #expect(run.begun == 2)
        #expect(run.scopesAlive == 1, "Ada's scope ended when the highlight left her")
        #expect(await run.finish() == .success)
        #expect(run.scopesAlive == 0)
        #expect(run.window.isGivenBack)
    }

    @Test func theReadmesFirstScreenIsWhatTheSplitViewDraws() async throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(
            contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("people.sqlite · People") })
        let end = try #require(lines[start...].firstIndex { $0 == "```" })
        let shown = Array(lines[start..<end])
        // The book `people seed 1000` makes, as the README's screen shows it.
        let store = MemoryPersonStore(persons: [])
        for draft in DemoPersons.drafts(count: 1000) {
            _ = try await store.add(draft.validated(), addedAt: Fixtures.now)
        }
        let run = Run(store: store, book: "people.sqlite")
        // A window of 100 columns, whatever the key line holds:
        // it is cut to fit, so a key the list gains changes no frame here.
        // As tall as the screen shown: the list fills it.
        run.window.size = TerminalSize(rows: shown.count, columns: 100)
        await run.start(showing: "1–\(shown.count - 3) of 1000")
        let first = await run.window.frame(where:) { $0.contains { $0.contains("   Name  ") } }
        run.window.press(.down)
        // The second person read: the heading beside the list is theirs.
        let second = first[2].dropFirst().prefix { $0 != " " }
        let frame = await run.window.frame(where:) {
            $0.contains { $0.contains("│   Name     \(second)") }
                && !$0.contains { $0.contains("loading") }
        }
        #expect(
            frame == shown,
            """
            README.md's first screen is not what the split view draws, in a book \
            seeded with 1,000, after one ↓, \
            in a window of 100 columns; paste this frame over it:
            \(frame.joined(separator: "\n"))
            """)
        #expect(await run.finish() == .success)
    }

    /// A new book is empty, and its list says so and offers the demo
    /// persons on x, once: filled, the offer is gone, and x again is
    /// refused on the status line.
    @Test func anEmptyBookOffersTheDemoPersonsOnXAndOnlyWhileEmpty() async throws {
        let store = MemoryPersonStore(persons: [])
        let run = Run(store: store)
        let empty = await run.start(showing: "no one yet")
        #expect(empty.contains { $0.contains("no one yet; a adds someone, x three demo persons") })
        #expect(empty.last?.contains("x demo") == true, "\(empty)")
        run.window.press(.character("x"))
        let filled = await run.window.frame(showing: "Name     Ada Lovelace")
        #expect(filled[0].hasPrefix("book · People · 1–3 of 3"), "\(filled)")
        #expect(filled.contains { $0.contains("Added the demo persons") }, "\(filled)")
        #expect(filled.last?.contains("x demo") == false, "\(filled)")
        #expect(try await store.count(matching: "") == 3)
        run.window.press(.character("x"))
        let refused = await run.window.frame(showing: "only in an empty book")
        #expect(refused[0].hasPrefix("book · People · 1–3 of 3"), "\(refused)")
        #expect(try await store.count(matching: "") == 3)
        #expect(await run.finish() == .success)
    }

    @Test func aHundredDownsTypedAheadEndOnTheRightPersonInFarFewerFrames() async throws {
        let run = Run(store: MemoryPersonStore(persons: Fixtures.numberedPersons(1_000)))
        await run.start(showing: "Name     Person 001")
        let drawn = run.window.frames.count
        run.window.press(Array(repeating: Key.down, count: 100))
        // Sorted by name, the 101st is "Person 1000", after "Person 100".
        let frame = await run.window.frame(showing: "Name     Person 1000")
        // A window of 24 rows has 21 for the list: pages of 21.
        #expect(frame[0].contains("85–105 of 1000"))
        // A frame for each of the pages it passed, at most, and one at the end.
        #expect(run.window.frames.count - drawn <= 12, "far fewer frames than keys")
        #expect(run.scopesAlive == 1)
        #expect(await run.finish() == .success)
    }

    @Test func holdingDownOverAThousandRowsEndsEveryPersonScopeItBegins() async throws {
        let run = Run(store: MemoryPersonStore(persons: Fixtures.numberedPersons(1_000)))
        await run.start(showing: "Name     Person 001")
        // Held down: the keys arrive a few at a time, frames drawn between.
        for _ in 0..<333 { run.window.press(Array(repeating: Key.down, count: 3)) }
        await run.window.frame(showing: "Name     Person 999")
        #expect(run.begun > 1, "the detail followed the highlight")
        #expect(run.scopesAlive == 1, "only the person shown has a scope")
        #expect(await run.finish() == .success)
        #expect(run.scopesAlive == 0, "no person scope begun and not ended")
    }

    @Test func searchAsYouTypeThenEscShowsEveryoneAgain() async throws {
        let run = Run()
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("/"), .character("g"), .character("r")])
        var frame = await run.window.frame(showing: "Name     Grace Hopper")
        #expect(frame[0].contains("matching “gr”"))
        run.window.press([.escape])
        frame = await run.window.frame(where:) {
            $0[0].contains("1–3 of 3") && $0.contains { $0.contains("Name     Ada Lovelace") }
        }
        #expect(await run.finish() == .success)
    }

    @Test func theFormEditsInPlaceKeepsTheDraftWhenRefusedAndSaves() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("e")])
        await run.window.frame(showing: "Edit Ada Lovelace")
        run.window.press([.clearLine] + "Ada King".map(Key.character) + [.tab, .clearLine])
        run.window.press("not an address".map(Key.character) + [.enter])
        var frame = await run.window.frame(showing: "not a valid address")
        #expect(frame.contains { $0.contains("Ada King") }, "the draft is kept")
        run.window.press([.clearLine] + "ada@king.org".map(Key.character) + [.enter])
        frame = await run.window.frame(showing: "Saved Ada King.")
        #expect(try await store.existingPerson(withID: 1).email == "ada@king.org")
        #expect(await run.finish() == .success)
    }

    /// The phones are one line of the form: adding, removing and
    /// reordering one is editing it, and the store keeps what was typed.
    @Test func aPhoneIsAddedRemovedAndReorderedInTheForm() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        let home = LabelledValue(label: "home", value: "020 7946 0018")
        let work = LabelledValue(label: "work", value: "+44 161 496 0000")
        let edits: [(typed: String, stored: [LabelledValue])] = [
            ("home: 020 7946 0018", [home]),
            ("home: 020 7946 0018, work: +44 161 496 0000", [home, work]),
            ("work: +44 161 496 0000, home: 020 7946 0018", [work, home]),
            ("home: 020 7946 0018", [home]),
        ]
        // The phone rows of the detail beside the list, in order.
        let phoneRows = { (frame: [String]) in
            frame.compactMap { line in
                line.range(of: "│   Phone    ").map { String(line[$0.upperBound...]) }
            }
        }
        for edit in edits {
            run.window.press([.character("e")])
            await run.window.frame(showing: "Edit Ada Lovelace")
            // The third field, the phones, emptied and typed again.
            run.window.press([.tab, .tab, .clearLine] + edit.typed.map(Key.character) + [.enter])
            let rows = edit.stored.map { "\($0.value) (\($0.label))" }
            let frame = await run.window.frame(where:) { frame in
                phoneRows(frame) == rows && !frame.contains { $0.contains("Edit Ada") }
            }
            #expect(frame.contains { $0.contains("Saved Ada Lovelace.") })
            #expect(try await store.existingPerson(withID: 1).details.phones == edit.stored)
        }
        #expect(await run.finish() == .success)
    }

    /// Each line of the notes is a row of the detail; in a window too short
    /// for every row the last one left says how many more there are, and
    /// a taller window shows them all.
    @Test func aShortWindowSaysHowManyDetailRowsItCannotShow() async throws {
        let notes = (1...10).map { "note \($0)" }.joined(separator: "\n")
        let ada = Person(
            id: 1, name: "Ada Lovelace", details: ContactDetails(notes: notes),
            added: Fixtures.now)
        let run = Run(
            store: MemoryPersonStore(persons: [ada]), size: TerminalSize(rows: 12, columns: 100))
        var frame = await run.start(showing: "Name     Ada Lovelace")
        #expect(frame.contains { $0.hasSuffix("│   Notes    note 1") })
        #expect(frame.contains { $0.hasSuffix("│            note 2") })
        let more = try #require(frame.first { $0.contains(" more (a taller window shows them)") })
        // Name, email, address, ten lines of notes, added and id: fifteen
        // rows, of which the pane's first lines show all but those counted.
        let shown = frame.filter { line in
            guard let pane = line.range(of: "│   ") else { return false }
            let row = line[pane.upperBound...].trimmingCharacters(in: .whitespaces)
            return !row.isEmpty && !row.contains(" more (")
        }.count
        #expect(more.hasSuffix("│   … \(15 - shown) more (a taller window shows them)"))
        run.window.size = TerminalSize(rows: 30, columns: 100)
        run.window.events.post(.resize)
        frame = await run.window.frame(showing: "Id       1")
        #expect(frame.contains { $0.hasSuffix("│            note 10") })
        #expect(!frame.contains { $0.contains(" more (") })
        #expect(await run.finish() == .success)
    }

    @Test func keysTypedAheadAfterAMoveReachThePersonNowHighlighted() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        // One batch, as typed fast: the person beside the list was still
        // Ada when d arrived, and y would have deleted her.
        run.window.press([.down, .character("d"), .character("y")])
        let frame = await run.window.frame(showing: "Deleted ")
        #expect(frame.contains { $0.contains("Deleted Alan Turing.") })
        #expect(try await store.person(withID: 1)?.name == "Ada Lovelace")
        #expect(try await store.person(withID: 2) == nil)
        #expect(await run.finish() == .success)
        #expect(run.scopesAlive == 0)
    }

    @Test func keysTypedAheadAfterAPageTurnReachThePersonOnTheNewPage() async throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(8))
        // Ten rows: seven for the list, whose pages are as long.
        let run = Run(store: store, size: TerminalSize(rows: 10, columns: 100))
        await run.start(showing: "Name     Person 001")
        // d arrives while the next page is still being read: it is for the
        // person highlighted once it arrives, not the first, who was beside.
        run.window.press([.pageDown, .character("d"), .character("y")])
        let frame = await run.window.frame(showing: "Deleted ")
        #expect(frame.contains { $0.contains("Deleted Person 008.") })
        #expect(try await store.person(withID: 1)?.name == "Person 001")
        #expect(await run.finish() == .success)
        #expect(run.scopesAlive == 0)
    }

    @Test func aPasteOfCombiningMarksCannotGrowAFieldPastWhatItStores() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("e")])
        await run.window.frame(showing: "Edit Ada Lovelace")
        // One character, however many marks: a limit on characters alone
        // let the field grow without end, and the save was refused.
        let marks = Array(repeating: Key.character("\u{301}"), count: 5_000)
        run.window.press([.clearLine, .character("x")] + marks + [.enter])
        let frame = await run.window.frame(where:) {
            $0.contains { $0.contains("Saved ") || $0.contains("bytes") }
        }
        #expect(frame.contains { $0.contains("Saved ") }, "saved, not refused as too large")
        let name = try await store.person(withID: 1)?.name ?? ""
        #expect(name.utf8.count <= PersonField.name.maximumBytes)
        #expect(await run.finish() == .success)
    }

    @Test func theEndOfAValueOfWideCharactersStaysInSightWhileTyping() async throws {
        let run = Run()
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("e")])
        await run.window.frame(showing: "Edit Ada Lovelace")
        run.window.press([.clearLine] + Array(repeating: Key.character("漢"), count: 40))
        let frame = await run.window.frame(showing: "漢漢漢漢漢")
        let field = frame.first { $0.contains("漢") } ?? ""
        #expect(field.hasSuffix("漢▏"), "the cursor after the last character typed")
        #expect(await run.finish() == .success)
    }

    @Test func aPasteOntoTheListDeletesAddsAndQuitsNothingAndASearchTakesIt() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.pasted("dyaxq")])
        await run.window.frame(showing: "A paste is typed only into a search or a field.")
        #expect(try await store.person(withID: 1)?.name == "Ada Lovelace")
        #expect(try await store.count(matching: "") == 3)
        run.window.press([.character("/"), .pasted("gr")])
        await run.window.frame(showing: "Name     Grace Hopper")
        #expect(await run.finish() == .success)
    }

    @Test func aPastedSearchLongerThanANameFindsTheNoteThatHoldsIt() async throws {
        // A search reads the notes too, and the search line stopped taking
        // text at a name's length: the sentence pasted was searched for as
        // its start alone, which Grace's notes hold too.
        let sentence = String(repeating: "the analytical engine weaves ", count: 6)
        let ada = Person(
            id: 1, name: "Ada Lovelace", details: ContactDetails(notes: sentence),
            added: Fixtures.now)
        let grace = Person(
            id: 2, name: "Grace Hopper", details: ContactDetails(notes: sentence.prefix(120) + "."),
            added: Fixtures.now)
        let run = Run(store: MemoryPersonStore(persons: [ada, grace]))
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("/"), .pasted(sentence)])
        await run.window.frame(where:) { frame in
            frame.contains { $0.hasPrefix("▌Ada Lovelace") }
                && !frame.contains { $0.contains("Grace Hopper") }
        }
        #expect(sentence.count > PersonField.name.maximumLength)
        #expect(await run.finish() == .success)
    }

    @Test func aPasteHoldingItsOwnEndMarkDeletesNoOne() async throws {
        // tmux passes a copied end mark on as it is: the d and y after it
        // were read as keys, and deleted Ada.
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        var decoder = KeyDecoder()
        run.window.press(decoder.decode(Array("\u{1B}[200~abc\u{1B}[201~dy\u{1B}[201~".utf8)))
        await run.window.frame(showing: "A paste is typed only into a search or a field.")
        #expect(try await store.person(withID: 1)?.name == "Ada Lovelace")
        #expect(try await store.count(matching: "") == 3)
        #expect(await run.finish() == .success)
    }

    @Test func aPasteOfAMegabyteFillsTheFieldToItsEndAndTheKeysAfterItAnswer() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.character("e")])
        await run.window.frame(showing: "Edit Ada Lovelace")
        let text = String(repeating: "Ada Byron ", count: 100_000)
        let bytes = Array("\u{1B}[200~\(text)\u{1B}[201~".utf8)
        var decoder = KeyDecoder()
        run.window.press([.clearLine])
        for start in stride(from: 0, to: bytes.count, by: 4_096) {
            run.window.press(decoder.decode(Array(bytes[start..<min(bytes.count, start + 4_096)])))
        }
        run.window.press([.enter])
        await run.window.frame(showing: "Saved ")
        let kept = PersonField.name.longestStart(of: text).trimmingCharacters(in: .whitespaces)
        #expect(try await store.person(withID: 1)?.name == kept)
        #expect(await run.finish() == .success)
    }

    @Test func theFieldBeingTypedIsInSightInAShortWindow() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store, size: TerminalSize(rows: 8, columns: 40))
        await run.start(where:) { $0[1].contains("Ada Lovelace") }
        run.window.press([.enter, .character("e")])
        await run.window.frame(showing: "Edit Ada Lovelace")
        // Five rows for the form: the notes, the last of thirteen fields
        // (Shift-Tab from the first), were typed into, and saved, without
        // being drawn.
        let drawn = run.window.frames.count
        run.window.press([.backTab, .character("x")])
        let frame = await run.window.frame(where:) { _ in run.window.frames.count > drawn }
        let labelWidth = "Organisation?".count + 2
        #expect(
            frame.contains {
                $0.contains(
                    "Notes?".padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "x▏")
            })
        #expect(await run.finish() == .success)
    }

    @Test func aNarrowWindowShowsOnePaneAndATinyOneSaysSo() async throws {
        let run = Run(size: TerminalSize(rows: 20, columns: 60))
        var frame = await run.start(where:) { $0[1].contains("Ada Lovelace") }
        #expect(!frame.contains { $0.contains("│") } && !frame.contains { $0.contains("Name ") })
        run.window.press([.enter])
        frame = await run.window.frame(showing: "   Name     Ada Lovelace")
        #expect(!frame.contains { $0.contains("│") })
        run.window.size = TerminalSize(rows: 5, columns: 15)
        run.window.events.post(.resize)
        frame = await run.window.frame(showing: "needs 20×6")
        run.window.size = TerminalSize(rows: 20, columns: 100)
        run.window.events.post(.resize)
        frame = await run.window.frame(showing: "│")
        #expect(await run.finish() == .success)
    }

    /// The key line is cut from its middle, so help, the key that tells
    /// the rest, shows in any window: it came last, and was cut first.
    ///
    /// The window is `fewerColumns` narrower than the whole key line, which
    /// is worked out from the key map: the list's keys but those of a
    /// second page and a retry, which one page loaded does not offer, and
    /// the demo persons', which only an empty book offers, and Esc, which
    /// only a kept search offers. So a
    /// key the list gains never makes this test fail, however long the
    /// line grows.
    @Test(arguments: [45, 25, 1, 0])
    func helpKeepsItsPlaceOnTheKeyLineHoweverNarrowTheWindow(fewerColumns: Int) async throws {
        let offered = FullScreenKeyMap.keys(on: .list).filter { key in
            let intent = FullScreenKeyMap.intent(of: key.keys[0], on: .list)
            return ![.nextPage, .previousPage, .retry, .demo].contains(intent)
                && !(intent == nil && key.keys.contains(.escape))
        }
        let whole = FullScreenKeyMap.keyLine(offered)
        let run = Run(
            size: TerminalSize(rows: 20, columns: whole.displayColumns - fewerColumns))
        let frame = await run.start(where:) { $0[1].contains("Ada Lovelace") }
        let keyLine = try #require(frame.last).trimmingCharacters(in: .whitespaces)
        #expect(keyLine.hasPrefix("↑ ↓ move · ") && keyLine.hasSuffix(" · ? F1 help"), "\(keyLine)")
        #expect(keyLine.contains("… · ") == (fewerColumns > 0), "\(keyLine)")
        #expect(fewerColumns > 0 || keyLine == whole, "\(keyLine)")
        #expect(await run.finish() == .success)
    }

    /// A question's key line keeps its answer, which comes first: kept
    /// last, as help is, its undo hint pushed `y deletes` out of a window
    /// of 40 columns.
    @Test func aQuestionsKeyLineKeepsItsAnswerInANarrowWindow() async throws {
        let run = Run(size: TerminalSize(rows: 20, columns: 40))
        await run.start(where:) { $0[1].contains("Ada Lovelace") }
        run.window.press([.enter])
        _ = await run.window.frame(showing: "   Name     Ada Lovelace")
        run.window.press(.character("d"))
        let frame = await run.window.frame(showing: "Delete Ada Lovelace?")
        let keyLine = try #require(frame.last)
        #expect(keyLine.hasPrefix("y deletes · any other key keeps"), "\(keyLine)")
        run.window.press(.character("n"))
        #expect(await run.finish() == .success)
    }

    /// In the smallest window the question takes the pane's last row: it
    /// was put under the fields' row, past the pane, so only the key line
    /// said y deletes, and not whom.
    @Test func aDeleteQuestionShowsInTheSmallestWindow() async throws {
        let run = Run(size: TerminalSize(rows: 20, columns: 80))
        await run.start(where:) { $0[1].contains("Ada Lovelace") }
        run.window.press([.enter])
        _ = await run.window.frame(showing: "   Name     Ada Lovelace")
        run.window.size = TerminalSize(rows: 6, columns: 20)
        run.window.events.post(.resize)
        run.window.press(.character("d"))
        let frame = await run.window.frame(showing: "y deletes")
        #expect(frame.contains { $0.contains("Delete Ada") }, "\(frame)")
        run.window.press(.character("n"))
        #expect(await run.finish() == .success)
    }

    @Test func theDetailFoldsALongStoredValueOverFourRowsWithItsLength() async throws {
        let address = String(repeating: "Long Road ", count: 10_000)
        let store = MemoryPersonStore(persons: [
            Person(id: 1, name: "Al", address: address, email: nil, added: Fixtures.now)
        ])
        let run = Run(store: store, size: TerminalSize(rows: 16, columns: 100))
        await run.start(showing: "Name     Al")
        run.window.press(.character("d"))
        let frame = await run.window.frame(showing: "Delete Al?")
        let rows = frame.filter { $0.contains("Long Road") }
        #expect(rows.count == 1 + 4, "a row in the list, four in the detail")
        #expect(rows.last?.hasSuffix("… (100,000 characters)") == true)
        #expect(frame.allSatisfy { $0.count <= 100 })
        #expect(frame.contains { $0.contains("   Email    —") }, "the fields after it follow")
        run.window.press(.character("n"))
        #expect(await run.finish() == .success)
    }

    @Test func aRefusalLongerThanTheWindowIsReadWholeAboveTheKeys() async throws {
        let store = UnpluggablePersonStore(Fixtures.sampleStore())
        let run = Run(store: store, size: TerminalSize(rows: 20, columns: 80))
        await run.start(showing: "Name     Ada Lovelace")
        store.unplug(
            .storage(
                "the database '/home/someone/people/people.sqlite' was emptied or overwritten"
                    + " since it was opened (it no longer starts like a database); nothing was saved"
            ))
        run.window.press([.character("a"), .character("Z"), .enter])
        let frame = await run.window.frame(showing: "Could not save")
        // Folded where the row ends, maybe at a space, which ends no row.
        let said = frame[15...18].joined().filter { $0 != " " }
        #expect(said.contains("nolongerstartslikeadatabase);nothingwassaved"))
        #expect(frame[19].hasPrefix("Tab next field"), "the keys keep the bottom row")
        #expect(await run.finish() == .success)
    }

    /// Another program deleted Alan after the list was read: his pane says
    /// so, not "loading…" for ever, and `e`, `d` and every key after them
    /// answer; they waited for a read that had already failed.
    @Test func aPersonWhoCannotBeReadShowsTheFailureAndKeysStillWork() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        let alan = try await store.existingPerson(withID: 2)
        try await store.delete(alan)
        run.window.press(.down)
        var frame = await run.window.frame(showing: "can no longer be shown")
        #expect(frame.contains { $0.hasSuffix("│ Alan Turing") }, "no longer loading")
        #expect(!frame.contains { $0.contains("Esc goes back") }, "Esc does not leave the list")
        run.window.press([.character("e"), .character("d"), .up])
        frame = await run.window.frame(showing: "Name     Ada Lovelace")
        run.window.press([.down, .enter, .escape, .up])
        frame = await run.window.frame(where:) {
            $0[1].hasPrefix("▌Ada Lovelace") && $0.contains { $0.contains("Name     Ada Lovelace") }
        }
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
        #expect(await run.finish() == .success)
    }

    /// Another program added two persons before Grace and changed her
    /// address: `r` reads the list and the person beside it again, loaded
    /// or not, and the highlight stays on Grace, not on her row number.
    @Test func rReadsAgainAndTheHighlightStaysOnTheSamePerson() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store)
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press([.down, .down])
        await run.window.frame(showing: "Name     Grace Hopper")
        for name in ["Aaron Abbot", "Abe Adams"] {
            _ = try await store.add(PersonDraft(name: name).validated(), addedAt: Fixtures.now)
        }
        let grace = try await store.existingPerson(withID: 3)
        var moved = PersonDraft(grace)
        moved.address = "1 Elsewhere Lane"
        _ = try await store.update(grace, with: moved.validated())
        run.window.press(.character("r"))
        let frame = await run.window.frame(where:) { $0[0].contains("1–5 of 5") }
        #expect(frame.contains { $0.hasPrefix("▌Grace Hopper") }, "\(frame)")
        let shown = await run.window.frame(showing: "Address  1 Elsewhere Lane")
        #expect(shown.contains { $0.contains("Name     Grace Hopper") })
        #expect(await run.finish() == .success)
    }

    /// Ada's pane has the focus when another client changes her, then
    /// deletes her: the pane shows each change, and then that she is gone.
    @Test func theDetailWithTheFocusFollowsItsPersonsChanges() async throws {
        let store = Fixtures.sampleStore()
        let (signals, signal) = AsyncStream<StoreChanges.Signal>.makeStream()
        let run = Run(store: store, changes: StoreChanges { signals })
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press(.enter)
        let ada = try await store.existingPerson(withID: 1)
        var changed = PersonDraft(ada)
        changed.email = "ada@elsewhere.org"
        let saved = try await store.update(ada, with: changed.validated())
        signal.yield(.changed)
        await run.window.frame(showing: "Email    ada@elsewhere.org")
        try await store.delete(saved)
        signal.yield(.changed)
        await run.window.frame(showing: "Ada Lovelace can no longer be shown")
        run.window.press([.escape, .up])
        await run.window.frame(showing: "Name     Alan Turing")
        #expect(await run.finish() == .success)
    }

    /// A question open beside the list stays open when the list is read
    /// again: a person added before Ada moved her row, and the pane was
    /// replaced, the question gone without a word.
    @Test func aReloadNeverDropsAnOpenQuestion() async throws {
        let store = Fixtures.sampleStore()
        let (signals, signal) = AsyncStream<StoreChanges.Signal>.makeStream()
        let run = Run(store: store, changes: StoreChanges { signals })
        await run.start(showing: "Name     Ada Lovelace")
        run.window.press(.character("d"))
        await run.window.frame(showing: "Delete Ada Lovelace? (y/n)")
        _ = try await store.add(PersonDraft(name: "Aaron Abbot").validated(), addedAt: Fixtures.now)
        signal.yield(.changed)
        let frame = await run.window.frame(where:) { $0[0].contains("1–4 of 4") }
        #expect(frame.contains { $0.contains("Delete Ada Lovelace? (y/n)") }, "\(frame)")
        run.window.press(.character("y"))
        await run.window.frame(showing: "Deleted Ada Lovelace.")
        #expect(try await store.person(withID: 1) == nil)
        #expect(try await store.count(matching: "") == 3, "Aaron is kept")
        #expect(await run.finish() == .success)
    }

    /// The list could not be read after another client's change, and then
    /// could: its page arrives, read again with no key pressed, and the
    /// line saying it could not be loaded goes with the failure.
    @Test func aListThatRecoversTakesBackItsLoadFailure() async throws {
        let store = UnpluggablePersonStore(Fixtures.sampleStore())
        let (signals, signal) = AsyncStream<StoreChanges.Signal>.makeStream()
        let run = Run(store: store, changes: StoreChanges { signals })
        await run.start(showing: "Name     Ada Lovelace")
        store.unplug()
        signal.yield(.changed)
        await run.window.frame(showing: "Could not load the list")
        store.plugIn()
        signal.yield(.changed)
        let frame = await run.window.frame(where:) { $0[0].contains("1–3 of 3") }
        #expect(!frame.contains { $0.contains("Could not load the list") }, "\(frame)")
        #expect(await run.finish() == .success)
    }

    /// The server's listener could not connect: the list says it is not
    /// following changes, and why, until it follows them again.
    @Test func aListThatCannotHearChangesSaysSoUntilItCan() async throws {
        let (signals, signal) = AsyncStream<StoreChanges.Signal>.makeStream()
        let run = Run(changes: StoreChanges { signals })
        await run.start(showing: "Name     Ada Lovelace")
        let why = "too many connections for role \"listener\""
        signal.yield(.notFollowing(why))
        let frame = await run.window.frame(where:) {
            $0[0].hasPrefix("book · People · 1–3 of 3 · not following changes")
        }
        #expect(frame.contains { $0.contains("Not following changes made elsewhere: \(why)") })
        signal.yield(.following)
        await run.window.frame(where:) {
            $0[0].contains("1–3 of 3") && !$0[0].contains("not following")
        }
    }

    /// The line saying the list is not following changes is taken back
    /// once it follows them again: no key may come to clear it, and it
    /// would stay on screen, untrue.
    @Test func aListThatHearsChangesAgainTakesBackItsNotFollowingLine() async throws {
        let (signals, signal) = AsyncStream<StoreChanges.Signal>.makeStream()
        let run = Run(changes: StoreChanges { signals })
        await run.start(showing: "Name     Ada Lovelace")
        let why = "the server restarted"
        signal.yield(.notFollowing(why))
        await run.window.frame(showing: "Not following changes made elsewhere: \(why)")
        signal.yield(.following)
        let frame = await run.window.frame(where:) {
            $0[0].contains("1–3 of 3") && !$0[0].contains("not following")
        }
        #expect(!frame.contains { $0.contains("Not following changes made elsewhere") })
        #expect(frame.contains { $0.contains("Following changes made elsewhere again.") })
    }

    /// On an empty list, `d` and `e` have no one to act on: they say what
    /// any other key that does nothing there says, not that they are
    /// unknown, while a key no screen answers is still called unknown.
    @Test func onAnEmptyListDAndESayWhatAnIdleKeySays() async throws {
        let run = Run(store: MemoryPersonStore(persons: []))
        await run.start(showing: "a adds someone")
        var said: [Key: String] = [:]
        for key in [Key.character("d"), .character("e"), .tab] {
            // A key no screen answers first, so the line after `key` is
            // its own, not the one before it.
            run.window.press(.character("z"))
            await run.window.frame(showing: "Unknown key 'z'. Press ? for help.")
            run.window.press(key)
            let frame = await run.window.frame {
                !$0.contains { $0.contains("Unknown key 'z'") }
                    && $0.contains { $0.contains("Press ? for help") }
            }
            said[key] = frame.last { $0.contains("Press ? for help") }
        }
        #expect(said[.tab] == "That key does nothing here. Press ? for help.")
        #expect(said[.character("d")] == said[.tab], "d says what Tab says")
        #expect(said[.character("e")] == said[.tab], "and so does e")
        #expect(await run.finish() == .success)
    }

    /// Opens Ada's form over a store whose every call waits at a gate, and
    /// saves her with an `X` typed after her name: her save is left parked.
    private func savingAda(_ gated: GatedPersonStore) async -> Run {
        let run = Run(store: gated)
        run.start()
        #expect(await gated.nextParkedCall() == "listPage")
        gated.release()
        #expect(await gated.nextParkedCall() == "person")
        gated.release()
        await run.window.frame(showing: "Name     Ada Lovelace")
        run.window.press(.character("e"))
        await run.window.frame(showing: "Edit Ada Lovelace")
        run.window.press([.character("X"), .enter])
        #expect(await gated.nextParkedCall() == "update")
        return run
    }

    /// A save waiting on another client's lock says so, and Esc stops it:
    /// nothing is saved, the form keeps what was typed, and a later save
    /// is not stopped by it.
    @Test func escWhileSavingStopsTheSaveAndKeepsWhatWasTyped() async throws {
        let store = Fixtures.sampleStore()
        let gated = GatedPersonStore(store)
        let run = await savingAda(gated)
        await run.window.frame(showing: "saving… Esc stops it")
        run.window.press(.escape)
        let frame = await run.window.frame(showing: "Stopped saving; nothing was saved.")
        #expect(frame.contains { $0.contains("Ada LovelaceX") }, "the form keeps the draft")
        #expect(frame.contains { $0.contains("Edit Ada Lovelace") })
        #expect(gated.cancelledCalls == 1)
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
        gated.open()
        run.window.press(.enter)
        await run.window.frame(showing: "Saved Ada LovelaceX.")
        #expect(try await store.existingPerson(withID: 1).name == "Ada LovelaceX")
        #expect(await run.finish() == .success)
    }

    /// A signal while a save waits stops the save first, then ends the
    /// session and gives the terminal back: the write is never kept after.
    @Test func aSignalWhileSavingStopsTheSaveThenEndsTheSession() async throws {
        let store = Fixtures.sampleStore()
        let gated = GatedPersonStore(store)
        let run = await savingAda(gated)
        run.window.events.post(.terminate)
        // A real terminal's five seconds pass.
        run.window.passStopLimit()
        #expect(await run.finish() == .success)
        #expect(run.window.isGivenBack)
        #expect(gated.cancelledCalls == 1)
        gated.open()
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
        #expect(run.scopesAlive == 0)
    }

    /// A test waiting for a frame that never comes ends when its task is
    /// cancelled, as a time limit cancels it: the wait could not be
    /// cancelled, so one stuck session held the whole run until CI's limit.
    @Test func aFrameWaitEndsWithTheLastFrameWhenItsTaskIsCancelled() async {
        let run = Run()
        await run.start(showing: "Name     Ada Lovelace")
        let waiting = Task { await run.window.frame(showing: "a name no one has") }
        waiting.cancel()
        let frame = await waiting.value
        #expect(frame.contains { $0.contains("Name     Ada Lovelace") }, "the last frame drawn")
        #expect(await run.finish() == .success)
    }

    /// A signal while a save waits on a store that never answers, cancel
    /// or not, still ends the session and gives the terminal back, after
    /// the terminal's stop limit; the save is not kept.
    @Test func aSignalWhileASaveThatCannotBeStoppedWaitsStillEndsTheSession() async throws {
        let store = Fixtures.sampleStore()
        let gated = GatedPersonStore(store, deafTo: ["update"])
        let run = await savingAda(gated)
        run.window.events.post(.terminate)
        // A real terminal's five seconds pass.
        run.window.passStopLimit()
        #expect(await run.finish() == .success)
        #expect(run.window.isGivenBack)
        #expect(gated.parkedCount == 1, "the save still waits, and is not kept")
        #expect(try await store.existingPerson(withID: 1).name == "Ada Lovelace")
    }

    @Test func inANarrowWindowEAndDFromTheListActOnTheHighlightedPerson() async throws {
        let store = Fixtures.sampleStore()
        let run = Run(store: store, size: TerminalSize(rows: 20, columns: 60))
        await run.start(where:) { $0[1].contains("Ada Lovelace") }
        run.window.press([.down, .character("e")])
        var frame = await run.window.frame(showing: "Edit Alan Turing")
        run.window.press(.escape)
        frame = await run.window.frame(showing: "   Name     Alan Turing")
        run.window.press([.escape, .down, .character("d")])
        frame = await run.window.frame(showing: "Delete Grace Hopper?")
        run.window.press(.character("y"))
        frame = await run.window.frame(showing: "Deleted Grace Hopper.")
        #expect(!frame.contains { $0.contains("│") })
        #expect(try await store.count(matching: "") == 2)
        #expect(await run.finish() == .success)
    }
}
