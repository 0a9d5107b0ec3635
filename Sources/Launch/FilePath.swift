import Features

/// Checks a file name that came from outside — a flag, an environment
/// variable, a configuration file — before anything opens it.
///
/// An empty name is the dangerous one: SQLite opens a private temporary
/// database for `""`, and for `":memory:"`, so a command would report
/// success for a write that is gone when the process ends. Both are refused
/// here, naming where the value came from, as is a NUL character, which
/// would silently cut the name short.
enum FilePath {
    /// `text`, checked as the name of a file to read.
    ///
    /// - Parameter source: where it came from, for the message: `--db`,
    ///   `PEOPLE_DB`, or a configuration file and its key.
    static func checked(_ text: String, from source: String) throws(UsageError) -> String {
        if text.isEmpty {
            throw UsageError("\(source): the file name is empty")
        }
        if let control = text.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control
        }) {
            // A server's address may hold a password: shown hidden, and
            // text that names one in another form not at all.
            let shown =
                ServerAddress(text)?.shown
                ?? (text.lowercased().contains("password") ? "the value" : InertText.quoted(text))
            throw UsageError(
                "\(source): \(shown) contains the control character \(InertText.codePoint(control))"
            )
        }
        return text
    }

    /// `text`, checked as the SQLite file to keep persons in.
    static func checkedDatabase(_ text: String, from source: String) throws(UsageError) -> String {
        let path = try checked(text, from: source)
        if path == ":memory:" {
            throw UsageError(
                "\(source): ':memory:' is SQLite's temporary database, which keeps nothing; use --store memory for that"
            )
        }
        return path
    }

    /// A file name as messages show it: inert and cut to a readable length.
    static func shown(_ path: String) -> String {
        InertText.clipped(path, limit: 120)
    }
}
