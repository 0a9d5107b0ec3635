/// Decides what the settings screen lists.
///
/// Two implementations, chosen by option in the composition root: the base
/// one for everyone, and a debug one for QA that adds what the running app
/// is made of. The settings screen never knows which it was given — this is
/// a container's "definition chosen by option", written as a protocol and a
/// ternary in an injector.
@MainActor
public protocol SettingsConfigurator {
    /// The sections to show, top to bottom.
    func sections() async throws -> [SettingsSection]
}

/// One titled group of settings rows.
public struct SettingsSection: Sendable, Equatable {
    /// The group's heading.
    public var title: String
    /// Label and value of each row.
    public var rows: [SettingsRow]

    /// A section with these rows.
    public init(title: String, rows: [SettingsRow]) {
        self.title = title
        self.rows = rows
    }
}

/// One row of the settings screen.
public struct SettingsRow: Sendable, Equatable {
    /// What the row is about.
    public var label: String
    /// Its current value, as text.
    public var value: String

    /// A row with this label and value.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
