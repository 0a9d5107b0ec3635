import Foundation

/// Carries out `people import FILE|URL [--dry-run]`: stores a file's
/// contacts in the book, skipping those it already holds.
///
/// The file is read and every contact checked before the store is opened:
/// one bad record names its line and nothing is stored. The book is then
/// read once for what it holds — card ids and preferred emails — and a
/// contact is skipped when it is already there:
///
/// - its card id (``ImportedContact/cardID``) is a stored person's
///   ``Person/cardID``; or, when the file gives it none,
/// - its preferred email is a stored person's preferred email, compared
///   without regard to case.
///
/// A contact met twice in the same file counts as already there the second
/// time. The rest are stored: a contact whose file gives its id and date
/// (an export of this program) is put back under that id when the id is
/// free, so an export restored into an empty book is the book exported;
/// every other contact is added, keeping its card id. All of it is one
/// transaction: an import the store cannot keep whole stores no one.
@MainActor
public final class ContactImport: Application {
    private let source: String
    private let dryRun: Bool
    private let readContacts: ContactReader
    private let storeProvider: PersonStoreProvider
    private let clock: @Sendable () -> Date
    private let progress: any ProgressLine
    private let console: any Console

    /// Stores what to import and what with; reads nothing yet.
    ///
    /// - Parameters:
    ///   - source: the file or URL, as the user named it.
    ///   - dryRun: say what would be stored, and store nothing.
    ///   - readContacts: reads and checks the source's contacts (the
    ///     file-format edge, through the disk or the network).
    ///   - storeProvider: opens the store, once the file has been read.
    ///   - clock: the date contacts without one are added at.
    ///   - progress: the count shown while many contacts are stored.
    ///   - console: where the result goes, and an error as one line.
    public init(
        source: String, dryRun: Bool, readContacts: @escaping ContactReader,
        storeProvider: @escaping PersonStoreProvider, clock: @escaping @Sendable () -> Date,
        progress: any ProgressLine, console: any Console
    ) {
        self.source = source
        self.dryRun = dryRun
        self.readContacts = readContacts
        self.storeProvider = storeProvider
        self.clock = clock
        self.progress = progress
        self.console = console
    }

    /// From how many contacts on the progress line is shown: a smaller file
    /// is stored before anyone would read it.
    public static let progressFrom = 1_000

    public func run() async -> ExitCode {
        do {
            let file = try await readContacts(source)
            let contacts = file.contacts
            let store = try storeProvider()
            let plan = try await Self.plan(contacts, against: store)
            let skipped = contacts.count - plan.restored.count - plan.added.count
            var skippedText = "\(skipped) skipped as already in the book (same card id or email)"
            if let leftOut = file.leftOutSummary {
                skippedText += "; left out, having no field here: \(leftOut)"
            }
            if dryRun {
                console.writeLine(
                    "would add \(plan.restored.count + plan.added.count), \(skippedText); nothing was stored (--dry-run)"
                )
                return console.settle(.success)
            }
            let added = try await self.store(plan, in: store)
            console.writeLine("\(added) added, \(skippedText)")
            return console.settle(.success)
        } catch let error as UsageError {
            console.writeErrorLine("people: \(error)")
            return console.settle(.usage)
        } catch {
            console.writeErrorLine("people: \(error)")
            return console.settle(.failure)
        }
    }

    /// The highest id a contact is put back under, 2^53.
    ///
    /// A contact with a higher id is added anew. 2^53 is far beyond any id
    /// a book gives (and what every JSON reader keeps exact), far below the
    /// last: a file holding the last id there is would leave the book no id
    /// for its next person.
    public static let highestRestoredID: Person.ID = 1 << 53

    /// What an import of `contacts` does to a book: who is put back under
    /// their own id, who is added anew, in the file's order.
    struct Plan {
        var restored: [Person] = []
        var added: [ValidatedDraft] = []
    }

    /// Sorts `contacts` into those to put back, those to add and those
    /// skipped (left out of both), by what `store` holds now.
    static func plan(_ contacts: [ImportedContact], against store: any PersonStore)
        async throws -> Plan
    {
        let held = Locked(Held())
        try await store.forEachPage(matching: "", pageSize: 1_000) { page in
            held.withLock { held in
                for person in page {
                    held.ids.insert(person.id)
                    held.cardIDs.insert(person.cardID)
                    if let email = person.email { held.emails.insert(email.lowercased()) }
                }
            }
            return true
        }
        var book = held.withLock { $0 }
        var plan = Plan()
        for contact in contacts {
            if let cardID = contact.cardID {
                guard book.cardIDs.insert(cardID).inserted else { continue }
            } else if let email = contact.draft.email?.lowercased() {
                guard !book.emails.contains(email) else { continue }
            }
            if let email = contact.draft.email { book.emails.insert(email.lowercased()) }
            if let person = contact.restored, (1...highestRestoredID).contains(person.id),
                book.ids.insert(person.id).inserted
            {
                plan.restored.append(person)
            } else {
                plan.added.append(contact.draftKeepingCardID)
            }
        }
        return plan
    }

    /// What the book holds that a contact may match.
    private struct Held: Sendable {
        var ids: Set<Person.ID> = []
        var cardIDs: Set<String> = []
        var emails: Set<String> = []
    }

    /// Stores `plan` in `store` in one transaction: the persons put back,
    /// then the rest; the count shown on the progress line for a large
    /// file, as the new persons stream to the store.
    ///
    /// - Returns: how many persons were stored.
    private func store(_ plan: Plan, in store: any PersonStore) async throws -> Int {
        let total = plan.restored.count + plan.added.count
        guard total > 0 else { return 0 }
        let progress: any ProgressLine =
            total >= Self.progressFrom ? self.progress : NoProgressLine()
        defer { progress.end() }
        let drafts = Self.counting(
            plan.added, after: plan.restored.count, of: total, on: progress)
        return try await store.putBack(plan.restored, adding: drafts, addedAt: clock())
    }

    /// `drafts`, showing on `progress` how many are stored as the store
    /// reads them, after the `done` put back first.
    ///
    /// Not isolated to the main actor: the store reads the sequence on its
    /// own thread.
    nonisolated private static func counting(
        _ drafts: [ValidatedDraft], after done: Int, of total: Int, on progress: any ProgressLine
    ) -> some Sequence<ValidatedDraft> {
        drafts.enumerated().lazy.map { index, draft in
            let stored = done + index + 1
            if stored % 100 == 0 { progress.show(stored, of: total) }
            return draft
        }
    }
}
