import Features
import Foundation
import Launch
import PeopleTestSupport
import PersonFiles
import Terminal
import Testing

@MainActor
@Suite(.tags(.parksAsyncWork)) struct PersonCommandsTests {
    let console = RecordingConsole()
    let store = Fixtures.sampleStore()

    private func run(_ command: Command, pageSize: Int = 10) async -> ExitCode {
        await PersonCommands(
            command: command, storeProvider: { [store] in store }, pageSize: pageSize,
            clock: Fixtures.clock, writer: PersonFileWriter(),
            help: Usage.help(keyReference: LineKeyMap.keyReference), console: console
        )
        .run()
    }

    @Test func listPrintsOnePageWithItsPosition() async {
        #expect(await run(.list(page: 2, search: "", json: false), pageSize: 2) == .success)
        #expect(console.output == "3  Grace Hopper <grace@example.org>\npage 2 of 2 · 3–3 of 3\n")
    }

    @Test func listAsJSONIsOneDocumentWithTotalPageAndPersons() async throws {
        #expect(await run(.list(page: 1, search: "turing", json: true)) == .success)
        let document =
            try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any]
        #expect(document?["total"] as? Int == 1)
        #expect(document?["page"] as? Int == 1)
        let persons = try #require(document?["persons"] as? [[String: Any]])
        #expect(persons.count == 1)
        #expect(persons[0]["name"] as? String == "Alan Turing")
        #expect(persons[0]["email"] is NSNull)
        #expect(persons[0]["added"] as? String == "2010-06-21T10:00:00Z")
        #expect((persons[0]["emails"] as? [Any])?.isEmpty == true)
        // The keys of earlier releases, and one for every other field.
        #expect(
            Set(persons[0].keys) == [
                "id", "name", "address", "email", "added", "emails", "phones", "organization",
                "title", "nickname", "city", "region", "postcode", "country", "birthday", "notes",
                "uid",
            ])
    }

    /// A person another program stored with no name is exported as
    /// stored, but `--import` refuses them: the export says so, in one
    /// line on the error stream, rather than pass for one that reads back.
    @Test func anExportSaysWhichPersonsItsImportWouldRefuse() async throws {
        let nameless = Person(
            id: 7, name: "", address: "", email: nil, added: Date(timeIntervalSince1970: 0))
        let store = MemoryPersonStore(persons: [nameless] + Person.samples)
        let status = await PersonCommands(
            command: .export(format: .csv, search: ""), storeProvider: { store },
            pageSize: 10, clock: Fixtures.clock, writer: PersonFileWriter(),
            help: Usage.help(keyReference: LineKeyMap.keyReference), console: console
        )
        .run()
        #expect(status == .success)
        #expect(console.output.contains("\n,"), "the nameless person is exported as stored")
        #expect(
            console.errors
                == "people: 1 person exported would be refused by --import as stored (person 7: name is required); mend them with people edit ID to import this export whole\n"
        )
    }

    @Test func aSearchThatFindsNoOneIsQuotedAsMessagesQuote() async {
        // Accents are set aside in a search: it is the "z" no field of
        // anyone's holds (a "q" is in Ada's "Square", which a search reads).
        let search = "z" + String(repeating: "\u{301}", count: 60_000)
        #expect(await run(.list(page: 1, search: search, json: false)) == .success)
        #expect(console.output == "no one matches \(InertText.quoted(search))\n")
        #expect(console.output.utf8.count < 200, "the search was printed whole")
    }

    @Test func aPagePastTheEndIsAUsageError() async {
        #expect(await run(.list(page: 3, search: "", json: false), pageSize: 2) == .usage)
        #expect(console.errors == "people: --page: 3 is past the last page (2)\n")
    }

    /// `people --latency 1s list` waits one second, not one per question:
    /// a page, by number or after a cursor, as text or JSON, is one call.
    @Test func eachListIsOneStoreCall() async throws {
        let recording = RecordingPersonStore(
            MemoryPersonStore(persons: Fixtures.numberedPersons(7)))
        let cursor = PageCursor(after: Fixtures.numberedPersons(7)[2].sortKey)
        let commands: [Command] = [
            .list(page: 2, search: "", json: false), .list(page: 1, search: "person", json: true),
            .listAfter(cursor: cursor, search: "", json: false),
            .listAfter(cursor: cursor, search: "", json: true),
        ]
        for command in commands {
            recording.forget()
            let status = await PersonCommands(
                command: command, storeProvider: { recording }, pageSize: 3,
                clock: Fixtures.clock, writer: PersonFileWriter(), help: "",
                console: console
            )
            .run()
            #expect(status == .success, "\(command)")
            #expect(recording.calls == ["listPage"], "\(command)")
        }
        #expect(console.output.contains("page 2 of 3 · 4–6 of 7\n"))
        #expect(console.output.contains("4–6 of 7\n"))
    }

    /// The store falls back to the last page when none are after a cursor;
    /// a script reading on is told it has reached the end instead.
    @Test func aCursorPastTheLastPersonListsNoOne() async throws {
        let last = try await store.existingPerson(withID: 3)
        #expect(
            await run(.listAfter(cursor: PageCursor(after: last.sortKey), search: "", json: false))
                == .success)
        #expect(console.output == "no one after that\n")
    }

    @Test func addPrintsTheNewIdAndStoresThePerson() async throws {
        #expect(await run(.add(PersonDraft(name: "Barbara Liskov"))) == .success)
        #expect(console.output == "4\n")
        #expect(try await store.existingPerson(withID: 4).name == "Barbara Liskov")
    }

    @Test func addingAnInvalidPersonIsAUsageErrorAndStoresNothing() async throws {
        #expect(await run(.add(PersonDraft(name: String(repeating: "x", count: 101)))) == .usage)
        #expect(
            console.errors.hasPrefix("people: name 'xxxxxxxxxxxxxxxxxxxx…' is 101 characters long"))
        #expect(try await store.count(matching: "") == 3)
    }

    @Test func editChangesOnlyTheFieldsGiven() async throws {
        #expect(await run(.edit(id: 1, changes: PersonChanges(address: "Marylebone"))) == .success)
        let edited = try await store.existingPerson(withID: 1)
        #expect(edited.address == "Marylebone")
        #expect(edited.email == "ada@example.org")
    }

    /// A person another program stored with a name and an email no form
    /// would accept.
    private static let foreign = Person(
        id: 7, name: "Eve\u{1B}[2J", address: "1 Main St",
        email: String(repeating: "e", count: 300) + "@example.org", added: Fixtures.clock())

    @Test func anEditKeepingAnInvalidStoredNameSaysSoAndHowToFixIt() async throws {
        let store = MemoryPersonStore(persons: [Self.foreign])
        let status = await PersonCommands(
            command: .edit(id: 7, changes: PersonChanges(address: "2 Main St")),
            storeProvider: { store }, pageSize: 10, clock: Fixtures.clock,
            writer: PersonFileWriter(), help: "", console: console
        ).run()
        #expect(status == .failure)
        #expect(
            console.errors
                == "people: the stored name of person 7 is not valid (name contains the control character U+001B); nothing was changed: give a valid one in the same edit with --name NAME\n"
        )
        #expect(try await store.existingPerson(withID: 7).address == "1 Main St")
    }

    @Test func anEditGivingANameThenNamesTheInvalidStoredEmailAndHowToClearIt() async throws {
        let store = MemoryPersonStore(persons: [Self.foreign])
        let edit = { [console] (changes: PersonChanges) in
            await PersonCommands(
                command: .edit(id: 7, changes: changes), storeProvider: { store }, pageSize: 10,
                clock: Fixtures.clock, writer: PersonFileWriter(), help: "", console: console
            ).run()
        }
        #expect(await edit(PersonChanges(name: "Eve")) == .failure)
        #expect(console.errors.hasPrefix("people: the stored email of person 7 is not valid"))
        #expect(console.errors.hasSuffix("with --email EMAIL (or --email '' to clear it)\n"))
        #expect(await edit(PersonChanges(name: "Eve", email: "")) == .success)
        #expect(try await store.existingPerson(withID: 7).name == "Eve")
    }

    @Test func aBadValueTypedInAnEditIsStillTheTypersMistake() async {
        let status = await run(.edit(id: 1, changes: PersonChanges(name: "Ada\u{7}")))
        #expect(status == .usage)
        #expect(console.errors == "people: name contains the control character U+0007\n")
    }

    @Test func anUnknownIdIsAFailureNamingTheId() async {
        #expect(await run(.show(id: 42, json: false)) == .failure)
        #expect(await run(.delete(id: 42)) == .failure)
        #expect(await run(.edit(id: 42, changes: PersonChanges(name: "X"))) == .failure)
        #expect(console.errors == String(repeating: "people: no person with id 42\n", count: 3))
    }

    @Test func anEditWhoseFirstReadIsOvertakenIsRefusedWithOneLine() async throws {
        let gated = GatedPersonStore(store)
        let editing = Task { [console] in
            await PersonCommands(
                command: .edit(id: 1, changes: PersonChanges(address: "Marylebone")),
                storeProvider: { gated }, pageSize: 10, clock: Fixtures.clock,
                writer: PersonFileWriter(), help: Usage.help(keyReference: LineKeyMap.keyReference),
                console: console
            ).run()
        }
        #expect(await gated.nextParkedCall() == "person")
        gated.release()
        #expect(await gated.nextParkedCall() == "update", "read, and about to write")
        // Another process renames her between the command's read and write.
        _ = try await store.update(1, validating: PersonDraft(name: "Ada King"))
        gated.release()
        #expect(await editing.value == .failure)
        #expect(
            console.errors
                == "people: Ada Lovelace was changed by someone else since they were opened; "
                + "open them again to see the change\n")
        let kept = try await store.existingPerson(withID: 1)
        #expect(kept.name == "Ada King" && kept.address != "Marylebone", "their change, not ours")
    }

    @Test func deleteRemovesThePerson() async throws {
        #expect(await run(.delete(id: 2)) == .success)
        #expect(try await store.person(withID: 2) == nil)
    }

    @Test func helpAndVersionNeverOpenTheStore() async {
        for command in [Command.help, .version] {
            let status = await PersonCommands(
                command: command,
                storeProvider: {
                    Issue.record("the store was opened for \(command)")
                    return StrictPersonStore(expectsCalls: false)
                },
                pageSize: 10, clock: Fixtures.clock, writer: PersonFileWriter(),
                help: Usage.help(keyReference: LineKeyMap.keyReference),
                console: console
            ).run()
            #expect(status == .success)
        }
        #expect(console.output.contains("Usage:"))
        #expect(console.output.hasSuffix("people \(AppVersion.current)\n"))
    }
}
