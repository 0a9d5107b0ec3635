import Features
import Foundation

/// Fetches an `--import` URL in a child process of the program's own, so
/// that nothing a server sends can end the program itself.
///
/// On Linux, `URLSession` is swift-corelibs-foundation's
/// FoundationNetworking over libcurl, and one answer stops its process: a
/// server that sends a status line, or part of its headers, and closes the
/// connection. libcurl calls that transfer complete; FoundationNetworking
/// then finds no response and stops with "Transfer completed, but there's
/// no response", inside its own queue, where no delegate and no setting of
/// ours comes first. What a server sends cannot be checked before
/// FoundationNetworking reads it, and the package keeps no HTTP client of
/// its own, so the fetch runs where a stop costs nothing: the program
/// starts itself again with ``childFlag``, the child fetches with
/// ``HTTPSource`` and writes the body to its standard output, or one line
/// saying why not to its standard error, and exits. Anything else — a
/// signal, a runtime stop — is a fetch that failed, told as one line naming
/// the URL, and nothing the child wrote is kept.
///
/// The child's memory goes with it, too: each retry of a failing import
/// once left FoundationNetworking's threads' allocations in the program for
/// good (see `Benchmarks/RetryBenchmark`).
public struct ChildProcessHTTPSource: Sendable {
    /// The first argument that makes the program a fetching child; see
    /// ``serveIfChild(_:)``.
    public static let childFlag = "--fetch-import-in-child"

    /// The fetch the child runs, whose limits the parent keeps too.
    let source: HTTPSource

    /// The program to start as the child: this one.
    let program: URL

    /// A source that fetches with `source` in a child running `program`.
    ///
    /// - Parameters:
    ///   - source: the fetch, and its limits; the child is given both.
    ///   - program: the program to start, which must call
    ///     ``serveIfChild(_:)`` first thing: `/proc/self/exe` for `people`.
    public init(fetchingWith source: HTTPSource, program: URL) {
        self.source = source
        self.program = program
    }

    /// Fetches `url` (http or https only) in a child, and returns its body.
    ///
    /// Cancelling the calling task ends the child at once.
    ///
    /// - Throws: ``HTTPSourceError`` when the fetch fails, however the child
    ///   ended, and `CancellationError` when the calling task is cancelled.
    public func fetch(_ url: URL) async throws -> Data {
        try source.checkFetchable(url)
        try Task.checkCancellation()
        let child = FetchingChild(url: url, source: source, program: program)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { caller in
                child.start(for: caller)
            }
        } onCancel: {
            child.cancel()
        }
    }

    /// Runs the child's side when `arguments` start with ``childFlag``: the
    /// fetch of the URL after it, with the limits after that; the body on
    /// standard output, or the reason on standard error.
    ///
    /// - Returns: the child's exit status, to exit with; `nil` when this
    ///   run is no fetching child.
    public static func serveIfChild(_ arguments: [String]) async -> Int32? {
        guard arguments.count == 5, arguments[1] == childFlag else { return nil }
        // The parent owns the person's keys: Ctrl-C there cancels the fetch
        // and ends this child; it must not end it first, as a failure.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        guard let url = URL(string: arguments[2]), let milliseconds = Int(arguments[3]),
            let sizeLimit = Int(arguments[4])
        else {
            FileHandle.standardError.write(Data("the fetch was started wrongly\n".utf8))
            return 1
        }
        let source = HTTPSource(timeout: .milliseconds(milliseconds), sizeLimit: sizeLimit)
        do {
            let body = try await source.fetch(url)
            return write(body, to: STDOUT_FILENO) ? 0 : 1
        } catch let failure as HTTPSourceError {
            _ = write(Data((failure.reason + "\n").utf8), to: STDERR_FILENO)
            return 1
        } catch {
            return 1
        }
    }

    /// Writes all of `data` to `descriptor`, retried when a signal
    /// interrupts it; `false` when the reader has gone.
    private static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(
                    descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
