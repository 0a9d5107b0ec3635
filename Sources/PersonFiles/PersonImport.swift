import Features
import Foundation

/// Reads persons from CSV, JSON or vCard files and downloads, for `--import` (a
/// read-only source beside the book) and `people import` (stored in it).
///
/// The program's own CSV needs a header row naming its columns — `name`
/// (required), then any of the other fields (`email`, `phone`, `address`,
/// `city`, …), `uid`, `id` and `added`, in any order: what `people export`
/// writes, so an older export (name, address, email) still reads — and
/// quotes fields the usual way (`"a, b"`, `""` for a quote). JSON is a list
/// of objects with the same keys. A header Google Contacts or Outlook
/// writes is read by `ForeignCSV`. The file must be UTF-8 text (a byte
/// order mark, as spreadsheet programs write, is fine); which format it is,
/// is read from its content or its name (``contacts(in:name:)``). Every
/// person is checked like one typed in; the first problem stops the import
/// with one line naming the file and the line (or, in JSON, the entry).
/// A vCard file (`.vcf`, `.vcard`, or text starting `BEGIN:VCARD`) is read by
/// ``VCardReader``, in any version and character set it names.
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

    /// The checked drafts in a file's contents, as `--import` shows them
    /// (``contacts(in:name:)`` without the ids and dates).
    ///
    /// - Parameters:
    ///   - data: the file's bytes, which must be UTF-8 unless vCard.
    ///   - name: the file as messages show it.
    public static func drafts(in data: Data, name: String) throws(UsageError) -> [ValidatedDraft] {
        try contacts(in: data, name: name).map(\.draft)
    }

    /// The checked contacts in a file's contents, with the id and date each
    /// had where the file gives them: what `people import` stores.
    ///
    /// The one place a file's format is chosen, from its name and its
    /// content: vCard when ``VCardReader/isVCard(_:name:)`` says so (a
    /// `.vcf` or `.vcard` name, or text starting `BEGIN:VCARD`); else JSON
    /// when the text starts with `[` or `{` or the name ends in `.json`;
    /// else CSV — the program's own columns, or the ones Google Contacts
    /// and Outlook write (`ForeignCSV`).
    ///
    /// - Parameters:
    ///   - data: the file's bytes, which must be UTF-8 unless vCard.
    ///   - name: the file as messages show it.
    /// - Throws: ``Features/UsageError`` naming the file and the line (or
    ///   the JSON entry) of the first bad record.
    public static func contacts(in data: Data, name: String) throws(UsageError)
        -> [ImportedContact]
    {
        try file(in: data, name: name).contacts
    }

    /// ``contacts(in:name:)`` with what the file held that a card here has
    /// no field for: a vCard's photos and other properties, counted by
    /// name (a CSV's columns are all read, or named as unknown).
    public static func file(in data: Data, name: String) throws(UsageError) -> ImportedFile {
        // Before the text is decoded: a vCard 2.1 file may name another
        // character set than UTF-8.
        if VCardReader.isVCard(data, name: name) {
            let file = try VCardReader.read(data, name: name)
            var leftOut = file.skipped
            if file.photosSkipped > 0 { leftOut["PHOTO"] = file.photosSkipped }
            return ImportedFile(
                contacts: file.cards.map { card in
                    ImportedContact(
                        draft: card.draft, id: card.id, added: card.added,
                        place: "\(name):\(card.line)")
                }, leftOut: leftOut)
        }
        let text = try ImportText.decode(data, name: name)
        let start = text.first { !$0.isWhitespace }
        if start == "[" || start == "{" || name.lowercased().hasSuffix(".json") {
            return ImportedFile(contacts: try jsonContacts(Data(text.utf8), name: name))
        }
        return ImportedFile(contacts: try csvContacts(text, name: name))
    }

    /// A reader of every contact in a source, for `people import`: the
    /// source's bytes through `read` (the disk or the network), then
    /// ``file(in:name:)``.
    public static func contactReader(
        reading read: @escaping @Sendable (String) async throws -> Data
    ) -> ContactReader {
        { source in
            try file(in: try await read(source), name: InertText.clipped(source, limit: 120))
        }
    }

    private static func csvContacts(_ text: String, name: String) throws(UsageError)
        -> [ImportedContact]
    {
        // The header, and at most `personLimit` persons: a row of one
        // letter costs hundreds of bytes once read, so the byte limit alone
        // would let a small file fill the memory.
        let records = try CSVRecords.parse(text, name: name, limit: personLimit + 1)
        guard let header = records.first else {
            throw UsageError("\(name): the file is empty; expected a header row")
        }
        let titles = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        if let foreign = ForeignCSV(header: titles) {
            return try records.dropFirst().map { (record) throws(UsageError) in
                let place = "\(name):\(record.line)"
                try requireFields(record, count: titles.count, at: place)
                return ImportedContact(
                    draft: try checked(foreign.draft(of: record.fields), at: place), id: nil,
                    added: nil, place: place)
            }
        }
        var columns: [ContactColumn] = []
        for title in titles {
            guard let column = ContactColumn(name: title) else {
                throw UsageError(
                    "\(name):\(header.line): unknown column \(InertText.quoted(title.lowercased())) (expected \(ContactColumn.names))"
                )
            }
            guard !columns.contains(column) else {
                throw UsageError(
                    "\(name):\(header.line): the column '\(column.name)' appears twice; which one counts?"
                )
            }
            columns.append(column)
        }
        guard columns.contains(.field(.name)) else {
            throw UsageError("\(name):\(header.line): the header row needs a 'name' column")
        }
        var contacts: [ImportedContact] = []
        for record in records.dropFirst() {
            let place = "\(name):\(record.line)"
            try requireFields(record, count: columns.count, at: place)
            contacts.append(
                try contact(
                    Dictionary(uniqueKeysWithValues: zip(columns, record.fields)), at: place))
        }
        return contacts
    }

    private static func requireFields(_ record: CSVRecords.Record, count: Int, at place: String)
        throws(UsageError)
    {
        guard record.fields.count == count else {
            throw UsageError("\(place): expected \(count) fields, found \(record.fields.count)")
        }
    }

    /// One contact of the program's own CSV or JSON, checked.
    ///
    /// A card id this book makes of the id and the date (``Features/Person/cardID``)
    /// is not written into the card: put back with them, the person has it
    /// again, as the exported person had.
    private static func contact(_ values: [ContactColumn: String], at place: String)
        throws(UsageError) -> ImportedContact
    {
        var draft = PersonDraft(
            texts: [:], uid: (values[.uid] ?? "").trimmingCharacters(in: .whitespaces))
        for case (.field(let field), let text) in values { draft[field] = text }
        let id = try values[.id].flatMap { (text) throws(UsageError) in
            try personID(text, at: place)
        }
        let added = try values[.added].flatMap { (text) throws(UsageError) in
            try date(text, at: place)
        }
        if let id, let added,
            draft.uid == Person(id: id, name: "", details: ContactDetails(), added: added).cardID
        {
            draft.uid = ""
        }
        return ImportedContact(
            draft: try checked(draft, at: place), id: id, added: added, place: place)
    }

    /// The id in an `id` column: `nil` when empty, or not a stored
    /// person's (an id at or below 0 is an imported person's).
    private static func personID(_ text: String, at place: String) throws(UsageError)
        -> Person.ID?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D }),
            let id = Int(trimmed)
        else {
            throw UsageError("\(place): id \(InertText.quoted(trimmed)) is not a whole number")
        }
        return id > 0 ? id : nil
    }

    /// The date in an `added` column: `nil` when empty.
    private static func date(_ text: String, at place: String) throws(UsageError) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let date = ISODate.date(trimmed) else {
            throw UsageError(
                "\(place): added \(InertText.quoted(trimmed)) is not \(ISODate.expected)"
            )
        }
        return date
    }

    private static func jsonContacts(_ data: Data, name: String) throws(UsageError)
        -> [ImportedContact]
    {
        if data.first(where: { !Character(UnicodeScalar($0)).isWhitespace }) == UInt8(ascii: "{") {
            throw UsageError(
                "\(name): holds one JSON object; expected a list of persons like [{\"name\": \"Ada\"}]"
            )
        }
        let entries: [[String: JSONCell]]
        do {
            entries = try JSONDecoder().decode([[String: JSONCell]].self, from: data)
        } catch {
            throw UsageError(
                "\(name): expected a JSON list of persons like [{\"name\": \"Ada\"}] (\(describe(error)))"
            )
        }
        guard entries.count <= personLimit else {
            throw UsageError(
                "\(name): more than \(personLimit) persons, the most people reads from one file")
        }
        var contacts: [ImportedContact] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(name): person \(index + 1)"
            var values: [ContactColumn: String] = [:]
            for key in entry.keys.sorted() {
                guard let column = ContactColumn(name: key), column.name == key else {
                    throw UsageError(
                        "\(place): unknown key \(InertText.quoted(key)) (expected \(ContactColumn.names))"
                    )
                }
                switch entry[key] {
                case .text(let text)?: values[column] = text
                case .number(let number)? where column == .id: values[column] = String(number)
                case .null?, nil: break
                case .number?:
                    throw UsageError(
                        "\(name): expected a JSON list of persons like [{\"name\": \"Ada\"}] (\(place), '\(key)': expected text, found a number)"
                    )
                }
            }
            contacts.append(try contact(values, at: place))
        }
        return contacts
    }

    /// A value in a JSON entry: text, a whole number (an id), or `null`.
    private enum JSONCell: Decodable {
        case text(String)
        case number(Int)
        case null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
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
