import Features
import Foundation

/// Reads persons from CSV, JSON or vCard files and downloads for `--import`.
///
/// A vCard file (`.vcf`, or text starting `BEGIN:VCARD`) is read by
/// ``VCardReader``, in any version and character set it names.
/// CSV needs a header row naming its columns — `name` (required), `address`
/// and `email`, in any order — and quotes fields the usual way (`"a, b"`,
/// `""` for a quote). JSON is a list of objects with the same keys. The file
/// must be UTF-8 text (a byte order mark, as spreadsheet programs write, is
/// fine); which format it is, is read from its content — a file starting
/// with `[` or `{` is JSON — or from a `.json` name. Every person is checked
/// like one typed in; the first problem stops the import with one line
/// naming the file and the line (or, in JSON, the entry).
public enum PersonImport {
    /// One read-only store per source, with ids that count down from -1
    /// across all the sources, in the order given, so they never meet the
    /// positive ids of a database.
    ///
    /// The sources are read at the same time — files and downloads alike —
    /// the way an aggregating service asks all its backends at once: the
    /// slowest source sets the time, not the sum of them. The first source
    /// that fails cancels the others and is the one error reported.
    ///
    /// - Parameters:
    ///   - sources: the files and URLs, as the user named them.
    ///   - read: reads a source's bytes (the disk or the network, in the app).
    ///   - added: the date imported persons are shown as added.
    /// - Throws: ``Features/UsageError`` naming the source and the line, or
    ///   the reader's error naming the source.
    public static func stores(
        from sources: [String], read: @escaping @Sendable (String) async throws -> Data,
        added: Date
    ) async throws -> [ReadOnlyPersonStore] {
        let contents = try await withThrowingTaskGroup(of: (Int, [ValidatedDraft]).self) {
            group in
            var waiting = sources.enumerated().makeIterator()
            func readNext() {
                guard let (index, source) = waiting.next() else { return }
                group.addTask {
                    let data = try await read(source)
                    try Task.checkCancellation()
                    return (
                        index, try drafts(in: data, name: InertText.clipped(source, limit: 120))
                    )
                }
            }
            // At most this many at once, however many sources are named:
            // each download holds a thread while it runs.
            for _ in 0..<Self.readsAtOnce { readNext() }
            var all = [[ValidatedDraft]](repeating: [], count: sources.count)
            for try await (index, read) in group {
                all[index] = read
                readNext()
            }
            return all
        }
        var nextID = -1
        var stores: [ReadOnlyPersonStore] = []
        for (source, drafts) in zip(sources, contents) {
            let persons = drafts.enumerated().map { offset, draft in
                Person(
                    id: nextID - offset, name: draft.name, details: draft.details, added: added,
                    source: source)
            }
            nextID -= drafts.count
            stores.append(ReadOnlyPersonStore(persons: persons, source: source))
        }
        return stores
    }

    /// How many sources are read at the same time: enough that a few slow
    /// servers do not queue behind each other, few enough that hundreds of
    /// `--import`s never exhaust the threads the downloads hold.
    static let readsAtOnce = 8

    /// The most persons one source may hold: what the import byte limit
    /// holds at ordinary row lengths.
    public static let personLimit = 200_000

    /// The checked drafts in a file's contents: vCard when
    /// ``VCardReader/isVCard(_:name:)`` says so, JSON when the text starts
    /// with `[` or `{` or the name ends in `.json`, CSV otherwise.
    ///
    /// - Parameters:
    ///   - data: the file's bytes, which must be UTF-8 unless vCard.
    ///   - name: the file as messages show it.
    public static func drafts(in data: Data, name: String) throws(UsageError) -> [ValidatedDraft] {
        if VCardReader.isVCard(data, name: name) {
            return try VCardReader.read(data, name: name).cards.map(\.draft)
        }
        let text = try ImportText.decode(data, name: name)
        let start = text.first { !$0.isWhitespace }
        let isJSON = start == "[" || start == "{" || name.lowercased().hasSuffix(".json")
        return isJSON
            ? try jsonDrafts(Data(text.utf8), name: name) : try csvDrafts(text, name: name)
    }

    private static func csvDrafts(_ text: String, name: String) throws(UsageError)
        -> [ValidatedDraft]
    {
        // The header, and at most `personLimit` persons: a row of one
        // letter costs hundreds of bytes once read, so the byte limit alone
        // would let a small file fill the memory.
        let records = try CSVRecords.parse(text, name: name, limit: personLimit + 1)
        guard let header = records.first else {
            throw UsageError("\(name): the file is empty; expected a header row")
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var seen: Set<String> = []
        for column in columns {
            guard PersonField(rawValue: column) != nil else {
                throw UsageError(
                    "\(name):\(header.line): unknown column \(InertText.quoted(column)) (expected name, address, email)"
                )
            }
            guard seen.insert(column).inserted else {
                throw UsageError(
                    "\(name):\(header.line): the column '\(column)' appears twice; which one counts?"
                )
            }
        }
        guard columns.contains("name") else {
            throw UsageError("\(name):\(header.line): the header row needs a 'name' column")
        }
        var drafts: [ValidatedDraft] = []
        for record in records.dropFirst() {
            guard record.fields.count == columns.count else {
                throw UsageError(
                    "\(name):\(record.line): expected \(columns.count) fields, found \(record.fields.count)"
                )
            }
            var draft = PersonDraft()
            for (column, value) in zip(columns, record.fields) {
                if let field = PersonField(rawValue: column) { draft[field] = value }
            }
            drafts.append(try checked(draft, at: "\(name):\(record.line)"))
        }
        return drafts
    }

    private static func jsonDrafts(_ data: Data, name: String) throws(UsageError)
        -> [ValidatedDraft]
    {
        if data.first(where: { !Character(UnicodeScalar($0)).isWhitespace }) == UInt8(ascii: "{") {
            throw UsageError(
                "\(name): holds one JSON object; expected a list of persons like [{\"name\": \"Ada\"}]"
            )
        }
        let entries: [[String: String?]]
        do {
            entries = try JSONDecoder().decode([[String: String?]].self, from: data)
        } catch {
            throw UsageError(
                "\(name): expected a JSON list of persons like [{\"name\": \"Ada\"}] (\(describe(error)))"
            )
        }
        guard entries.count <= personLimit else {
            throw UsageError(
                "\(name): more than \(personLimit) persons, the most people reads from one file")
        }
        var drafts: [ValidatedDraft] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(name): person \(index + 1)"
            for key in entry.keys.sorted() where PersonField(rawValue: key) == nil {
                throw UsageError(
                    "\(place): unknown key \(InertText.quoted(key)) (expected name, address, email)"
                )
            }
            let draft = PersonDraft(
                name: (entry["name"] ?? nil) ?? "", address: (entry["address"] ?? nil) ?? "",
                email: (entry["email"] ?? nil) ?? "")
            drafts.append(try checked(draft, at: place))
        }
        return drafts
    }

    private static func checked(_ draft: PersonDraft, at place: String) throws(UsageError)
        -> ValidatedDraft
    {
        do {
            return try draft.validated()
        } catch {
            throw UsageError("\(place): \(error)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map {
                $0.intValue.map { "person \($0 + 1)" } ?? "'\($0.stringValue)'"
            }
            return InertText.clipped(
                "\(path.joined(separator: ", ")): \(context.debugDescription)", limit: 160)
        case DecodingError.dataCorrupted(let context):
            let detail =
                (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
                as? String
            return InertText.clipped(detail ?? context.debugDescription, limit: 120)
        default:
            return "unreadable"
        }
    }
}
