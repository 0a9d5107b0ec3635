import AppScope
import Features
import Injectors
import PeopleTestSupport
import Testing

/// A list field edited through the line form over the real wiring: the
/// phone numbers are typed as one line, so adding, removing and reordering
/// one is typing that line again, and the store keeps the result.
@MainActor
@Suite struct LineFormListTests {
    let store = Fixtures.sampleStore()

    /// Runs one edit of Ada from the list, typing `phones` at the phone
    /// prompt (Enter keeps the name and the emails, `>` the rest), and
    /// returns her phones as stored.
    private func editAdasPhones(_ phones: String) async throws -> [LabelledValue] {
        let app = TestScopes.app(input: ["1", "e", "", "", phones, ">", "b", "q"], store: store)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        #expect(app.recordingConsole?.output.contains("Saved Ada Lovelace.") == true)
        return try await store.existingPerson(withID: 1).details.phones
    }

    @Test func aPhoneIsAddedRemovedAndReorderedByTypingTheList() async throws {
        let home = LabelledValue(label: "home", value: "020 7946 0018")
        let work = LabelledValue(label: "work", value: "+44 161 496 0000")
        let mobile = LabelledValue(label: "mobile", value: "07700 900123")
        #expect(try await editAdasPhones("home: 020 7946 0018") == [home])
        #expect(
            try await editAdasPhones("home: 020 7946 0018, work: +44 161 496 0000")
                == [home, work], "added")
        #expect(
            try await editAdasPhones("work: +44 161 496 0000, home: 020 7946 0018")
                == [work, home], "reordered")
        #expect(
            try await editAdasPhones("mobile: 07700 900123, home: 020 7946 0018")
                == [mobile, home], "one removed, one added first")
        #expect(try await editAdasPhones("-") == [], "all cleared")
        #expect(try await store.existingPerson(withID: 1).email == "ada@example.org")
    }

    /// The phone prompt shows the numbers already kept, so they can be
    /// edited, and how several are typed.
    @Test func thePhonePromptShowsTheCurrentListAndHowToTypeSeveral() async throws {
        _ = try await editAdasPhones("home: 020 7946 0018, work: +44 161 496 0000")
        let app = TestScopes.app(input: ["1", "e", "", "", "?", "."], store: store)
        #expect(await AppInjector.injectApplication(app).run() == .success)
        let output = try #require(app.recordingConsole?.output)
        #expect(output.contains("Phone (3/13) [home: 020 7946 0018, work: +44 161 496 0000]"))
        #expect(output.contains("  >      save now, keeping the rest as they are\n"))
        #expect(output.contains("Phone takes several, commas between: mobile: "))
    }
}
