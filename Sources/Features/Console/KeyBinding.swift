import Foundation

/// One key a screen accepts, declared once, in the screen's list of keys.
///
/// The key line under the screen, the screen's `?` help, `people --help` and
/// the tests all read that list, so adding a key is a change to the list and
/// to the screen's handler, and nothing else can fall out of step.
public struct KeyBinding: Sendable, Equatable {
    /// What to type, as the help shows it: `n`, `/text`, `1, 2, …`.
    public let keys: String
    /// The word for it on the key line: `next`.
    public let name: String
    /// What it does, for the help: `next page`.
    public let summary: String

    /// A key with these words.
    public init(_ keys: String, _ name: String, _ summary: String) {
        self.keys = keys
        self.name = name
        self.summary = summary
    }

    /// The key as the key line shows it: `n next`.
    public var keyLineEntry: String { "\(keys) \(name)" }

    /// `bindings` as one key line: `e edit · d delete · b back`.
    public static func keyLine(_ bindings: [KeyBinding]) -> String {
        bindings.map(\.keyLineEntry).joined(separator: " · ")
    }

    /// A help block: `title`, then one line per binding.
    public static func help(_ title: String, _ bindings: [KeyBinding]) -> String {
        let width = bindings.map(\.keys.count).max() ?? 0
        return ([title] + bindings.map { "  \($0.keys.padded(to: width))  \($0.summary)" })
            .joined(separator: "\n")
    }

    /// `?` shows the screen's help; on every screen.
    public static let help = KeyBinding("?", "help", "show these keys")
    /// `q` ends the session; on every screen but the form, where it could be a value.
    public static let quit = KeyBinding("q", "quit", "quit")
    /// `b` goes back a screen; on every screen that has one to go back to.
    public static let back = KeyBinding("b", "back", "back to the screen before")
}
