import Foundation
import Testing

/// The README names every tool CI makes the tests require, so a reader
/// who runs `swift test` elsewhere knows which tests a missing one skips.
///
/// CI's script exports one `PEOPLE_REQUIRE_…` variable per tool whose tests
/// would otherwise be skipped (`PEOPLE_REQUIRE_STRACE=1`); a test suite that
/// gains such a tool gains a variable there, and fails here until the
/// README's paragraph on what the tests need names it too.
@Suite struct ReadmeRequirementsTests {
    /// The tools named by the variables on `.ci/run`'s `export` line, lower
    /// case: `PEOPLE_REQUIRE_TMUX=1` → `tmux`.
    private static func requiredTools() throws -> [String] {
        let script = try RepositoryFiles.text(".ci/run")
        let exports = script.split(separator: "\n").filter {
            $0.hasPrefix("export ") && $0.contains("PEOPLE_REQUIRE_")
        }
        return exports.flatMap { line in
            line.matches(of: #/PEOPLE_REQUIRE_([A-Z0-9]+)=/#).map { $0.1.lowercased() }
        }
    }

    @Test func theReadmeNamesEveryToolCIRequiresForTheTests() throws {
        let tools = try Self.requiredTools()
        #expect(tools.count >= 3, "found no PEOPLE_REQUIRE_… exports in .ci/run")
        let readme = try RepositoryFiles.text("README.md")
        for tool in tools {
            // `python3` for PYTHON: the name as the README writes it, in code.
            #expect(
                readme.contains("`\(tool)"),
                "README.md does not say the tests need `\(tool)`, which CI requires (.ci/run exports PEOPLE_REQUIRE_\(tool.uppercased()))"
            )
        }
    }
}
