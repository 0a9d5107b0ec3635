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
    ///
    /// The scheme is taken in any case, and handed on in lower case, the
    /// only case the client library reads.
    public init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://"),
            ["postgresql", "postgres"].contains(text[..<schemeEnd.lowerBound].lowercased())
        else { return nil }
        conninfo = text[..<schemeEnd.lowerBound].lowercased() + text[schemeEnd.lowerBound...]
    }

    /// Why the client library would read this address otherwise than it
    /// was meant, exposing part of a password in what it says; `nil` when
    /// it reads as written.
    ///
    /// A password's `@` or `/` must be percent-encoded (`%40`, `%2F`): the
    /// library takes the first `@` before any `/` as the end of the user
    /// part, so `ada:p@ss@host` or `ada:se/cret@host` would name part of the
    /// password as the host.
    public var problem: String? {
        guard let schemeEnd = conninfo.range(of: "://") else { return nil }
        let rest = conninfo[schemeEnd.upperBound...]
        let beforeOptions = rest.prefix { $0 != "?" }
        let authority = beforeOptions.prefix { $0 != "/" }
        let ats = authority.filter { $0 == "@" }.count
        let atAfterSlash = beforeOptions.dropFirst(authority.count).contains("@")
        guard ats > 1 || atAfterSlash else { return nil }
        return "an @ or / in a password must be written %40 or %2F"
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
        return Self.masked(conninfo)
    }

    /// `text` — an address, or anything given where one could be — with
    /// every password hidden, read the way the client library reads it.
    ///
    /// The user part ends at the first `@` before any `/`, as the library
    /// reads it, so a password holding `?` or `:` is hidden whole; an option
    /// is a password whatever its key's case or percent-encoding; and a
    /// `password=` in `key=value` form is hidden too.
    public static func masked(_ text: String) -> String {
        var rest = Substring(text)
        var shown = ""
        if let schemeEnd = rest.range(of: "://") {
            shown += rest[..<schemeEnd.upperBound]
            rest = rest[schemeEnd.upperBound...]
            let userEnd = rest.firstIndex { $0 == "@" || $0 == "/" }
            if let userEnd, rest[userEnd] == "@" {
                let user = rest[..<userEnd]
                shown += user.firstIndex(of: ":").map { "\(user[..<$0]):***" } ?? String(user)
                rest = rest[userEnd...]
            }
            if let question = rest.firstIndex(of: "?") {
                shown += rest[..<question]
                rest = rest[question...]
            } else {
                shown += rest
                rest = ""
            }
        }
        // Options: `?key=value&…` in an address, `key=value …` otherwise.
        var option = ""
        func flush() {
            let key = option.prefix { $0 != "=" }
            let name = (key.removingPercentEncodingFallback).lowercased()
                .trimmingCharacters(in: .whitespaces)
            let isPassword = name.hasSuffix("password") && option.contains("=")
            shown += isPassword ? "\(key)=***" : option
            option = ""
        }
        for character in rest {
            if character == "&" || character == "?" || character == " " {
                flush()
                shown.append(character)
            } else {
                option.append(character)
            }
        }
        flush()
        return InertText.clipped(shown, limit: 200)
    }
}

extension Substring {
    /// The text with `%XX` escapes decoded where they form valid UTF-8;
    /// itself otherwise.
    fileprivate var removingPercentEncodingFallback: String {
        var bytes: [UInt8] = []
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            if character == "%", let end = self.index(index, offsetBy: 3, limitedBy: endIndex),
                let byte = UInt8(self[self.index(after: index)..<end], radix: 16)
            {
                bytes.append(byte)
                index = end
            } else {
                bytes.append(contentsOf: character.utf8)
                index = self.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(self)
    }
}
