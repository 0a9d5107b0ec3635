import Foundation
import PeopleTestSupport
import Testing

/// `--import` from a URL, with the built binary and a real local web server,
/// some of whose routes are hostile.
@Suite(.timeLimit(.minutes(2))) struct RemoteImportEndToEndTests {
    @Test func personsOfARemoteFileAreFoundBesideTheStoredOnes() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/team.csv").absoluteString
        let run = try PeopleProcess.run(
            ["--store", "memory", "--import", url, "list", "--search", "Katherine", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains(#""name" : "Katherine Johnson""#))
        #expect(run.output.contains(#""total" : 1"#))
    }

    @Test func aFileAndAURLAreImportedTogether() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let file = folder.path("friends.csv")
        try Data("name\nZed Zulu\n".utf8).write(to: URL(fileURLWithPath: file))
        let url = try server.url("/team.json").absoluteString
        let run = try PeopleProcess.run(
            ["--store", "memory", "--import", file, "--import", url, "list"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Zed Zulu"))
        #expect(run.output.contains("Katherine Johnson"))
        #expect(run.output.hasSuffix("page 1 of 1 · 1–6 of 6\n"))
    }

    @Test func aMissingPageIsOneLineNamingTheURLAndExitsOne() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/missing").absoluteString
        let run = try PeopleProcess.run(["--store", "memory", "--import", url, "list"])
        #expect(run.status == 1)
        #expect(run.errors == "people: \(url): the server answered 404 Not Found\n")
        #expect(run.output.isEmpty)
    }

    @Test func aRefusedConnectionIsOneLineNamingTheURLAndExitsOne() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.refusedURL().absoluteString
        let run = try PeopleProcess.run(["--store", "memory", "--import", url, "list"])
        #expect(run.status == 1)
        #expect(run.errors == "people: \(url): the server refused the connection\n")
    }

    @Test func aPageThatIsNotAPersonFileIsRefusedByItsType() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/page.html").absoluteString
        let run = try PeopleProcess.run(["--store", "memory", "--import", url, "list"])
        #expect(run.status == 1)
        #expect(
            run.errors == "people: \(url): the server sent text/html, not CSV, JSON or plain text\n"
        )
    }

    @Test func aSchemeOtherThanHTTPIsBadUsageBeforeAnythingIsFetched() async throws {
        let run = try PeopleProcess.run([
            "--store", "memory", "--import", "ftp://example.org/a.csv", "list",
        ])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "people: --import: 'ftp' is not a scheme people reads; use a file, or an http:// or https:// URL\n"
        )
    }

    @Test func aBadLatencyIsOneLineAndExitsTwo() async throws {
        for bad in ["fast", "2", "-1s", "1.5.0s", "2h", "61s"] {
            let run = try PeopleProcess.run(["--store", "memory", "--latency", bad, "list"])
            #expect(run.status == 2, "\(bad)")
            #expect(run.errors.hasPrefix("people: --latency: '\(bad)' is "), "\(bad)")
            #expect(run.errors.filter { $0 == "\n" }.count == 1, "\(bad)")
        }
        let good = try PeopleProcess.run(["--store", "memory", "--latency", "1ms", "list"])
        #expect(good.status == 0)
        #expect(good.output.hasSuffix("page 1 of 1 · 1–3 of 3\n"))
    }
}
