import Features
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches an `--import` source given as an http:// or https:// URL, and
/// hands back its body, treating the server as hostile.
///
/// A server is data the program did not write, like an import file: it may
/// stall, drip one byte at a time, send an endless body, lie about its
/// length, answer with a web page, redirect to `file:///etc/passwd`, break
/// HTTP's rules (two lengths, a damaged gzip body, endless headers) or not
/// speak HTTP at all. Each of those ends the fetch with one
/// ``HTTPSourceError`` line naming the URL and what went wrong, within
/// ``init(timeout:sizeLimit:)``'s limits, and without holding more than
/// `sizeLimit` bytes.
///
/// It goes through the toolchain's own `URLSession` (FoundationNetworking on
/// Linux), so the package keeps no dependencies; every fetch has its own
/// ephemeral session (no cookies, no cache, no stored credentials), which is
/// invalidated when the fetch ends.
public struct HTTPSource: Sendable {
    /// The most the whole fetch may take, which also bounds how long the
    /// server may stay silent.
    let timeout: Duration

    /// The most bytes a body may hold.
    let sizeLimit: Int

    /// A source with its limits.
    ///
    /// One duration serves both limits because any silence of `timeout`
    /// already makes the fetch last `timeout`: a server that stays silent and
    /// one that drips are both cut off when the time is up, and the error
    /// says which it was.
    ///
    /// - Parameters:
    ///   - timeout: how long the server may stay silent, and the most the
    ///     whole fetch may take.
    ///   - sizeLimit: the most bytes a body may hold.
    public init(timeout: Duration = .seconds(15), sizeLimit: Int = 16 << 20) {
        self.timeout = timeout
        self.sizeLimit = max(0, sizeLimit)
    }

    /// Fetches `url` (http or https only) and returns its body.
    ///
    /// Cancelling the calling task cancels the transfer at once.
    ///
    /// - Throws: ``HTTPSourceError`` when the fetch fails, and
    ///   `CancellationError` when the calling task is cancelled; nothing else.
    public func fetch(_ url: URL) async throws -> Data {
        try checkFetchable(url)
        try Task.checkCancellation()
        let transfer = HTTPTransfer(url: url, timeout: timeout, sizeLimit: sizeLimit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { caller in
                transfer.start(for: caller)
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// Throws unless `url` is one to fetch: http or https, naming a host.
    func checkFetchable(_ url: URL) throws(HTTPSourceError) {
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw HTTPSourceError(url: url, reason: "only http:// and https:// URLs can be fetched")
        }
        guard let host = url.host, !host.isEmpty else {
            throw HTTPSourceError(url: url, reason: "the URL names no host")
        }
    }
}
