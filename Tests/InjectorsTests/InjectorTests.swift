import AppScope
import Features
import Foundation
import Injectors
import Launch
import PeopleTestSupport
import SQLiteStore
import Terminal
import Testing

@MainActor
@Suite struct InjectorTests {
    @Test func theLaunchInputsBecomeTheConfigurationAndCommand() async throws {
        let scope = try AppInjector.injectAppScope(
            LaunchEnvironment(
                arguments: ["list", "--page-size", "4"], variables: ["NO_COLOR": "1"],
                inputIsTerminal: true, outputIsTerminal: true))
        #expect(
            scope.configuration == Configuration(storeKind: .sqlite, pageSize: 4, usesColor: false))
        #expect(scope.command == .list(page: 1, search: "", json: false))
    }

    /// A real command line, parsed and wired as `main` does, run end to
    /// end on a console the test reads: an interactive session and a
    /// one-shot command.
    @Test func aRealCommandLineRunsEndToEndOnAConsoleOfTheTests() async throws {
        let session = RecordingConsole(input: ["2", "b", "q"])
        let app = try AppInjector.injectAppScope(
            LaunchEnvironment(arguments: ["--store", "memory"]), console: session)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(session.output.contains("  Name     Alan Turing\n"))
        #expect(session.unread.isEmpty)
        let listing = RecordingConsole(outputIsTerminal: false)
        let list = try AppInjector.injectAppScope(
            LaunchEnvironment(arguments: ["list", "--store", "memory", "--search", "hop"]),
            console: listing)
        #expect(await AppInjector.injectApplication(list).run() == .success)
        #expect(listing.output.contains("Grace Hopper"))
        #expect(!listing.output.contains("Alan Turing"))
        #expect(throws: UsageError("--page-size: 'x' is not a whole number")) {
            try AppInjector.injectAppScope(
                LaunchEnvironment(arguments: ["--page-size", "x"]), console: RecordingConsole())
        }
    }

    @Test func aBadLaunchIsAUsageErrorBeforeAnythingIsBuilt() async {
        #expect(throws: UsageError("--page-size: 'x' is not a whole number")) {
            try AppInjector.injectAppScope(LaunchEnvironment(arguments: ["--page-size", "x"]))
        }
    }

    @Test func theStoreIsOneSingletonForTheWholeApp() async throws {
        let scope = AppScope(
            configuration: Configuration(storeKind: .memory),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles,
            clock: Fixtures.clock)
        let first = try StoreInjector.injectPersonStore(scope)
        let second = try StoreInjector.injectPersonStore(scope)
        #expect(first as AnyObject === second as AnyObject)
        #expect(try await first.count(matching: "") == 3)
    }

    @Test func aMemoryStoreIsChosenByConfigurationAndStartsWithTheSamples() async throws {
        let scope = AppScope(
            configuration: Configuration(storeKind: .memory),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles)
        let store = try StoreInjector.injectPersonStore(scope)
        #expect(store is MemoryPersonStore)
        #expect(try await store.page(matching: "", from: .first, limit: 10) == Person.samples)
    }

    @Test func anSQLiteStoreIsChosenByConfigurationAndOpensTheConfiguredFile() async throws {
        let path = try TemporaryFolder().path("people.sqlite")
        let scope = AppScope(
            configuration: Configuration(storeKind: .sqlite, databasePath: path),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles)
        let store = try StoreInjector.injectPersonStore(scope)
        #expect(store is SQLitePersonStore)
        #expect(try await store.count(matching: "") == 0, "a new book holds no stranger")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutAPlaceForTheDatabaseTheSessionSaysSoInOneLine() async {
        let console = RecordingConsole()
        let scope = AppScope(
            configuration: Configuration(storeKind: .sqlite),
            console: console, readSource: Fixtures.readsNoFiles)
        #expect(await AppInjector.injectApplication(scope).run() == .usage)
        #expect(
            console.errors
                == "people: no place for the database: set HOME or PEOPLE_DB, or pass --db PATH\n")
    }

    @Test func aStoreThatFailsToOpenIsTriedAgainNextTime() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("later/people.sqlite")
        try Data("not a folder".utf8).write(to: folder.url.appendingPathComponent("later"))
        let scope = AppScope(
            configuration: Configuration(storeKind: .sqlite, databasePath: path),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles)
        #expect(throws: PersonStoreError.self) { try StoreInjector.injectPersonStore(scope) }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("later"))
        #expect(try await StoreInjector.injectPersonStore(scope).count(matching: "") == 0)
    }

    @Test func theApplicationIsTheSessionWithoutACommandTheGraphForGraphAndTheRunnerElse() async {
        #expect(AppInjector.injectApplication(TestScopes.app()) is InteractiveSession)
        #expect(
            AppInjector.injectApplication(TestScopes.app(command: .graph)) is ObjectGraphCommand)
        #expect(
            AppInjector.injectApplication(TestScopes.app(command: .delete(id: 1))) is PersonCommands
        )
    }

    @Test func theNavigatorAndTheLastChangeAreOnePerSessionAndNotShared() async {
        let app = TestScopes.app()
        let (one, two) = (SessionScope(app: app), SessionScope(app: app))
        #expect(SessionInjector.injectNavigator(one) === SessionInjector.injectNavigator(one))
        #expect(SessionInjector.injectNavigator(one) !== SessionInjector.injectNavigator(two))
        #expect(SessionInjector.injectLastChange(one) === SessionInjector.injectLastChange(one))
        #expect(SessionInjector.injectLastChange(one) !== SessionInjector.injectLastChange(two))
    }

    /// A screen the list opens is one it offers.
    ///
    /// Its intent is among the list's, so its key shows on the list's key
    /// line, in its `?` help and in `people --help`. The injector's `switch`
    /// makes the list able to open it; only the list's intents offer it.
    @Test func everyScreenTheListOpensIsAnIntentTheListOffers() {
        let opened = PersonListInjector.injectOpenedScreens(TestScopes.session())
        for intent in ScreenIntent.allCases where opened.provider(for: intent) != nil {
            #expect(
                AppScreen.list.intents.contains(intent),
                "the list opens a screen by .\(intent.rawValue), which no key line or help shows: add .\(intent.rawValue) to `case .list:` in AppScreen.intents (Sources/Features/Navigation/AppScreen.swift)"
            )
        }
    }

    @Test func aOneShotCommandBuildsNothingOfASession() async throws {
        let app = AppScope(
            configuration: Configuration(storeKind: .memory, debug: true), command: .delete(id: 2),
            console: RecordingConsole(), readSource: Fixtures.readsNoFiles, clock: Fixtures.clock)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        let names = Set(app.wiring.steps.map(\.name))
        #expect(names.contains("PersonCommands"))
        #expect(names.contains("MemoryPersonStore"))
        #expect(!app.wiring.steps.contains { $0.scopeKind != "app" })
        #expect(names.isDisjoint(with: ["SessionScope", "Navigator", "LastChange"]))
    }

    @Test func aSessionAndEverythingInItIsFreedWhenTheSessionEnds() async throws {
        let app = TestScopes.app(input: ["1", "d", "y", "2", "b", "q"])
        weak var session: SessionScope?
        weak var navigator: (any Navigator)?
        weak var lastChange: LastChange?
        do {
            let scope = SessionScope(app: app)
            let running = SessionInjector.injectInteractiveSession(scope)
            session = scope
            navigator = SessionInjector.injectNavigator(scope)
            lastChange = SessionInjector.injectLastChange(scope)
            #expect(await running.run() == .success)
        }
        #expect(session == nil && navigator == nil && lastChange == nil)
        #expect(app.storeCache.isFilled, "the app's store outlives the session")
    }

    @Test func undoRestoresTheLastDeleteAfterPagingAndSearching() async throws {
        let store = MemoryPersonStore(persons: Fixtures.numberedPersons(25))
        let deleted = try await store.existingPerson(withID: 3)
        let app = TestScopes.app(
            input: ["3", "d", "y", "n", "n", "/person 2", "u", "u", "q"], store: store)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(try await store.person(withID: 3) == deleted)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Delete \(deleted.name)? (u on the list undoes it.)"))
        #expect(output.contains("Restored \(deleted.name).\n"))
        #expect(output.contains("There is no edit or delete to undo in this session.\n"))
    }

    @Test func undoInANewSessionHasNothingToUndo() async throws {
        let store = Fixtures.sampleStore()
        #expect(
            await AppInjector.injectApplication(
                TestScopes.app(input: ["1", "d", "y", "q"], store: store)
            )
            .run() == .success)
        let next = TestScopes.app(input: ["u", "q"], store: store)
        #expect(await AppInjector.injectApplication(next).run() == .success)
        #expect(try await store.person(withID: 1) == nil)
        let output = next.recordingConsole?.output ?? ""
        #expect(output.contains("There is no edit or delete to undo in this session."))
    }

    @Test func theDetailProviderMakesANewScreenForTheGivenPersonEachCall() async throws {
        let session = TestScopes.session()
        let provider = PersonDetailInjector.injectPersonDetailControllerProvider(session)
        let first = try provider(Person.samples[1])
        let second = try provider(Person.samples[1])
        #expect(first !== second)
        first.appear()
        await first.settled()
        await first.handle(line: "")  // draws them again
        #expect(
            session.recordingConsole?.output.hasPrefix(
                "Alan Turing · loading…\nAlan Turing\n  Name     Alan Turing\n") == true)
    }

    @Test func detailScreensShareTheAppsStore() async throws {
        let store = Fixtures.sampleStore()
        let session = TestScopes.session(store: store)
        let detail = try PersonDetailInjector.injectPersonDetailControllerProvider(session)(
            Person.samples[0])
        try await store.delete(id: 1)
        detail.appear()
        await detail.settled()
        #expect(session.recordingConsole?.output.contains("no person with id 1") == true)
    }

    @Test func eachOpeningBeginsAScopeWithAnOpenedPersonOfItsOwn() async throws {
        let session = TestScopes.session()
        let scope = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        let other = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        #expect(scope.openedPerson !== other.openedPerson)
        #expect(scope.session === session)
        #expect(scope.label == "person #1")
    }

    @Test func theEditFormSavesThroughTheOpenedPersonOfItsScope() async throws {
        // Enter keeps the name and the five fields before the street; `>`
        // keeps the rest and saves.
        let session = TestScopes.session(
            input: Array(repeating: "", count: 6) + ["Marylebone", ">"])
        let scope = try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])
        let form = PersonEditInjector.injectPersonEditController(editing: scope)
        await SessionInjector.injectNavigator(session).run(root: form)
        #expect(scope.openedPerson.person.address == "Marylebone")
    }

    @Test func anEditFromTheDetailShowsOnTheDetailWhenTheFormCloses() async throws {
        let session = TestScopes.session(
            input: ["e"] + Array(repeating: "", count: 6) + ["Marylebone", ">", ""])
        await SessionInjector.injectNavigator(session).run(
            root: PersonDetailInjector.injectPersonDetailController(
                try PersonDetailInjector.injectPersonScope(session, opening: Person.samples[0])))
        let output = try #require(session.recordingConsole?.output)
        #expect(
            output.contains(
                "Saved Ada Lovelace.\nAda Lovelace · loading…\nAda Lovelace\n  Name     Ada Lovelace\n"
                    + "  Email    ada@example.org\n  Address  Marylebone\n"
            ))
    }

    @Test func theAddProviderMakesAFormThatAddsToTheAppsStore() async throws {
        let store = Fixtures.sampleStore()
        let session = TestScopes.session(input: ["Barbara Liskov", ">"], store: store)
        let form = try PersonEditInjector.injectPersonEditControllerProvider(adding: session)()
        await SessionInjector.injectNavigator(session).run(root: form)
        #expect(try await store.count(matching: "liskov") == 1)
    }

    @Test func openingAndClosingADetailScreenAThousandTimesLeavesNothingBehind() async throws {
        let session = TestScopes.session()
        let navigator = SessionInjector.injectNavigator(session)
        let list = try PersonListInjector.injectPersonListController(session)
        navigator.push(list)
        for round in 0..<1_000 {
            weak var scope: PersonScope?
            weak var detail: PersonDetailController?
            weak var form: PersonEditController?
            weak var opened: OpenedPerson?
            do {
                let person = Person.samples[round % 3]
                let personScope = try PersonDetailInjector.injectPersonScope(
                    session, opening: person)
                let detailController = PersonDetailInjector.injectPersonDetailController(
                    personScope)
                let formController = try PersonEditInjector.injectPersonEditControllerProvider(
                    editing: personScope)()
                scope = personScope
                detail = detailController
                form = formController
                opened = personScope.openedPerson
                navigator.push(detailController)
                navigator.push(formController)
                await navigator.pop()
                await navigator.pop()
            }
            #expect(
                scope == nil && detail == nil && form == nil && opened == nil,
                "round \(round) leaked")
            if scope != nil { break }
        }
        #expect(navigator.screens.count == 1)
    }

    @Test func detailScreensMadeByTheListsProviderAreFreedWhenClosed() async throws {
        let session = TestScopes.session()
        let navigator = SessionInjector.injectNavigator(session)
        navigator.push(try PersonListInjector.injectPersonListController(session))
        let provider = PersonDetailInjector.injectPersonDetailControllerProvider(session)
        weak var closed: PersonDetailController?
        do {
            let detail = try provider(Person.samples[0])
            closed = detail
            navigator.push(detail)
            await navigator.pop()
        }
        #expect(closed == nil)
    }

    @Test func aScriptedSessionEditsAndDeletesThroughTheRealWiring() async throws {
        let store = Fixtures.sampleStore()
        let app = TestScopes.app(
            input: ["2", "e", "", "alan@example.org", ">", "b", "1", "d", "y", "", "q"],
            store: store
        )
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(try await store.existingPerson(withID: 2).email == "alan@example.org")
        #expect(try await store.person(withID: 1) == nil)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Deleted Ada Lovelace.\nPeople · loading…\nPeople · 1–2 of 2\n"))
    }

    @Test func theRealListsPersonScopesAreSeenThroughTheSessionAndFreedOnBack() async throws {
        /// The scopes begun, held weakly so the test does not keep them.
        final class Seen {
            struct Scope { weak var scope: PersonScope? }
            var scopes: [Scope] = []
            var people: [Person.ID] = []
        }
        let seen = Seen()
        let session = TestScopes.session(input: ["2", "b", "3", "e", ".", "b", "q"])
        let application = SessionInjector.injectInteractiveSession(session) { person in
            let scope = try PersonDetailInjector.injectPersonScope(session, opening: person)
            seen.scopes.append(Seen.Scope(scope: scope))
            seen.people.append(person.id)
            return scope
        }
        #expect(await application.run() == .success)
        #expect(seen.people == [2, 3], "the real list opened Alan, then Grace")
        #expect(seen.scopes.allSatisfy { $0.scope == nil }, "each closed detail freed its scope")
    }
}
