/// Where the server store's database is: a `postgresql://` (or
/// `postgres://`) address, as `psql` takes it.
///
/// Kept whole, because the server's client library reads every part of it
/// (host, port, user, database, options such as `sslmode`), and what it
/// leaves out comes from the same places as for `psql` (`PGHOST`, `PGUSER`,
/// `~/.pgpass`, …). An address may hold a password, so whatever shows it —
/// the settings screen, `--debug`, an error — shows ``shown`` instead.
public struct ServerAddress: Sendable, Equatable {
    /// The address as given: for the client library only, never for a person.
    public let conninfo: String

    /// An address given as `--db`, `PEOPLE_DB` or the file's `database`,
    /// when it is a server's rather than a file's; `nil` for a file path.
    public init?(_ text: String) {
        let lowered = text.prefix(13).lowercased()
        guard lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") else {
            return nil
        }
        conninfo = text
    }

    /// No address at all: the client library's defaults, as `psql` with no
    /// arguments uses (`--store postgresql` alone).
    public static let defaults = ServerAddress(conninfo: "")

    private init(conninfo: String) {
        self.conninfo = conninfo
    }

    /// The address with any password replaced by `***` — in the user part
    /// (`user:secret@host`) or as a `password=` option — inert and clipped,
    /// as every message and screen shows it.
    public var shown: String {
        guard !conninfo.isEmpty else { return "the PostgreSQL defaults (PGHOST, PGDATABASE, …)" }
        guard let schemeEnd = conninfo.range(of: "://") else { return "postgresql://…" }
        let rest = conninfo[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at]
            if let colon = user.firstIndex(of: ":") {
                authority = "\(user[..<colon]):***\(authority[at...])"
            }
        }
        var tail = String(rest[authorityEnd...])
        if let question = tail.firstIndex(of: "?") {
            let options = tail[tail.index(after: question)...].split(
                separator: "&", omittingEmptySubsequences: false
            ).map { option in
                let key = option.prefix(while: { $0 != "=" })
                return key.lowercased() == "password" ? "\(key)=***" : String(option)
            }
            tail = "\(tail[..<question])?\(options.joined(separator: "&"))"
        }
        let scheme = conninfo[..<schemeEnd.upperBound]
        return InertText.clipped("\(scheme)\(authority)\(tail)", limit: 200)
    }
}
