import Foundation

/// A new, empty folder under the system's temporary folder, for one test.
///
/// Each test makes its own, so tests running in parallel never share a file.
/// The folders are left for the system to clean: a failing test's database
/// can then still be looked at.
public struct TemporaryFolder: Sendable {
    /// The folder's path.
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("people-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
