import Foundation
import Testing

/// The README's test example is the one CI runs in `Examples/Consumer`, so
/// it cannot stop compiling without this failing.
@Suite struct ReadmeExampleTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of `text` from the one starting with `start` to the first
    /// `end` after it, both included.
    private func block(of text: String, from start: String, to end: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
            let last = lines[first...].firstIndex(where: { $0 == end })
        else { return [] }
        return Array(lines[first...last])
    }

    /// The README is a front page: what an article says in full, it points to.
    @Test func theReadmeFitsOnTwoHundredAndFiftyLines() throws {
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 251)
    }

    @Test func theReadmesTestIsTheConsumerPackagesTest() async throws {
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let consumer = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Examples/Consumer/Tests/ConsumerTests/ConsumerTests.swift"),
            encoding: .utf8)
        let start = "    @Test func aWholeAppWiredForRealWithFakesAtItsEdges()"
        let shown = block(of: readme, from: start, to: "    }")
        #expect(shown.count > 5)
        #expect(shown == block(of: consumer, from: start, to: "    }"))
    }
}
