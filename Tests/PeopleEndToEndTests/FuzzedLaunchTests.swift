import Foundation
import PeopleTestSupport
import Testing

/// A sample of generated hostile launches run through the built binary:
/// what the in-process fuzz tests cannot see is the exit status, the one
/// line on standard error, and a database left as it was.
@Suite struct FuzzedLaunchTests {
    let home: URL
    let database: String

    init() throws {
        home = try TemporaryFolder().url
        database = home.appendingPathComponent("people.sqlite").path
        #expect(try PeopleProcess.run(["demo", "--db", database], home: home).status == 0)
    }

    private func bytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: database))
    }

    /// Runs one launch and checks the promises for a refused one.
    private func expectRefusedCleanly(_ arguments: [String], _ describe: String) throws {
        let before = try bytes()
        let run = try PeopleProcess.run(
            ["--db", database] + arguments, input: "q\n", home: home)
        #expect(!run.wasKilled, "crashed: \(describe)")
        guard run.status != 0 else { return }
        #expect([1, 2].contains(run.status), "status \(run.status): \(describe)")
        #expect(
            run.errors.split(separator: "\n", omittingEmptySubsequences: false).count == 2,
            "not one line: \(describe)")
        #expect(obeyedCharacters(in: run.errors).isEmpty, "not inert: \(describe)")
        #expect(try bytes() == before, "database changed: \(describe)")
    }

    @Test func mutatedCommandLines() async throws {
        var mutator = InputMutator(seed: 11)
        for _ in 0..<40 {
            var arguments = mutator.pick([
                ["add", "--name", "Ada", "--email", "ada@example.org"],
                ["edit", "1", "--name", "X"],
                ["delete", "2"], ["show", "1"], ["list", "--page", "1"],
            ])
            let index = mutator.number(in: 0..<arguments.count)
            arguments[index] = mutator.mutate(arguments[index])
            // A real command line cannot hold NUL; the shell would stop there.
            arguments = arguments.map { $0.replacingOccurrences(of: "\u{0}", with: "") }
            try expectRefusedCleanly(arguments, "\(arguments)")
        }
    }

    @Test(arguments: ["people.json", "friends.csv", "friends.json"])
    func mutatedFiles(_ name: String) async throws {
        var mutator = InputMutator(seed: UInt64(name.utf8.count))
        let file = home.appendingPathComponent(name)
        let sample: String =
            switch name {
            case "people.json":
                ##"{"store": "sqlite", "pageSize": 20, "theme": {"title": "#FFB000"}}"##
            case "friends.csv": "name,address,email\nAda,\"London, UK\",ada@example.org\n"
            default: #"[{"name": "Ada", "email": "ada@example.org"}]"#
            }
        let option = name == "people.json" ? "--config" : "--import"
        for round in 0..<20 {
            let bytes =
                round % 2 == 0
                ? Array(mutator.mutate(sample).utf8) : mutator.mutate(bytes: Array(sample.utf8))
            try Data(bytes).write(to: file)
            try expectRefusedCleanly(
                [option, file.path, "list"], "\(name): \(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
