import Features
import Foundation

/// What a line typed on a menu screen asks for.
///
/// The line views share this reading of the keys so that `b`, `q` and `?`
/// mean the same on every screen.
public enum KeyInput: Hashable, Sendable {
    /// A row number, as typed (1-based).
    case number(Int)
    /// `/text` searches; `/` alone clears the search.
    case search(String)
    /// A single-letter key such as `n`, `e` or `q`.
    case key(Character)
    /// An empty line: just show the screen again.
    case empty
    /// Anything else, as typed.
    case unknown(String)

    /// Reads one line of input.
    public init(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            self = .empty
        } else if text.hasPrefix("/") {
            self = .search(String(text.dropFirst()).trimmingCharacters(in: .whitespaces))
        } else if let number = Int(text), number > 0 {
            self = .number(number)
        } else if text.count == 1, let key = text.lowercased().first, key.isLetter || key == "?" {
            self = .key(key)
        } else {
            self = .unknown(text)
        }
    }

    /// The one-line complaint for input a screen does not understand, with
    /// what was typed shown inert and cut short.
    public static func complaint(for line: String) -> String {
        let typed = line.trimmingCharacters(in: .whitespaces)
        return "Unknown key \(InertText.quoted(typed, limit: 21)). Press ? for help."
    }
}
