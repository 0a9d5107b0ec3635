// Shows that paging stays cheap as the address book grows, in every store.
//
// Builds a 1,003-person database (the baseline) and a large one in a
// temporary folder, then times what the list screen does to draw a page — one
// `listPage`: the page, the total, the page's position — on both, in this one run.
// Then the same for the memory store, and for a database shown together with
// imported persons. Each figure is the median of many repetitions; the
// verdict is a ratio against a baseline measured here, never an absolute time.
//
//   swift run -c release paging-benchmark [PERSONS]     (default 1,000,000)
//
// Exits 1 when a ratio is over its limit, so CI can run it.

import Features
import Foundation
import PersonFiles
import SQLiteStore
import Terminal

/// One timed question, asked of both databases.
struct Case {
    let name: String
    /// The most the large database may take, as a multiple of the small one.
    let limit: Double
    let work: (any PersonStore, Context) async throws -> Void
}

/// What a case may need to know about the database it runs on.
struct Context {
    /// The key of a person about nine tenths of the way down the list.
    let deepKey: PersonSortKey
    /// How many persons precede that key.
    let deepOffset: Int
}

let persons = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paging-benchmark-\(UUID())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// The median times of `baseline` and `measured`, taking turns: a change in
/// the machine's speed during the run falls on both alike.
@MainActor func medians(
    _ repetitions: Int, baseline: () async throws -> Void, measured: () async throws -> Void
) async rethrows -> (baseline: Duration, measured: Duration) {
    var samples: (baseline: [Duration], measured: [Duration]) = ([], [])
    for _ in 0..<repetitions {
        var start = ContinuousClock.now
        try await baseline()
        samples.baseline.append(ContinuousClock.now - start)
        start = ContinuousClock.now
        try await measured()
        samples.measured.append(ContinuousClock.now - start)
    }
    return (
        samples.baseline.sorted()[repetitions / 2], samples.measured.sorted()[repetitions / 2]
    )
}

/// `count` demo persons, checked as `people seed` checks them.
func demoDrafts(_ count: Int) throws -> [ValidatedDraft] {
    try DemoPersons.drafts(count: count).map { (draft) throws(PersonValidationError) in
        try draft.validated()
    }
}

@MainActor func median(_ repetitions: Int, _ body: () async throws -> Void) async rethrows
    -> Duration
{
    var samples: [Duration] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        try await body()
        samples.append(ContinuousClock.now - start)
    }
    return samples.sorted()[repetitions / 2]
}

func context(for store: any PersonStore) async throws -> Context {
    let total = try await store.count(matching: "")
    let offset = total * 9 / 10
    let deep =
        try await store.page(matching: "", from: .offset(offset), limit: 1).first
        ?? Person.samples[0]
    return Context(deepKey: deep.sortKey, deepOffset: offset)
}

// Bulk writes, first, while this process has no other children: the
// `people seed` binary against the system sqlite3 shell inserting the same
// rows into the same schema one INSERT at a time, each a whole process.
var failed = false
/// The file `people seed` filled with the large book, when it ran.
var seededByPeople: String?
if let bulk = try BulkWriteComparison(persons: persons, folder: folder) {
    seededByPeople = bulk.seededPath
    print("Bulk writes at \(persons) persons")
    print(
        "  sqlite3, one INSERT per row   \(bulk.shell.formatted(.units(allowed: [.seconds, .milliseconds]))) (per row at up to 50,000, times \(persons))"
    )
    print(
        "  people seed                   \(bulk.seed.formatted(.units(allowed: [.seconds, .milliseconds])))"
    )
    let ratio = bulk.seed / bulk.shell
    let memory = Double(bulk.seedPeakKiB) / Double(bulk.smallSeedPeakKiB)
    print(
        String(
            format:
                "  seed against sqlite3: %.2f× (limit 0.35×) %@; peak memory %.0f MiB, against %.0f MiB seeding 1003: %.2f× (limit 1.5×) %@\n",
            ratio, ratio <= 0.35 ? "ok" : "TOO SLOW", Double(bulk.seedPeakKiB) / 1_024,
            Double(bulk.smallSeedPeakKiB) / 1_024, memory, memory <= 1.5 ? "ok" : "TOO MUCH"))
    if ratio > 0.35 || memory > 1.5 { failed = true }
    // Opening is O(1): nothing on open reads every row, so the first page
    // of the seeded million costs what it costs in a file of a thousand,
    // each run a whole `people list` process.
    let opened = try OpeningComparison(large: bulk.seededPath, folder: folder)
    print(
        String(
            format:
                "  people list, \(persons) against 1003 persons, whole process: %.2f× (limit 1.5×) %@\n",
            opened.ratio, opened.ratio <= 1.5 ? "ok" : "TOO SLOW"))
    if opened.ratio > 1.5 { failed = true }
    // Importing a phone's worth of cards, and far more: `people import` of
    // 100,000 vCards into a new book against the sqlite3 shell's `.import`
    // of the same rows as CSV into the same table, each a whole process.
    let imported = try ImportComparison(persons: 100_000, folder: folder)
    print(
        String(
            format:
                "  people import of 100000 vCards against sqlite3's .import of the rows as CSV: %.2f× (limit 1.5×) %@ [%.1f s against %.1f s]\n",
            imported.ratio, imported.ratio <= 1.5 ? "ok" : "TOO SLOW",
            Double(imported.people.components.seconds), Double(imported.shell.components.seconds)))
    if imported.ratio > 1.5 { failed = true }
} else {
    print("Bulk writes: skipped (no sqlite3 shell, or no people binary beside this one)\n")
}

// The baseline holds 1,003 persons, so that its page after the 90% key is a
// full page too: the comparison is of finding the place, not of page sizes.
print("Building a 1003-person database and a \(persons)-person database…")
let small = try SQLitePersonStore(
    path: folder.appendingPathComponent("small.sqlite").path, startingWith: Person.samples)
_ = try small.add(contentsOf: try demoDrafts(1_000), addedAt: Date())
// The book `people seed` filled above is this one (the demo persons in a
// new book, which starts empty), so it is not seeded twice: that was ten
// seconds of CI.
let large: SQLitePersonStore
if let seededByPeople {
    large = try SQLitePersonStore(path: seededByPeople)
    print("The large book is the one people seed filled\n")
} else {
    large = try SQLitePersonStore(
        path: folder.appendingPathComponent("large.sqlite").path, startingWith: Person.samples)
    let seeding = try await median(1) {
        _ = try large.add(contentsOf: try demoDrafts(persons), addedAt: Date())
    }
    print("Seeded in \(seeding.formatted(.units(allowed: [.seconds, .milliseconds])))\n")
}

let cases = [
    Case(name: "first page with its total (one listPage)", limit: 3) { store, _ in
        let page = try await store.listPage(matching: "", from: .first, size: 10)
        precondition(page.total > 0 && page.rows.count == 10)
    },
    Case(name: "next page, 90% of the way down (keyset)", limit: 3) { store, context in
        _ = try await store.page(matching: "", from: .after(context.deepKey), limit: 10)
    },
    Case(name: "previous page, 90% of the way down (keyset)", limit: 3) { store, context in
        _ = try await store.page(matching: "", from: .before(context.deepKey), limit: 10)
    },
    Case(name: "open one person by id", limit: 3) { store, _ in
        _ = try await store.person(withID: 2)
    },
]

let contexts = (small: try await context(for: small), large: try await context(for: large))

/// Times `baseline` and `measured` in turns, then judges them.
@MainActor func judge(
    _ name: String, repetitions: Int, limit: Double, baseline: () async throws -> Void,
    measured: () async throws -> Void
) async rethrows {
    let times = try await medians(repetitions, baseline: baseline, measured: measured)
    judge(name, baseline: times.baseline, measured: times.measured, limit: limit)
}

/// Prints one judged line, failing the run when the ratio is past `limit`.
@MainActor func judge(_ name: String, baseline: Duration, measured: Duration, limit: Double) {
    let ratio = measured / baseline
    let verdict = ratio <= limit ? "ok" : "TOO SLOW"
    if ratio > limit { failed = true }
    print(
        name.padding(toLength: 56, withPad: " ", startingAt: 0),
        baseline.formatted(.units(allowed: [.microseconds], fractionalPart: .show(length: 1))),
        measured.formatted(.units(allowed: [.microseconds], fractionalPart: .show(length: 1))),
        String(format: "%6.2f× %5.2f× %@", ratio, limit, verdict))
}

print(
    "SQLite store".padding(toLength: 56, withPad: " ", startingAt: 0), "1003 persons",
    "  \(persons)", "  ratio  limit")
for benchmark in cases {
    try await judge(
        benchmark.name, repetitions: 301, limit: benchmark.limit,
        baseline: { try await benchmark.work(small, contexts.small) },
        measured: { try await benchmark.work(large, contexts.large) })
}

// Scripts: an export streams everyone at about the cost of reading them,
// and walking everyone by cursor costs about what one export does.
print(
    "\nScripts at \(persons)".padding(toLength: 57, withPad: " ", startingAt: 0), "baseline",
    "  measured")
func readEveryone(_ store: any PersonStore) async throws {
    var start = PageStart.first
    while let last = try await store.page(matching: "", from: start, limit: 1_000).last {
        start = .after(last.sortKey)
    }
}
@MainActor func runCommand(
    _ command: Command, on store: any PersonStore = large, pageSize: Int = 10
) async -> ExitCode {
    await PersonCommands(
        command: command, storeProvider: { store }, pageSize: pageSize, clock: Date.init,
        writer: PersonFileWriter(), help: "", console: ScriptedConsole(input: [])
    ).run()
}
@MainActor func walkByCursor() async throws {
    var command = Command.list(page: 1, search: "", json: true)
    let console = CursorConsole()
    while true {
        _ = await PersonCommands(
            command: command, storeProvider: { large }, pageSize: 500, clock: Date.init,
            writer: PersonFileWriter(), help: "", console: console
        ).run()
        guard let next = console.takeNext() else { break }
        command = .listAfter(cursor: next, search: "", json: true)
    }
}
// Each pair is timed in turns (`medians`): timed apart, a slow spell of the
// machine during one of them once moved the walk from 1.6× to 2.03×.
let exportCSV = { _ = await runCommand(.export(format: .csv, search: "")) }
let reading = try await medians(
    3, baseline: { try await readEveryone(large) }, measured: exportCSV)
// 3×, for an export of three columns, and again for the card's sixteen
// (every field, the card id, the id and the exact date, and a draft of
// thirteen fields checked for each person): 4.67× at 100,000 on
// 2026-11-28, 3.54× after three fixes (the date, the draft's storage, the
// list split), held to 4× for a while; with each date then written byte by
// byte, 2.26× at a million in CI's run.
judge(
    "export as CSV, against reading every row", baseline: reading.baseline,
    measured: reading.measured, limit: 3)
let walking = try await medians(3, baseline: exportCSV, measured: { try await walkByCursor() })
judge(
    "walk by cursor, 500 a page, against one export", baseline: walking.baseline,
    measured: walking.measured, limit: 2)
let exportAll = reading.measured
print(
    "Export rate: \(Int(Double(persons) / (Double(exportAll.components.seconds) + Double(exportAll.components.attoseconds) / 1e18)).formatted()) persons/s"
)
// An export streams: the process's peak while exporting everyone is about
// its peak while exporting the thousand.
if let exportingSmall = await PeakMemory.peak(during: {
    _ = await runCommand(.export(format: .json, search: ""), on: small)
}),
    let exportingLarge = await PeakMemory.peak(during: {
        _ = await runCommand(.export(format: .json, search: ""))
    })
{
    let ratio = Double(exportingLarge) / Double(exportingSmall)
    let verdict = ratio <= 1.25 ? "ok" : "TOO MUCH"
    if ratio > 1.25 { failed = true }
    print(
        String(
            format:
                "Export memory: peak %.0f MiB, against %.0f MiB exporting 1003: %.2f× (limit 1.25×) %@",
            Double(exportingLarge) / 1_048_576, Double(exportingSmall) / 1_048_576, ratio, verdict)
    )
}

// The memory store: seeding costs the same per person at any size, and a
// page turn deep in the list costs what it costs at the top.
print(
    "\nMemory store (--store memory)".padding(toLength: 57, withPad: " ", startingAt: 0),
    "baseline", "  measured")
let seedBaseline = 10_000
// Three rounds, each a baseline then a whole seed into a new store, taking
// turns so that a slow spell of the machine falls on both; the medians are
// judged. One seed alone was seen to vary by a third from run to run.
var seedSamples: (small: [Duration], large: [Duration]) = ([], [])
var memory = MemoryPersonStore(persons: Person.samples)
for _ in 0..<3 {
    seedSamples.small.append(
        try await median(5) {
            _ = try await MemoryPersonStore().add(
                contentsOf: try demoDrafts(seedBaseline), addedAt: Date())
        } / seedBaseline)
    let seeded = MemoryPersonStore(persons: Person.samples)
    seedSamples.large.append(
        try await median(1) {
            _ = try await seeded.add(contentsOf: try demoDrafts(persons), addedAt: Date())
        } / persons)
    memory = seeded
}
let perPersonSmall = seedSamples.small.sorted()[1]
let perPersonLarge = seedSamples.large.sorted()[1]
judge(
    "seed, per person: \(persons) against \(seedBaseline)", baseline: perPersonSmall,
    measured: perPersonLarge, limit: 3)
// The baseline holds 1,000 persons, so that its page after the 90% key is a
// full page too: the comparison is of finding the place, not of page sizes.
let smallMemory = MemoryPersonStore(persons: Person.samples)
_ = try await smallMemory.add(contentsOf: try demoDrafts(1_000), addedAt: Date())
let memoryContexts = (
    small: try await context(for: smallMemory), large: try await context(for: memory)
)
try await judge(
    "next page, 90% of the way down: \(persons) against 1003", repetitions: 301, limit: 3,
    baseline: {
        _ = try await smallMemory.page(
            matching: "", from: .after(memoryContexts.small.deepKey), limit: 10)
    },
    measured: {
        _ = try await memory.page(
            matching: "", from: .after(memoryContexts.large.deepKey), limit: 10)
    })

// Imported persons beside the database: a page costs about what it costs
// the database alone.
print(
    "\nWith --import".padding(toLength: 57, withPad: " ", startingAt: 0), "baseline",
    "  with import")
func importing(_ count: Int) -> AggregatePersonStore {
    let friends = DemoPersons.drafts(count: count).enumerated().map { offset, draft in
        Person(
            id: -1 - offset, name: draft.name, address: draft.address, email: nil,
            added: Date(timeIntervalSince1970: 0), source: "friends.csv")
    }
    let imported = [ReadOnlyPersonStore(persons: friends, source: "friends.csv")]
    return AggregatePersonStore(primary: large, readOnly: { imported })
}
let fewFriends = importing(1_000)
let manyFriends = importing(100_000)
func deepPageByNumber(_ store: any PersonStore) async throws {
    _ = try await store.page(matching: "", from: .offset(contexts.large.deepOffset), limit: 10)
}
// A page by number among imported persons reads, near the page, the
// database rows and imported persons that could be on it or above it: with
// 1,000 imported, about 1,010 of each. Judged against reading 1,010
// database rows by key, so it fails if it ever reads everything above.
try await judge(
    "page by number, 90% down, 1000 imported", repetitions: 21, limit: 3,
    baseline: {
        _ = try await large.page(matching: "", from: .after(contexts.large.deepKey), limit: 1_010)
    },
    measured: { try await deepPageByNumber(fewFriends) })
try await judge(
    "next page, 90% down (keyset), 100000 imported", repetitions: 301, limit: 3,
    baseline: {
        _ = try await large.page(matching: "", from: .after(contexts.large.deepKey), limit: 10)
    },
    measured: {
        _ = try await manyFriends.page(
            matching: "", from: .after(contexts.large.deepKey), limit: 10)
    })
// Not judged: a page by number reads every imported person that sorts
// above it, so with 100,000 imported spread through the list it costs far
// more than the database alone. The screens page by key, as above.
let manyByNumber = try await median(5) { try await deepPageByNumber(manyFriends) }
print(
    "For contrast: by number, 90% down, 100000 imported, takes \(manyByNumber.formatted(.units(allowed: [.milliseconds])))."
)

// Pages by number for scripts: `people list --page N` at the last page
// against the first, run in this process on the same database. Without
// the page marks, SQLite's OFFSET would step over every row above it.
let lastPage = (persons - 1) / 10 + 1
print(
    "\nPage by number (people list --page N)".padding(toLength: 57, withPad: " ", startingAt: 0),
    "page 1", "    page \(lastPage)")
await judge(
    "list --page \(lastPage) against list --page 1", repetitions: 301, limit: 2,
    baseline: { _ = await runCommand(.list(page: 1, search: "", json: false)) },
    measured: { _ = await runCommand(.list(page: lastPage, search: "", json: false)) })
let storeTimes = try await medians(
    301, baseline: { _ = try await large.page(matching: "", from: .first, limit: 10) },
    measured: {
        _ = try await large.page(matching: "", from: .offset((lastPage - 1) * 10), limit: 10)
    })
let microseconds: Duration.UnitsFormatStyle = .units(
    allowed: [.microseconds], fractionalPart: .show(length: 1))
print(
    String(
        format: "  the store's page alone: %.2f× (%@ against %@; not judged)",
        storeTimes.measured / storeTimes.baseline, storeTimes.measured.formatted(microseconds),
        storeTimes.baseline.formatted(microseconds)))

// Search: every kind, as the list screen asks it (the total, then the first
// page), at a million against a thousand. A search whose matches grow with
// the book is judged instead against one that walks every person.
// Searches set accents aside: "ø" is searched as "o", which most names
// hold, so the rare letter is an "ẍ", searched as an "x", which no demo
// name holds.
let rareNames = try ["Øystein Ødegård", "Ŵyn Ẍr"].map { (name) throws(PersonValidationError) in
    try PersonDraft(name: name).validated()
}
_ = try large.add(contentsOf: rareNames, addedAt: Date())
let thousand = try SQLitePersonStore(path: folder.appendingPathComponent("thousand.sqlite").path)
_ = try thousand.add(contentsOf: try demoDrafts(1_000) + rareNames, addedAt: Date())
print(
    "\nSearch (count + first page)".padding(toLength: 57, withPad: " ", startingAt: 0),
    "1002", "      \(try large.count(matching: ""))")
let searches = [
    ("rare name", "ødegård"), ("common, three letters", "ada"), ("common, five letters", "ada c"),
    ("common, whole name", "ada cerf 1"), ("one letter, common", "a"),
    ("two letters, common", "ad"),
    ("one letter, rare", "ẍ"), ("two letters, rare", "ŵy"), ("one letter, no match", "q"),
    ("two letters, no match", "qq"), ("long, no match", "qqqqq"),
    // A search reads every field: an email only one person has, and a town
    // one person in eight lives in.
    ("common trigrams, one email", "grace.zuse2500@"), ("common, a town", "leeds"),
]
/// The median time of a search that walks every person to its last page: what
/// an index saves a search from, and what a cancel cuts short.
nonisolated func walkingEveryone(_ store: SQLitePersonStore) async throws -> Duration {
    var times: [Duration] = []
    for _ in 0..<3 {
        let start = ContinuousClock.now
        _ = try await store.page(matching: "e", from: .offset(persons - 10), limit: 1)
        times.append(ContinuousClock.now - start)
    }
    return times.sorted()[1]
}
let walk = try await Task.detached { try await walkingEveryone(large) }.value
for (kind, text) in searches {
    func search(_ store: any PersonStore) async throws {
        _ = try await store.count(matching: text)
        _ = try await store.page(matching: text, from: .first, limit: 10)
    }
    let times = try await medians(
        101, baseline: { try await search(thousand) }, measured: { try await search(large) })
    if kind.hasPrefix("common"), text.count > 3 {
        // Not judged by ratio: its total is counted match by match through
        // the index, and it matches 2,500 times as many persons here as in
        // the thousand. Only searches of up to three characters have their
        // totals kept. It is judged against walking every person instead.
        // So is a long search made of common trigrams that one person
        // matches: the index reads each trigram's whole list of persons
        // (a town's "gra" is in one address in eight), and those lists
        // grow with the book.
        print(
            "\(kind) “\(text)”".padding(toLength: 56, withPad: " ", startingAt: 0),
            times.baseline.formatted(
                .units(allowed: [.microseconds], fractionalPart: .show(length: 1))),
            times.measured.formatted(
                .units(allowed: [.microseconds], fractionalPart: .show(length: 1))),
            String(format: "%6.2f×  grows with the matches", times.measured / times.baseline))
        judge(
            "  against walking every person", baseline: walk, measured: times.measured,
            limit: 0.2)
    } else {
        judge("\(kind) “\(text)”", baseline: times.baseline, measured: times.measured, limit: 3)
    }
}

// The async store: what awaiting a call through the protocol costs over the
// synchronous call on the same store, and how soon a cancelled search stops.
print("\nThe async store at \(persons) persons".padding(toLength: 57, withPad: " ", startingAt: 0))

/// Reads a person through the synchronous form: a synchronous function, so
/// the synchronous overload is the one called.
func directly(_ store: SQLitePersonStore, _ id: Person.ID) throws -> Person? {
    try store.person(withID: id)
}

/// Reads a person through `any PersonStore`, awaited, from a caller that is
/// not on the main actor (as the store's own callers in a task are): the
/// cost of the protocol's `async`, not of a hop to another actor.
nonisolated func throughTheProtocol(_ store: any PersonStore, _ id: Person.ID) async throws
    -> Person?
{
    try await store.person(withID: id)
}

/// `calls` reads each way, taking turns, in a task off the main actor; the
/// median of `rounds` rounds of each.
nonisolated func awaitedAgainstDirect(_ store: SQLitePersonStore, calls: Int, rounds: Int)
    async throws -> (direct: Duration, awaited: Duration)
{
    let ids = (0..<calls).map { _ in Person.ID.random(in: 1...persons) }
    var direct: [Duration] = []
    var awaited: [Duration] = []
    for _ in 0..<rounds {
        var start = ContinuousClock.now
        for id in ids { _ = try directly(store, id) }
        direct.append(ContinuousClock.now - start)
        start = ContinuousClock.now
        for id in ids { _ = try await throughTheProtocol(store, id) }
        awaited.append(ContinuousClock.now - start)
    }
    return (direct.sorted()[rounds / 2] / calls, awaited.sorted()[rounds / 2] / calls)
}
let calls = try await Task.detached {
    try await awaitedAgainstDirect(large, calls: 2_000, rounds: 15)
}
.value
judge(
    "person by id: awaited through the protocol, against direct", baseline: calls.direct,
    measured: calls.awaited, limit: 1.2)

// From the main actor each call also hops to the pool and back: shown, not judged.
var hops: [Duration] = []
for _ in 0..<5 {
    let start = ContinuousClock.now
    for id in 1...500 { _ = try await throughTheProtocol(large, id) }
    hops.append((ContinuousClock.now - start) / 500)
}
print(
    "  awaited from the main actor, hop included".padding(
        toLength: 56, withPad: " ", startingAt: 0),
    hops.sorted()[2].formatted(.units(allowed: [.microseconds], fractionalPart: .show(length: 1))),
    " (shown, not judged)")

// A search that walks every row, cancelled a quarter of the way through: the time from
// `cancel()` to the task's end, measured off the main actor so that no hop
// back to it is counted, against the same search left to finish.
nonisolated func cancelledSearches(_ store: SQLitePersonStore, runs: Int) async throws
    -> (stops: [Duration], stopped: Int, whole: Duration)
{
    let search = { @Sendable in
        try await store.page(matching: "e", from: .offset(persons - 10), limit: 1)
    }
    let whole = try await walkingEveryone(store)
    var stops: [Duration] = []
    var stopped = 0
    for _ in 0..<runs {
        let running = Task { try await search() }
        // A quarter of the way, so that a busy machine oversleeping does not
        // let the search finish before the cancel reaches it.
        try await Task.sleep(for: whole / 4)
        let cancelled = ContinuousClock.now
        running.cancel()
        if case .failure(let error) = await running.result, error is CancellationError {
            stopped += 1
        }
        stops.append(ContinuousClock.now - cancelled)
    }
    return (stops, stopped, whole)
}
let cancelling = try await Task.detached { try await cancelledSearches(large, runs: 7) }.value
// Judged as the median stop against the whole search. A search that ignored
// the cancel would take about 0.75 of it to end; one that heeds it ends as
// soon as its thread is next given the processor, which on a machine busy
// with other work is a scheduling slice of some milliseconds, hence 0.25.
// The slowest stop is shown.
let stops = cancelling.stops.sorted()
judge(
    "a search over every person, cancelled on its way",
    baseline: cancelling.whole, measured: stops[stops.count / 2], limit: 0.25)
print(
    "  \(cancelling.stopped) of 7 stopped; the slowest after \(stops.last?.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 2))) ?? "-") (shown, not judged) \(cancelling.stopped == 7 ? "ok" : "NOT STOPPED")"
)
if cancelling.stopped < 7 { failed = true }
exit(failed ? 1 : 0)

/// A console that keeps only the `next` cursor of each JSON page it is given.
final class CursorConsole: Console, @unchecked Sendable {
    private var next: PageCursor?
    /// One-shot commands read no input.
    let typesAhead = false

    func writeLine(_ text: String, as role: TextRole) {
        let prefix = "  \"next\" : \""
        guard text.hasPrefix(prefix) else { return }
        next = PageCursor(String(text.dropFirst(prefix.count).dropLast(2)))
    }

    /// A page arrives as one block; only its `next` line matters here.
    func writeLines(_ block: String, as role: TextRole) {
        let prefix = "  \"next\" : \""
        guard let start = block.range(of: prefix),
            let end = block[start.upperBound...].firstIndex(of: "\"")
        else { return }
        next = PageCursor(String(block[start.upperBound..<end]))
    }

    func writeErrorLine(_ text: String) {}
    func readLine(prompt: String) -> String? { nil }
    var outputProblem: OutputProblem? { nil }

    func takeNext() -> PageCursor? {
        defer { next = nil }
        return next
    }
}

/// How much the process's peak memory grows while `work` runs, on Linux,
/// where the peak can be reset; `nil` elsewhere.
enum PeakMemory {
    /// This process's peak resident memory in bytes while `work` runs, the
    /// peak first reset to what is resident now; `nil` where it cannot be read.
    static func peak(during work: () async -> Void) async -> Int? {
        #if os(Linux)
            guard
                (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8))
                    != nil
            else { return nil }
            await work()
            guard let peak = kibibytes("VmHWM") else { return nil }
            return peak * 1_024
        #else
            await work()
            return nil
        #endif
    }

    private static func kibibytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}

/// `people list` on a large file against the same on a small one, as whole
/// processes, alternated so both meet the same machine.
struct OpeningComparison {
    let ratio: Double

    init(large: String, folder: URL) throws {
        let small = folder.appendingPathComponent("opening-small.sqlite").path
        _ = try SQLitePersonStore(path: small, startingWith: Person.samples).add(
            contentsOf: try demoDrafts(1_000), addedAt: Date())
        var times: (small: [Duration], large: [Duration]) = ([], [])
        for _ in 0..<31 {
            times.small.append(try Self.time(["--db", small, "list"]))
            times.large.append(try Self.time(["--db", large, "list"]))
        }
        ratio = times.large.sorted()[15] / times.small.sorted()[15]
    }

    private static func time(_ arguments: [String]) throws -> Duration {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("people")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["arguments": arguments])
        }
        return ContinuousClock.now - start
    }
}

/// `people import` of `persons` vCards into a new book, against the sqlite3
/// shell's `.import` of the same rows as CSV into a new book's table (its
/// triggers indexing each row, as the import's do), each a whole process
/// and a new file, one run each.
struct ImportComparison {
    let people: Duration
    let shell: Duration
    var ratio: Double { people / shell }

    init(persons: Int, folder: URL) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("people")
        let added = Date(timeIntervalSince1970: 1_764_000_000.5)
        let cards = folder.appendingPathComponent("import.vcf")
        let rows = folder.appendingPathComponent("import.csv")
        let writer = PersonFileWriter()
        var vcards = ""
        var csv = "id,name,sort_name,address,email,added,card,uid,search_fields\n"
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        for (index, draft) in try demoDrafts(persons).enumerated() {
            let person = Person(
                id: 1_000 + index, name: draft.name, details: draft.details, added: added)
            vcards += writer.line(person, in: .vcard, formulas: .keep, isFirst: index == 0) + "\n"
            csv +=
                "\(person.id),\(quoted(person.name)),\(quoted(person.sortKey.foldedName)),"
                + "\(quoted(person.address)),\(quoted(person.email ?? "")),"
                + "\(added.timeIntervalSince1970),,\(quoted(person.cardID)),"
                + "\(quoted(PersonSearchText.foldedFields(of: person.details)))\n"
        }
        try Data(vcards.utf8).write(to: cards)
        try Data(csv.utf8).write(to: rows)
        let book = folder.appendingPathComponent("imported.sqlite").path
        let target = folder.appendingPathComponent("imported-by-shell.sqlite").path
        // Empty, as a new book `people import` makes is.
        _ = try SQLitePersonStore(path: target)
        var start = ContinuousClock.now
        try Self.run(binary, ["--db", book, "import", cards.path])
        people = ContinuousClock.now - start
        start = ContinuousClock.now
        try Self.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [target, ".import --csv --skip 1 \(rows.path) person"])
        shell = ContinuousClock.now - start
        guard try SQLitePersonStore(path: book).count(matching: "") == persons,
            try SQLitePersonStore(path: target).count(matching: "") == persons
        else { throw CocoaError(.fileReadCorruptFile, userInfo: ["book": book]) }
    }

    private static func run(_ program: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["program": program.path])
        }
    }
}

/// `people seed N` and the sqlite3 shell inserting the same N rows, timed as
/// whole processes, with the seed's peak memory.
struct BulkWriteComparison {
    let shell: Duration
    let seed: Duration
    let seedPeakKiB: Int
    /// The peak of `people seed 1003`: what the program needs at all.
    let smallSeedPeakKiB: Int
    /// The file `people seed` filled.
    let seededPath: String

    /// Runs both; `nil` when sqlite3 or the `people` binary is missing.
    init?(persons: Int, folder: URL) throws {
        let people = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("people")
        let shell = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let files = FileManager.default
        guard files.isExecutableFile(atPath: people.path),
            files.isExecutableFile(atPath: shell.path)
        else { return nil }
        // Spawned and waited for by hand, so the peak memory read is this
        // child's own, not the largest of every child this process (or the
        // `swift run` it replaced) ever waited for.
        let seeded = folder.appendingPathComponent("seeded.sqlite").path
        seededPath = seeded
        let seedStart = ContinuousClock.now
        seedPeakKiB = try Self.runMeasuringMemory(
            people.path, ["--db", seeded, "seed", String(persons)])
        seed = ContinuousClock.now - seedStart
        smallSeedPeakKiB = try Self.runMeasuringMemory(
            people.path,
            ["--db", folder.appendingPathComponent("seeded-small.sqlite").path, "seed", "1003"])
        // The same schema, filled by the shell from a script of INSERTs.
        let target = folder.appendingPathComponent("shell.sqlite").path
        _ = try SQLitePersonStore(path: target, startingWith: Person.samples)
        // At most 50,000 rows, judged per row: each row's triggers index and
        // count it, so a million would take the shell ten minutes of CI (and
        // 200,000, the limit until 2026-11-28, took a hundred seconds of
        // it), and fewer rows make each cheaper for the shell, not for the
        // seed, so the judgement is only stricter.
        let script = folder.appendingPathComponent("rows.sql")
        let shellRows = min(persons, 50_000)
        try Self.writeScript(persons: shellRows, to: script)
        let shellStart = ContinuousClock.now
        try Self.run(shell, [target], input: script)
        self.shell = (ContinuousClock.now - shellStart) * (Double(persons) / Double(shellRows))
    }

    /// Runs `program` to its end and returns its peak memory in KiB.
    private static func runMeasuringMemory(_ program: String, _ arguments: [String]) throws -> Int {
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, program, nil, nil, argv, environ) == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["program": program])
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["program": program])
        }
        // Linux counts in KiB, macOS in bytes.
        #if os(macOS)
            return Int(usage.ru_maxrss) / 1_024
        #else
            return Int(usage.ru_maxrss)
        #endif
    }

    private static func run(_ program: URL, _ arguments: [String], input: URL? = nil) throws {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["program": program.path])
        }
    }

    /// One transaction of one INSERT per demo person, as `people seed` adds them.
    private static func writeScript(persons: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        var chunk = "BEGIN;\n"
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        for draft in DemoPersons.drafts(count: persons) {
            let email = draft.email.isEmpty ? "NULL" : quoted(draft.email)
            chunk +=
                "INSERT INTO person (name, sort_name, address, email, added) VALUES ("
                + "\(quoted(draft.name)), \(quoted(PersonSortKey.fold(draft.name))), "
                + "\(quoted(draft.address)), \(email), 0);\n"
            if chunk.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try file.write(contentsOf: Data((chunk + "COMMIT;\n").utf8))
    }
}
