/// One token of SQL, as SQLite's own tokenizer splits it: how the store
/// reads what another program's trigger does.
///
/// A trigger's text is the other program's to spell. `UPDATE/**/person`,
/// `UPDATE "person"`, `UPDATE [Person]` and `update -- why\n person` all
/// write the same table, and a pattern over the text missed each in turn.
/// SQLite reads comments as space, quotes around a name as part of no
/// name, and names whatever their case, so the store reads the text the
/// same way, once, and then asks about tokens, not characters. (Running
/// the trigger inside a rolled-back savepoint would show only what its
/// `WHEN` let through on that one row.)
struct SQLiteToken: Equatable {
    /// What kind of token it is.
    enum Kind: Equatable {
        /// A bare word: a keyword or a name.
        case word
        /// A name in `"…"`, `` `…` `` or `[…]`.
        case quotedName
        /// A string in `'…'`, which SQLite also takes as a name where a
        /// name is expected (`UPDATE 'person'` writes `person`).
        case string
        /// Any other character: `.`, `(`, `;`, an operator.
        case symbol
    }

    let kind: Kind
    /// A word or a name in lower case, as SQLite compares names (ASCII
    /// letters only; SQLite folds no other); a string's text; the symbol.
    let text: String

    /// Whether the token can stand for a name: a word, a quoted name or a
    /// string.
    var canBeName: Bool { kind != .symbol }

    /// Whether the token is the bare word `word` (given in lower case).
    func isWord(_ word: String) -> Bool { kind == .word && text == word }

    /// The tokens of `sql`, comments and spaces left out.
    ///
    /// An unterminated comment, string or quoted name runs to the end, as
    /// SQLite would refuse it; a trigger SQLite stored has none.
    static func tokens(in sql: String) -> [SQLiteToken] {
        let scalars = Array(sql.unicodeScalars)
        var tokens: [SQLiteToken] = []
        var index = 0
        /// The text up to the next `close`, with `close` doubled standing
        /// for itself when `doubles`; moves past the closing one.
        func quoted(until close: Unicode.Scalar, doubles: Bool) -> String {
            var text = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                guard scalar == close else {
                    text.append(scalar)
                    continue
                }
                guard doubles, index < scalars.count, scalars[index] == close else { break }
                text.append(close)
                index += 1
            }
            return String(text)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            index += 1
            switch scalar {
            case _ where scalar.properties.isWhitespace:
                continue
            case "-" where next == "-":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 1
                while index < scalars.count,
                    !(scalars[index] == "*" && index + 1 < scalars.count
                        && scalars[index + 1] == "/")
                {
                    index += 1
                }
                index = min(scalars.count, index + 2)
            case "'":
                tokens.append(SQLiteToken(kind: .string, text: quoted(until: "'", doubles: true)))
            case "\"", "`":
                let name = quoted(until: scalar, doubles: true)
                tokens.append(SQLiteToken(kind: .quotedName, text: folded(name)))
            case "[":
                let name = quoted(until: "]", doubles: false)
                tokens.append(SQLiteToken(kind: .quotedName, text: folded(name)))
            case _ where isWordScalar(scalar):
                var word = String.UnicodeScalarView([scalar])
                while index < scalars.count, isWordScalar(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                tokens.append(SQLiteToken(kind: .word, text: folded(String(word))))
            default:
                tokens.append(SQLiteToken(kind: .symbol, text: String(scalar)))
            }
        }
        return tokens
    }

    /// Whether SQLite reads `scalar` as part of a word: ASCII letters and
    /// digits, `_`, `$`, and every character beyond ASCII.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 || scalar == "_" || scalar == "$"
            || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar)
    }

    /// `name` with its ASCII letters in lower case, as SQLite compares names.
    private static func folded(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    ("A"..."Z").contains(scalar)
                        ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
                }))
    }
}
