import Features
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The words for each way a fetch fails: one line a person can act on.
///
/// Every reason names what the server did, not what the session's code was,
/// and any text the server chose in it is made inert first.
extension HTTPTransfer {
    /// `reason`, about this fetch's URL.
    func error(_ reason: String) -> HTTPSourceError {
        HTTPSourceError(url: url, reason: reason)
    }

    /// The deadline passed: before the server answered, or while it sent
    /// the body (a server that drips one byte at a time).
    func timedOutError(answered: Bool) -> HTTPSourceError {
        let limit = Self.duration(timeout)
        return answered
            ? error("the server did not finish sending within \(limit)")
            : error("the server did not answer within \(limit)")
    }

    /// The connection closed before the length the server claimed arrived.
    func truncatedError(received: Int, expected: Int) -> HTTPSourceError {
        error("the server closed the connection after \(received) of \(expected) bytes")
    }

    /// A `Content-Length` that is not a length: negative, or not a number.
    ///
    /// libcurl refuses both before the response reaches the delegate, in one
    /// message that does not say which, so one reason names both.
    static let badLengthReason = "the server sent a Content-Length that is negative or not a number"

    /// `failure` from the session, as one plain line.
    ///
    /// FoundationNetworking reports errors as `NSError`s in `NSURLErrorDomain`
    /// rather than as `URLError`s, so the code is read from the domain.
    func failure(
        _ failure: any Error, answered: Bool, received: Int, expectedLength: Int?
    ) -> HTTPSourceError {
        let failure = failure as NSError
        guard failure.domain == NSURLErrorDomain else {
            return error("the fetch failed: \(InertText.clipped(failure.localizedDescription))")
        }
        let code = URLError.Code(rawValue: failure.code)
        // A body cut short shows as a lost connection or, from libcurl's
        // "partial file", as an unknown error.
        if code == .networkConnectionLost || code == .unknown,
            let expected = expectedLength, received < expected
        {
            return truncatedError(received: received, expected: expected)
        }
        switch code {
        case .unknown:
            return error(
                Self.libcurlReason(
                    failure.localizedDescription, answered: answered)
                    ?? "the fetch failed: \(InertText.clipped(failure.localizedDescription))")
        case .badURL where url.host?.contains(":") == true:
            return error(Self.bracketedHostReason)
        case .badURL:
            return error("URLSession cannot fetch a URL written so; check its host")
        case .cannotConnectToHost:
            return error("the server refused the connection")
        case .cannotFindHost, .dnsLookupFailed:
            return error("no server of that name was found")
        case .notConnectedToInternet:
            return error("this computer is not connected to a network")
        case .timedOut:
            return timedOutError(answered: answered)
        case .secureConnectionFailed:
            return error("the secure (TLS) connection to the server failed")
        case .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            return error("the server's TLS certificate is not trusted")
        case .clientCertificateRequired, .clientCertificateRejected:
            return error("the server asks for a client certificate")
        case .httpTooManyRedirects:
            return error("the server redirected more than \(Self.redirectLimit) times")
        case .badServerResponse, .cannotParseResponse, .unsupportedURL:
            return answered
                ? error("the server's answer is broken") : error("the server's answer is not HTTP")
        case .networkConnectionLost:
            return error("the connection was lost before the answer was complete")
        default:
            return error("the fetch failed (URL error \(failure.code))")
        }
    }

    /// What the server did wrong, from libcurl's own message for it.
    ///
    /// On Linux, FoundationNetworking passes on every error libcurl finds
    /// in an answer as code -1 (unknown), with libcurl's message as the
    /// description: the message is the only thing that tells a malformed
    /// chunk from a bad length. Its limits are libcurl's: 100 KiB for
    /// one header line, 300 KiB for all of them. `nil` for a message not
    /// known here, which is then shown as it is, inert.
    ///
    /// - Parameters:
    ///   - answered: whether the status and headers had arrived.
    static func libcurlReason(_ message: String, answered: Bool) -> String? {
        if message.hasPrefix("Invalid Content-Length") { return badLengthReason }
        if message.hasPrefix("Too long hexadecimal number in chunked-encoding") {
            return "the server announced a chunk size of more than 16 hexadecimal digits"
        }
        if message.hasPrefix("Illegal or missing hexadecimal sequence in chunked-encoding") {
            return "the server announced a chunk size that is not a number or is 8 EiB or more"
        }
        if message.hasSuffix("in chunked-encoding") {
            return "the server's chunked body is malformed"
        }
        // A chunked body ends with a chunk of size 0; a length the response
        // claimed is checked before this is asked.
        if message == "transfer closed with outstanding read data remaining" {
            return "the server closed the connection before the end of its chunked body"
        }
        if message == "Header without colon" {
            return "the server sent a header line without a colon"
        }
        if message == "Nul byte in header" {
            return "the server sent a header line holding a NUL byte"
        }
        // "Reject response due to more than 5 content encodings": libcurl
        // counts transfer codings with them.
        if message.hasPrefix("Reject response due to more than") {
            let limit = message.split(separator: " ").dropLast(2).last.flatMap { Int($0) }
            return
                "the server named more than \(limit.map(String.init) ?? "5") codings for the body"
        }
        // FoundationNetworking reads header lines itself, and refuses one it
        // cannot read (ended by a line feed alone, or folded onto the line
        // before) in one of these two messages, neither of which says which.
        if !answered,
            message == "Failed writing header"
                || message == "A libcurl function was given a bad argument"
        {
            return "the server sent a header line URLSession cannot read"
        }
        if message.hasPrefix("Too large response headers") {
            // "Too large response headers: 307205 > 307200": the limit last.
            let limit = message.split(separator: " ").last.flatMap { Int($0) }
            return "the server sent more than \(limit.map(bytes) ?? "300 KiB") of headers"
        }
        // libcurl grows one header line to at most 100 KiB, and reports a
        // longer one as running out of memory: before the headers are in,
        // that is what the message means.
        if message == "Out of memory", !answered {
            return "the server sent a header line over 100 KiB"
        }
        return nil
    }

    /// Why a URL whose host is an IPv6 address in brackets fails on Linux.
    ///
    /// FoundationNetworking checks that libcurl reads the URL's host as
    /// `URL.host` does, and for `[::1]` they differ (`[::1]` against
    /// `::1`), so it refuses the URL before connecting, as a bad URL
    /// (swift-corelibs-foundation issue 5496; Swift 6.3.1 still has it). No
    /// spelling of the URL passes that check, so the message says what to
    /// do instead.
    static let bracketedHostReason =
        "this build's URLSession cannot fetch from an IPv6 address in brackets (a Swift toolchain bug); give the server's host name instead"

    /// `bytes` as a person reads a size: `64 KiB`, `16 MiB`, `1000 bytes`.
    static func bytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// `duration` as a person reads a limit: `15 s`, `1.5 s`, `250 ms`.
    static func duration(_ duration: Duration) -> String {
        let milliseconds = duration / .milliseconds(1)
        // Beyond any limit a person sets; too large to round into an Int.
        guard milliseconds.magnitude < 1e12 else { return "\(duration)" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let seconds = milliseconds / 1000
        return seconds == seconds.rounded()
            ? "\(Int(seconds)) s" : "\((seconds * 10).rounded() / 10) s"
    }
}
