import Foundation
import PeopleTestSupport
import Testing

/// `--import` from a URL, with the built binary and a real local web server,
/// some of whose routes are hostile.
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: LocalHTTPServer.canRun, Comment(rawValue: LocalHTTPServer.missing)))
struct RemoteImportEndToEndTests {
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

    @Test func aServerThatBreaksHTTPIsNamedByWhatItDid() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/cut-gzip").absoluteString
        let run = try PeopleProcess.run(["--store", "memory", "--import", url, "list"])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "people: \(url): the server compressed the body as gzip, though people asked it not to\n"
        )
    }

    /// A server that sends its status line, or part of its headers, and
    /// closes is one line naming the URL and what the server did, exit 1
    /// and nothing listed.
    ///
    /// Each stopped the program inside FoundationNetworking ("Transfer
    /// completed, but there's no response", signal 4), whatever the
    /// delegate did; the fetch now runs in a child process of the
    /// program's own, whose stop is told as a failure.
    @Test(arguments: ["/status-only", "/half-headers"])
    func aServerThatClosesBeforeItsHeadersEndIsAFailureNotACrash(_ path: String) async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url(path).absoluteString
        let run = try PeopleProcess.run(["--store", "memory", "--import", url, "list"])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "people: \(url): the server closed the connection before the end of its headers\n"
        )
        #expect(run.output.isEmpty)
    }

    /// The same failure in a session: the list says it could not load, and
    /// Enter tries again, as often as the person likes, the program alive.
    @Test func aSessionOutlivesAServerThatClosesBeforeItsHeadersEnd() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/status-only").absoluteString
        let run = try PeopleProcess.run(
            ["--store", "memory", "--import", url], input: "\n\nq\n")
        let failure =
            "Could not load the list: \(url): the server closed the connection before the end of its headers"
        #expect(run.output.components(separatedBy: failure).count - 1 == 3, "\(run.output)")
        #expect(run.status == 1)
    }

    /// Pressing Enter again and again on a list whose import fails does not
    /// cost memory each time.
    ///
    /// Each fetch's deadline was a task sleeping 15 s, and a sleep cancelled
    /// early never let its task go: some 1.1 KiB a retry, for good (2.0 to
    /// 2.6 MiB over 2,000 retries); FoundationNetworking itself kept about
    /// 0.5 KiB a connection. Each fetch now runs in a child process, which
    /// takes all of that with it, so the session is run with a few retries
    /// and with 300 (each starts a process: 2,000 took minutes), and the
    /// peaks may differ by less than a kibibyte a retry. (The benchmark
    /// `retry-benchmark` measures what a body cut off at the limit cost.)
    /// Not under the thread sanitizer, whose allocator is not ours to judge.
    @Test(.enabled(if: !underThreadSanitizer))
    func retryingAFailingImportDoesNotGrowMemoryEachTime() async throws {
        let server = try await LocalHTTPServer()
        defer { server.stop() }
        let url = try server.url("/missing").absoluteString
        // The lower of two runs each: a busy machine only ever adds to a
        // peak (another malloc arena, a thread's stack), never takes from
        // it, and one run in a few then grew by 10-15% of the bound.
        let few = min(
            try await peakKiB(retrying: url, times: 10), try await peakKiB(retrying: url, times: 10)
        )
        let many = min(
            try await peakKiB(retrying: url, times: 300),
            try await peakKiB(retrying: url, times: 300))
        #expect(many - few < 300, "300 retries grew the peak by \(many - few) KiB")
    }

    /// The peak memory of a session, in KiB, that presses Enter `times`
    /// times on a list importing `url`, then quits.
    ///
    /// Measured by a Python parent, which can ask the system for the peak of
    /// the one child it waited for; this test process has many children.
    /// Awaited rather than waited for, so that the seconds it takes hold
    /// none of the few threads the other tests' tasks run on.
    private func peakKiB(retrying url: String, times: Int) async throws -> Int {
        let binary = PeopleProcess.productsFolder.appendingPathComponent("people").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import resource, subprocess, sys
            keys = ("\\n" * int(sys.argv[3]) + "q\\n").encode()
            run = subprocess.run([sys.argv[1], "--store", "memory", "--import", sys.argv[2]],
                                 input=keys, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            peak //= 1024 if sys.platform == "darwin" else 1  # bytes there, KiB here
            print(peak if run.returncode >= 0 else -1)
            """,
            binary, url, String(times),
        ]
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("PEOPLE_")
        }
        // One malloc arena, not one a thread: the peak then follows what is
        // kept, not how many threads happened to allocate.
        environment["MALLOC_ARENA_MAX"] = "1"
        process.environment = environment
        let output = URL(fileURLWithPath: try TemporaryFolder().path("peak"))
        try Data().write(to: output)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in ended.resume() }
            do { try process.run() } catch { ended.resume(throwing: error) }
        }
        let said = try Data(contentsOf: output)
        let text = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .newlines)
        return try #require(Int(text).flatMap { $0 > 0 ? $0 : nil }, "the session was killed")
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

/// Whether this test process was built with the thread sanitizer, whose
/// runtime it then holds.
private let underThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
