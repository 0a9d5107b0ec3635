import Foundation

/// The package's own files, as the tests that hold its docs to its code read
/// them.
///
/// A doc is checked against the source it describes, so these tests read
/// both from the checkout, found from this file's own path: the same folder
/// whoever runs the tests, and no setting to get wrong.
enum RepositoryFiles {
    /// The package folder, three levels above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the file at `path`, relative to the package folder.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The names of what is directly in `folder`, sorted.
    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent(folder).path
        ).sorted()
    }

    /// The paths, relative to the package folder, of every Swift file under
    /// `folder`, leaving out build folders.
    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder).path
        let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String }
        return (found ?? []).filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }
            .map { folder + "/" + $0 }.sorted()
    }

    /// Whether a file or folder is at `path`, relative to the package folder.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }
}
