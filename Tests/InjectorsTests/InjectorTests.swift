import AppScope
import Features
import Foundation
import Injectors
import TestSupport
import Testing

@MainActor
@Suite struct InjectorTests {
    @Test func theStoreIsOneSingletonForTheWholeApp() throws {
        let scope = AppScope(
            invocation: Invocation(configuration: Configuration(store: .memory)),
            console: RecordingConsole(),
            clock: Fixtures.clock)
        let first = try StoreInjector.injectPersonStore(scope)
        let second = try StoreInjector.injectPersonStore(scope)
        #expect(first as AnyObject === second as AnyObject)
        #expect(try first.count(matching: "") == 3)
    }

    @Test func aMemoryStoreIsChosenByConfigurationAndStartsWithTheSamples() throws {
        let scope = AppScope(
            invocation: Invocation(configuration: Configuration(store: .memory)),
            console: RecordingConsole())
        let store = try StoreInjector.injectPersonStore(scope)
        #expect(store is MemoryPersonStore)
        #expect(try store.page(matching: "", from: .first, limit: 10) == Person.samples)
    }

    @Test func anSQLiteStoreIsChosenByConfigurationAndOpensTheConfiguredFile() throws {
        let path = try TemporaryFolder().path("people.sqlite")
        let scope = AppScope(
            invocation: Invocation(
                configuration: Configuration(store: .sqlite, databasePath: path)),
            console: RecordingConsole())
        let store = try StoreInjector.injectPersonStore(scope)
        #expect(store is SQLitePersonStore)
        #expect(try store.count(matching: "") == 3)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutAPlaceForTheDatabaseTheSessionSaysSoInOneLine() {
        let console = RecordingConsole()
        let scope = AppScope(
            invocation: Invocation(configuration: Configuration(store: .sqlite)), console: console)
        #expect(AppInjector.injectApplication(scope).run() == .failure)
        #expect(
            console.errors
                == "people: no place for the database: set HOME or PEOPLE_DB, or pass --db PATH\n")
    }

    @Test func aStoreThatFailsToOpenIsTriedAgainNextTime() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("later/people.sqlite")
        try Data("not a folder".utf8).write(to: folder.url.appendingPathComponent("later"))
        let scope = AppScope(
            invocation: Invocation(
                configuration: Configuration(store: .sqlite, databasePath: path)),
            console: RecordingConsole())
        #expect(throws: PersonStoreError.self) { try StoreInjector.injectPersonStore(scope) }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("later"))
        #expect(try StoreInjector.injectPersonStore(scope).count(matching: "") == 3)
    }

    @Test func theApplicationIsTheSessionWithoutACommandAndTheRunnerWithOne() {
        #expect(AppInjector.injectApplication(TestScopes.app()) is InteractiveSession)
        #expect(
            AppInjector.injectApplication(TestScopes.app(command: .delete(id: 1))) is PersonCommands
        )
    }

    @Test func theNavigatorIsSharedByEveryScreen() {
        let scope = TestScopes.app()
        #expect(AppInjector.injectNavigator(scope) === AppInjector.injectNavigator(scope))
    }

    @Test func theDetailProviderMakesANewScreenForTheGivenPersonEachCall() throws {
        let scope = TestScopes.app()
        let provider = PersonDetailInjector.injectPersonDetailControllerProvider(scope)
        let first = try provider(Person.samples[1])
        let second = try provider(Person.samples[1])
        #expect(first !== second)
        first.appear()
        #expect(
            scope.recordingConsole?.output.hasPrefix("Alan Turing\n  Name     Alan Turing\n")
                == true)
    }

    @Test func detailScreensShareTheAppsStore() throws {
        let store = Fixtures.sampleStore()
        let scope = TestScopes.app(store: store)
        let detail = try PersonDetailInjector.injectPersonDetailControllerProvider(scope)(
            Person.samples[0])
        try store.delete(1)
        detail.appear()
        #expect(scope.recordingConsole?.output.contains("no person with id 1") == true)
    }

    @Test func oneOpenedPersonIsSharedWithinAPersonScopeAndNotAcrossScopes() throws {
        let app = TestScopes.app()
        let scope = PersonScope(parent: app, person: Person.samples[0])
        let other = PersonScope(parent: app, person: Person.samples[0])
        #expect(
            try PersonDetailInjector.injectOpenedPerson(scope)
                === PersonDetailInjector.injectOpenedPerson(scope))
        #expect(
            try PersonDetailInjector.injectOpenedPerson(scope)
                !== PersonDetailInjector.injectOpenedPerson(other))
    }

    @Test func anEditFromTheDetailShowsOnTheDetailWhenTheFormCloses() throws {
        let app = TestScopes.app(input: ["e", "", "Marylebone", ""])
        let navigator = AppInjector.injectNavigator(app)
        navigator.run(
            root: try PersonDetailInjector.injectPersonDetailController(
                PersonScope(parent: app, person: Person.samples[0])))
        let output = try #require(app.recordingConsole?.output)
        #expect(
            output.contains(
                "Saved Ada Lovelace.\nAda Lovelace\n  Name     Ada Lovelace\n  Address  Marylebone\n"
            ))
    }

    @Test func theAddProviderMakesAFormThatAddsToTheAppsStore() throws {
        let store = Fixtures.sampleStore()
        let app = TestScopes.app(input: ["Barbara Liskov", "", ""], store: store)
        let form = try PersonEditInjector.injectAddPersonControllerProvider(app)()
        AppInjector.injectNavigator(app).run(root: form)
        #expect(try store.count(matching: "liskov") == 1)
    }

    @Test func openingAndClosingADetailScreenAThousandTimesLeavesNothingBehind() throws {
        let app = TestScopes.app()
        let navigator = AppInjector.injectNavigator(app)
        let list = try PersonListInjector.injectPersonListController(app)
        navigator.push(list)
        for round in 0..<1_000 {
            weak var scope: PersonScope?
            weak var detail: PersonDetailController?
            weak var form: PersonEditController?
            weak var opened: OpenedPerson?
            do {
                let person = Person.samples[round % 3]
                let personScope = PersonScope(parent: app, person: person)
                let detailController = try PersonDetailInjector.injectPersonDetailController(
                    personScope)
                let formController = try PersonEditInjector.injectEditPersonControllerProvider(
                    personScope)()
                scope = personScope
                detail = detailController
                form = formController
                opened = try PersonDetailInjector.injectOpenedPerson(personScope)
                navigator.push(detailController)
                navigator.push(formController)
                navigator.pop()
                navigator.pop()
            }
            #expect(
                scope == nil && detail == nil && form == nil && opened == nil,
                "round \(round) leaked")
            if scope != nil { break }
        }
        #expect(navigator.screens.count == 1)
    }

    @Test func detailScreensMadeByTheListsProviderAreFreedWhenClosed() throws {
        let app = TestScopes.app()
        let navigator = AppInjector.injectNavigator(app)
        navigator.push(try PersonListInjector.injectPersonListController(app))
        let provider = PersonDetailInjector.injectPersonDetailControllerProvider(app)
        weak var closed: PersonDetailController?
        do {
            let detail = try provider(Person.samples[0])
            closed = detail
            navigator.push(detail)
            navigator.pop()
        }
        #expect(closed == nil)
    }

    @Test func aScriptedSessionEditsAndDeletesThroughTheRealWiring() throws {
        let store = Fixtures.sampleStore()
        let app = TestScopes.app(
            input: ["2", "e", "", "", "alan@example.org", "b", "1", "d", "y", "q"], store: store)
        #expect(AppInjector.injectApplication(app).run() == .success)
        #expect(try store.existingPerson(withID: 2).email == "alan@example.org")
        #expect(try store.person(withID: 1) == nil)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Deleted Ada Lovelace.\nPeople · 1–2 of 2\n"))
    }
}
