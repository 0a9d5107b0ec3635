import Foundation

/// How the trace writes a query's arguments and answers: quoted text,
/// keys, starts and counts, the same way for every query.
enum QueryText {
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func describe(_ key: PersonSortKey) -> String {
        "(\(quoted(key.foldedName)), \(key.id))"
    }

    static func describe(_ start: PageStart) -> String {
        switch start {
        case .offset(0): "first"
        case .offset(let offset): "offset \(offset)"
        case .after(let key): "after \(describe(key))"
        case .before(let key): "before \(describe(key))"
        case .last: "last"
        }
    }

    static func count(_ page: [Person]) -> String {
        page.count == 1 ? "1 person" : "\(page.count) persons"
    }
}
