import Foundation
import PeopleTestSupport
import RemoteFiles
import Testing

/// `--import` sources fetched over HTTP from a real local server, which
/// serves the file and every way a hostile server can misbehave.
///
/// Each test starts its own server, so the tests run in parallel. Each
/// failure is checked as the one line a person would read.
@Suite(.enabled(if: LocalHTTPServer.canRun, Comment(rawValue: LocalHTTPServer.missing)))
struct HTTPSourceTests {
    /// The source the good servers' tests read through, with a small size
    /// limit.
    private let source = HTTPSource(timeout: .seconds(60), sizeLimit: 64 << 10)

    /// The error `fetch` throws for `url`, or `nil` (recorded) if it throws
    /// none or another.
    ///
    /// A minute unless the test is about the time limit itself: under the
    /// thread sanitizer on a busy machine, a local server's prompt answer
    /// was seen to take over a second, and read as silence.
    private func failure(
        of url: URL, within timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> HTTPSourceError? {
        let source = HTTPSource(timeout: timeout, sizeLimit: 64 << 10)
        return await #expect(throws: HTTPSourceError.self, sourceLocation: sourceLocation) {
            try await source.fetch(url)
        }
    }

    // MARK: Good servers

    @Test func aCSVFileIsFetchedWhole() async throws {
        let server = try await LocalHTTPServer()
        let body = try await source.fetch(try server.url("/team.csv"))
        #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamCSV)
    }

    @Test func aJSONFileIsFetchedWhole() async throws {
        let server = try await LocalHTTPServer()
        let body = try await source.fetch(try server.url("/team.json"))
        #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamJSON)
    }

    @Test func aBodyWithNoContentTypeIsAccepted() async throws {
        let server = try await LocalHTTPServer()
        let body = try await source.fetch(try server.url("/untyped.csv"))
        #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamCSV)
    }

    @Test func aRedirectToAnotherHTTPPathIsFollowed() async throws {
        let server = try await LocalHTTPServer()
        let body = try await source.fetch(try server.url("/redirect-ok"))
        #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamCSV)
    }

    /// An interim answer (`100 Continue`, `103 Early Hints`) before the
    /// real one is no answer: the file that follows it is fetched.
    @Test(arguments: ["/continue-first", "/early-hints"])
    func anInterimAnswerBeforeTheFileIsPassedOver(_ path: String) async throws {
        let server = try await LocalHTTPServer()
        let body = try await source.fetch(try server.url(path))
        #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamCSV)
    }

    // MARK: No server

    @Test func aRefusedConnectionIsSaidPlainly() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.refusedURL())
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.closedPort)/team.csv: the server refused the connection"
        )
    }

    @Test func anUnknownHostIsSaidPlainly() async throws {
        let url = try #require(URL(string: "http://no-such-host.invalid/team.csv"))
        let error = await failure(of: url)
        #expect(
            error?.description
                == "http://no-such-host.invalid/team.csv: no server of that name was found")
    }

    @Test func onlyHTTPAndHTTPSURLsAreFetched() async throws {
        let url = URL(fileURLWithPath: "/etc/passwd")
        let error = await failure(of: url)
        #expect(
            error?.description
                == "file:///etc/passwd: only http:// and https:// URLs can be fetched")
    }

    // MARK: Hostile servers

    @Test func aServerThatNeverAnswersIsCutOffAtTheTimeout() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/silent"), within: .seconds(1))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/silent: the server did not answer within 1 s")
    }

    /// A server that answers, then drips, is cut off as one that did not
    /// finish.
    ///
    /// Ten seconds, not one: the answer must arrive before the limit for
    /// the drip to be what is cut off, and on a busy machine one second was
    /// seen to pass first, and three under the thread sanitizer. The test
    /// awaits, holding no thread, so the wait costs the suite little.
    @Test func aServerThatDripsIsCutOffAtTheTimeout() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/drip"), within: .seconds(10))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/drip: the server did not finish sending within 10 s"
        )
    }

    @Test func aStatusOtherThanSuccessIsNamed() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/missing"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/missing: the server answered 404 Not Found")
    }

    @Test func anEndlessBodyIsCutOffPastTheLimit() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/endless"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/endless: the server sent more than the 64 KiB limit"
        )
    }

    @Test func aBodyClaimedOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/big"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/big: the server would send 10 MiB, more than the 64 KiB limit"
        )
    }

    @Test func aTruncatedBodyIsRefused() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/short"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/short: the server closed the connection after 10 of 1000 bytes"
        )
    }

    @Test func aWebPageIsRefusedByItsType() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/page.html"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/page.html: the server sent text/html, not CSV, JSON or plain text"
        )
    }

    @Test func aTypeHoldingAnEscapeIsShownInert() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/escaped-type"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/escaped-type: the server sent text/␛[2Jhtml, not CSV, JSON or plain text"
        )
    }

    @Test func aRedirectToAFileIsRefused() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/redirect-file"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/redirect-file: the server redirected to file:///etc/passwd, which is not an http or https URL"
        )
    }

    @Test func endlessRedirectsAreCutOff() async throws {
        let server = try await LocalHTTPServer()
        // A long deadline: six round trips must not lose a race with it.
        let error = await failure(of: try server.url("/redirect-loop"), within: .seconds(60))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/redirect-loop: the server redirected more than 5 times"
        )
    }

    @Test func anAnswerThatIsNotHTTPIsRefused() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/garbage"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/garbage: the server's answer is not HTTP")
    }

    /// Each answer that breaks HTTP's rules is named by what the server did,
    /// not by the session's error code (all of these were "URL error -1").
    @Test(arguments: [
        ("/negative-length", "the server sent a Content-Length that is negative or not a number"),
        ("/two-lengths", "the server sent different Content-Length headers (87, 94)"),
        (
            "/odd-encoding",
            "the server compressed the body as x-␛[2jodd, though people asked it not to"
        ),
        (
            "/huge-chunk",
            "the server announced a chunk size of more than 16 hexadecimal digits"
        ),
        (
            "/overflowing-chunk",
            "the server announced a chunk size that is not a number or is 8 EiB or more"
        ),
        (
            "/cut-gzip-transfer",
            "the server sent the body in the transfer coding gzip; people takes only chunked"
        ),
        (
            "/gzip-chunked-transfer",
            "the server sent the body in the transfer coding gzip, chunked; people takes only chunked"
        ),
        ("/early-hints-page", "the server sent text/html, not CSV, JSON or plain text"),
        ("/continue-missing", "the server answered 404 Not Found"),
        ("/cut-chunked", "the server closed the connection before the end of its chunked body"),
        ("/no-colon", "the server sent a header line without a colon"),
        ("/nul-header", "the server sent a header line holding a NUL byte"),
        ("/folded-header", "the server sent a header line URLSession cannot read"),
        ("/bare-line-feeds", "the server sent a header line URLSession cannot read"),
        ("/many-codings", "the server named more than 5 codings for the body"),
        ("/huge-header", "the server sent a header line over 100 KiB"),
        ("/endless-headers", "the server sent more than 300 KiB of headers"),
    ])
    func anAnswerThatBreaksHTTPIsNamedByWhatTheServerDid(_ path: String, _ reason: String)
        async throws
    {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url(path))
        #expect(error?.description == "http://127.0.0.1:\(server.port)\(path): \(reason)")
    }

    /// A compressed body is refused, since its end cannot be checked.
    ///
    /// A gzip body that stopped between rows, without gzip's end, was read
    /// as a file of the rows before the cut: libcurl decodes what arrived
    /// and never says the body ended early. So people asks for the body as
    /// it is and refuses any other.
    @Test func aCompressedBodyIsRefusedSinceItsEndCannotBeChecked() async throws {
        let server = try await LocalHTTPServer()
        let error = await failure(of: try server.url("/cut-gzip"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port)/cut-gzip: the server compressed the body as gzip, though people asked it not to"
        )
    }

    /// A URL whose host is an IPv6 address in brackets reaches the server,
    /// or, where this toolchain's URLSession cannot fetch one, says so and
    /// what to do instead (it was "URL error -1000").
    @Test(.enabled(if: LocalHTTPServer.machineHasIPv6))
    func anIPv6AddressInBracketsIsFetchedOrTheToolchainsLimitSaid() async throws {
        let server = try await LocalHTTPServer(onIPv6: true)
        let url = try server.url("/team.csv")
        #expect(url.absoluteString == "http://[::1]:\(server.port)/team.csv")
        #if canImport(FoundationNetworking)
            let error = await failure(of: url)
            #expect(
                error?.description
                    == "http://[::1]:\(server.port)/team.csv: this build's URLSession cannot fetch from an IPv6 address in brackets (a Swift toolchain bug); give the server's host name instead"
            )
        #else
            let body = try await source.fetch(url)
            #expect(String(decoding: body, as: UTF8.self) == LocalHTTPServer.teamCSV)
        #endif
    }

    /// A URL that parses but that URLSession refuses, as one with `[zz]`
    /// for its host, is named as such, not as "URL error -1000".
    @Test func aURLSessionCannotFetchIsNamedAsTheURLsFault() async throws {
        let url = try #require(URL(string: "http://[zz]:8080/x.csv"))
        let error = await failure(of: url)
        #expect(
            error?.description
                == "http://[zz]:8080/x.csv: URLSession cannot fetch a URL written so; check its host"
        )
    }

    // MARK: Cancellation

    @Test func cancellingTheCallerEndsAFetchInFlight() async throws {
        let server = try await LocalHTTPServer()
        let url = try server.url("/silent")
        let fetch = Task { try await HTTPSource(timeout: .seconds(60)).fetch(url) }
        #expect(await server.waitForRequest("/silent"))
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }

    @Test func cancellingTheCallerRightAwayEndsTheFetch() async throws {
        let server = try await LocalHTTPServer()
        let url = try server.url("/silent")
        let fetch = Task { try await HTTPSource(timeout: .seconds(60)).fetch(url) }
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }
}
