import Features
import Foundation
import Launch
import Testing

/// `--latency` reads a duration, and `--import` a file or an http(s) URL,
/// as often as it is given.
@Suite struct LatencyAndImportOptionTests {
    private func parse(_ arguments: [String], config json: String? = nil) throws(UsageError)
        -> Invocation
    {
        try Invocation(
            arguments: (json == nil ? [] : ["--config", "people.json"]) + arguments,
            environment: [:], outputIsTerminal: false,
            readFile: { (_) throws(UsageError) in Data((json ?? "").utf8) })
    }

    @Test(arguments: [
        ("300ms", Duration.milliseconds(300)), ("2s", .seconds(2)), ("1.5s", .milliseconds(1_500)),
        ("0s", .zero), ("60s", .seconds(60)), ("0.25s", .milliseconds(250)),
    ])
    func aDurationIsReadInMillisecondsOrSeconds(_ text: String, _ expected: Duration) throws {
        #expect(try parse(["--latency", text]).configuration.latency == expected)
        #expect(try parse(["--latency=\(text)", "list"]).configuration.latency == expected)
    }

    @Test func noLatencyMeansNoWait() throws {
        #expect(try parse([]).configuration.latency == nil)
    }

    @Test(arguments: [
        "", "fast", "2", "s", "ms", "-1s", "+1s", "1e3ms", ".5s", "5.s", "1.2.3s", "2 s", "2h",
        "61s", "١s",
    ])
    func aBadDurationNamesItself(_ text: String) {
        #expect(throws: UsageError.self) { try parse(["--latency", text]) }
        do {
            _ = try parse(["--latency", text])
        } catch {
            #expect(error.message.hasPrefix("--latency: '"), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func importMayBeGivenMoreThanOnceInOrderAndMayNameURLs() throws {
        let sources = [
            "friends.csv", "https://example.org/team.json", "HTTP://127.0.0.1:8000/a.csv",
        ]
        let parsed = try parse(sources.flatMap { ["--import", $0] })
        #expect(
            parsed.configuration.imports == [
                "friends.csv", "https://example.org/team.json", "http://127.0.0.1:8000/a.csv",
            ], "in order, each scheme lower-cased")
    }

    @Test(arguments: [
        "ftp://example.org/a.csv", "file:///etc/passwd", "data://x", "HTTPS:///nohost",
    ])
    func aURLPeopleCannotReadIsBadUsage(_ source: String) {
        #expect(throws: UsageError.self) { try parse(["--import", source]) }
        do {
            _ = try parse(["--import", source])
        } catch {
            #expect(!error.message.contains("secret"), "a password is never shown")
        }
    }

    @Test func aConfigurationFilesImportsAreCheckedTheSameWay() {
        #expect(
            throws: UsageError(
                "people.json: import: 'ftp' is not a scheme people reads; use a file, or an http:// or https:// URL"
            )
        ) { try parse([], config: #"{"import": ["ftp://example.org/a.csv"]}"#) }
    }
}
