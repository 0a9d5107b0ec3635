import Foundation

/// Reads persons from a CSV or JSON file for `--import`.
///
/// CSV needs a header row naming its columns — `name` (required), `address`
/// and `email`, in any order — and quotes fields the usual way (`"a, b"`,
/// `""` for a quote). JSON is a list of objects with the same keys. Every
/// person is checked like one typed in; the first problem stops the import
/// with one line naming the file and the line (or, in JSON, the entry).
public enum PersonImport {
    /// One read-only store per file, with ids that count down from -1 across
    /// all the files, so they never meet the positive ids of a database.
    ///
    /// - Parameters:
    ///   - paths: the files, as the user named them.
    ///   - read: reads a file's bytes (the disk, in the app).
    ///   - added: the date imported persons are shown as added.
    /// - Throws: ``UsageError`` naming the file and the line.
    public static func stores(
        from paths: [String], read: (String) throws(UsageError) -> Data = Invocation.readFile,
        added: Date
    ) throws(UsageError) -> [ReadOnlyPersonStore] {
        var nextID = -1
        var stores: [ReadOnlyPersonStore] = []
        for path in paths {
            let drafts = try drafts(in: read(path), name: path)
            let persons = drafts.enumerated().map { offset, draft in
                Person(
                    id: nextID - offset, name: draft.name, address: draft.address,
                    email: draft.storedEmail,
                    added: added, source: path)
            }
            nextID -= drafts.count
            stores.append(ReadOnlyPersonStore(persons: persons, source: path))
        }
        return stores
    }

    /// The checked drafts in a file's contents, read as JSON when the file
    /// starts with `[`, as CSV otherwise.
    public static func drafts(in data: Data, name: String) throws(UsageError) -> [PersonDraft] {
        let text = String(decoding: data, as: UTF8.self)
        let isJSON = text.first { !$0.isWhitespace } == "["
        return isJSON ? try jsonDrafts(data, name: name) : try csvDrafts(text, name: name)
    }

    private static func csvDrafts(_ text: String, name: String) throws(UsageError) -> [PersonDraft]
    {
        let records = try CSVRecords.parse(text, name: name)
        guard let header = records.first else {
            throw UsageError("\(name): the file is empty; expected a header row")
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for column in columns where PersonField(rawValue: column) == nil {
            throw UsageError(
                "\(name):\(header.line): unknown column '\(column)' (expected name, address, email)"
            )
        }
        guard columns.contains("name") else {
            throw UsageError("\(name):\(header.line): the header row needs a 'name' column")
        }
        var drafts: [PersonDraft] = []
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

    private static func jsonDrafts(_ data: Data, name: String) throws(UsageError) -> [PersonDraft] {
        let entries: [[String: String?]]
        do {
            entries = try JSONDecoder().decode([[String: String?]].self, from: data)
        } catch {
            throw UsageError(
                "\(name): expected a JSON list of persons like [{\"name\": \"Ada\"}] (\(describe(error)))"
            )
        }
        var drafts: [PersonDraft] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(name): person \(index + 1)"
            for key in entry.keys.sorted() where PersonField(rawValue: key) == nil {
                throw UsageError("\(place): unknown key '\(key)' (expected name, address, email)")
            }
            let draft = PersonDraft(
                name: (entry["name"] ?? nil) ?? "", address: (entry["address"] ?? nil) ?? "",
                email: (entry["email"] ?? nil) ?? "")
            drafts.append(try checked(draft, at: place))
        }
        return drafts
    }

    private static func checked(_ draft: PersonDraft, at place: String) throws(UsageError)
        -> PersonDraft
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
