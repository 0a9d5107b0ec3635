import Features
import PeopleTestSupport
import Testing

/// A query declared here, outside `Features`, that no decorator or fake has
/// ever seen: the first person of a search, or `nil`.
///
/// It is answered by the real stores' page query, so it needs no method of
/// its own; what matters is that every layer carries it as it is.
struct FirstPersonQuery: PersonQuery {
    let search: String

    var name: String { "firstPerson" }
    var effect: PersonQueryEffect { .reads }
    var description: String { "firstPerson(matching: \"\(search)\")" }
    func describe(_ answer: Person?) -> String { answer?.name ?? "nil" }

    func run(on store: some PersonStorage) async throws -> Person? {
        try await store.answer(PageQuery(matching: search, from: .first, limit: 1)).first
    }

    func merge(from sources: PersonSources) async throws -> Person? {
        try await sources.whole.page(matching: search, from: .first, limit: 1).first
    }
}

/// A query written as a value reaches every decorator and fake without an
/// edit there: forwarding, tracing, waiting, gating, recording and refusing
/// are each written once, for every query.
@Suite(.tags(.parksAsyncWork)) struct NewQueryTests {
    final class Log: Sendable {
        private let storage = Locked<[String]>([])
        var lines: [String] { storage.withLock { $0 } }
        func append(_ line: String) { storage.withLock { $0.append(line) } }
    }

    @Test func everyDecoratorHandsANewQueryOnAndTracesIt() async throws {
        let log = Log()
        let imported = ReadOnlyPersonStore(
            persons: [
                Person(
                    id: -1, name: "Aaron Imported", address: "", email: nil, added: Fixtures.now)
            ],
            source: "friends.csv")
        let aggregate = AggregatePersonStore(
            primary: Fixtures.sampleStore(), readOnly: { [imported] })
        let store = TracingPersonStore(
            wrapping: LatencyPersonStore(wrapping: aggregate, delay: .zero, wait: { _ in }),
            log: log.append)
        let first = try await store.perform(FirstPersonQuery(search: "a"))
        #expect(first?.name == "Aaron Imported")
        #expect(log.lines.count == 1)
        #expect(
            log.lines.first?.hasPrefix(
                "trace: store.firstPerson(matching: \"a\") → Aaron Imported in ") == true)
    }

    @Test func everyFakeRecordsANewQueryByItsName() async throws {
        let recording = RecordingPersonStore(
            UnpluggablePersonStore(Fixtures.sampleStore(), unpluggedWith: nil))
        let first = try await recording.perform(FirstPersonQuery(search: "grace"))
        #expect(first?.name == "Grace Hopper")
        #expect(recording.calls == ["firstPerson"])
    }

    @Test func aGatedStoreParksANewQueryByItsName() async throws {
        let gated = GatedPersonStore(Fixtures.sampleStore())
        let asked = Task { try await gated.perform(FirstPersonQuery(search: "alan")) }
        #expect(await gated.nextParkedCall() == "firstPerson")
        gated.release()
        #expect(try await asked.value?.name == "Alan Turing")
    }

    @Test func anUnpluggedStoreRefusesANewQuery() async throws {
        let store = UnpluggablePersonStore(
            Fixtures.sampleStore(), unpluggedWith: .storage("disk unplugged"))
        await #expect(throws: PersonStoreError.storage("disk unplugged")) {
            try await store.perform(FirstPersonQuery(search: ""))
        }
        #expect(store.refusedCalls == 1)
    }
}
