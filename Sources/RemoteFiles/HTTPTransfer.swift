import Dispatch
import Features
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One fetch in flight: its URL session, the session's delegate, and the one
/// place that decides how the fetch ends.
///
/// The delegate sees the response before the body, and the body chunk by
/// chunk, so the checks happen while the server is still sending: a wrong
/// status or type ends the fetch before any body is read, and a body is cut
/// off at the first byte past the limit rather than after it has been held.
///
/// Four parties can end the fetch — the session's callbacks, the deadline,
/// the caller's cancellation and a delegate check — on different threads and
/// in any order. The first to call `finish` wins: it alone resumes the
/// caller and tears the session down; the rest find the fetch ended and do
/// nothing.
///
/// The deadline is a timer of the transfer's own, cancelled with the
/// session, so nothing of a fetch outlives it. (It was a task sleeping for
/// the timeout, and a sleep cancelled early never let its task go on Linux:
/// each retry of a failing import kept about a kibibyte more, for good.)
///
/// Two things FoundationNetworking does on Linux shape the rest:
///
/// - Making, starting and cancelling a task, and invalidating a session, each
///   wait for the session's private queue. Waiting like that on a thread of
///   the shared pool (a Swift task, or the delegate queue) can starve the
///   pool the session itself needs, and stalled whole test runs for 10 to 90
///   seconds. So every such call runs on `control`, a serial queue of this
///   transfer's own, and no caller ever waits for one.
/// - It stops the process if a task is cancelled while it waits for a
///   redirect decision and the decision then arrives. So a redirect is
///   decided only under the state's lock and only while the fetch has not
///   ended; the cancel is queued after the fetch has ended, and so after any
///   decision.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, Sendable {
    /// The most redirects a fetch follows.
    static let redirectLimit = 5

    /// The task waiting for the body.
    typealias Caller = CheckedContinuation<Data, any Error>

    private struct State {
        /// The caller, waiting; `nil` before `start` and once resumed.
        var caller: Caller?
        var session: URLSession?
        var task: URLSessionDataTask?
        var deadline: (any DispatchSourceTimer)?
        /// How the fetch ended, once it has.
        var outcome: Result<Data, any Error>?
        /// Whether a response (status and headers) arrived and was checked.
        var answered = false
        /// Whether an interim answer (`100 Continue`, `103 Early Hints`)
        /// arrived, whose real answer is then checked only at the end.
        var interim = false
        /// The length the response claimed, when it claimed one that can be
        /// checked against the bytes received.
        var expectedLength: Int?
        var body = Data()
        var received = 0
        var redirects = 0
    }

    let url: URL
    let timeout: Duration
    let sizeLimit: Int
    private let state = Locked(State())
    private let control = DispatchQueue(label: "Network.HTTPTransfer")

    init(url: URL, timeout: Duration, sizeLimit: Int) {
        self.url = url
        self.timeout = timeout
        self.sizeLimit = sizeLimit
    }

    /// Starts the transfer for `caller`, or resumes it at once if the fetch
    /// has already ended (it was cancelled before it began).
    func start(for caller: Caller) {
        let ended: Result<Data, any Error>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.caller = caller
            return nil
        }
        if let ended {
            caller.resume(with: ended)
            return
        }
        control.async { self.open() }
    }

    /// Ends the fetch with `CancellationError`: the calling task was cancelled.
    func cancel() {
        finish(.failure(CancellationError()))
    }

    /// Ends the fetch because the deadline passed: the server did not
    /// answer, or did not finish sending.
    func timeOut() {
        let ended = state.withLock { state -> (Caller?, HTTPSourceError) in
            let timedOut = timedOutError(answered: state.answered)
            return (end(&state, with: .failure(timedOut)), timedOut)
        }
        ended.0?.resume(throwing: ended.1)
    }

    /// Makes the session and its task, arms the deadline and starts the
    /// task, on `control`.
    private func open() {
        guard state.withLock({ $0.outcome == nil }) else { return }
        let session = URLSession(
            configuration: Self.configuration(timeout: timeout), delegate: self,
            delegateQueue: nil)
        let task = session.dataTask(with: Self.request(for: url))
        let ended = state.withLock { state in
            state.session = session
            state.task = task
            // Made here, so it belongs to the state from the start.
            let deadline = DispatchSource.makeTimerSource(queue: control)
            deadline.schedule(deadline: .now() + Self.seconds(timeout))
            deadline.setEventHandler { [weak self] in self?.timeOut() }
            deadline.resume()
            state.deadline = deadline
            return state.outcome != nil
        }
        // Ended meanwhile: its teardown is queued behind this, and finds the
        // session to invalidate.
        guard !ended else { return }
        task.resume()
    }

    /// Cancels the deadline and the task and invalidates the session, which
    /// lets go of this delegate; on `control`, after `open`.
    private func close() {
        let (session, task, deadline) = state.withLock { state in
            defer {
                state.session = nil
                state.task = nil
                state.deadline = nil
            }
            return (state.session, state.task, state.deadline)
        }
        deadline?.cancel()
        task?.cancel()
        session?.invalidateAndCancel()
    }

    /// `duration` as a dispatch interval, at most a year (a deadline that
    /// far is none) and at least zero.
    private static func seconds(_ duration: Duration) -> DispatchTimeInterval {
        let milliseconds = max(0, min(duration / .milliseconds(1), 365 * 24 * 3600 * 1000))
        return .milliseconds(Int(milliseconds))
    }

    /// A GET that takes nothing from a cache, and asks for the body
    /// uncompressed.
    private static func request(for url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        request.setValue(
            "text/csv, application/json, text/vcard, text/plain;q=0.9, */*;q=0.1",
            forHTTPHeaderField: "Accept")
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        return request
    }

    /// An ephemeral configuration that keeps nothing between fetches.
    ///
    /// The session's own timeouts are a second after the deadline: the
    /// deadline decides, so the message does not depend on which timer fires
    /// first, and these are only a second line.
    private static func configuration(timeout: Duration) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = min(max(0, timeout / .seconds(1)), 365 * 24 * 3600) + 1
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }

    // MARK: The session's callbacks

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // An interim answer says only that the real one follows. On Linux
        // FoundationNetworking tells the delegate of the first answer alone,
        // so the real one's status and headers are checked when the fetch
        // completes, from the task's response, and the body meanwhile is
        // held to the size limit as any other.
        if let interim = response as? HTTPURLResponse, (100..<200).contains(interim.statusCode) {
            state.withLock { $0.interim = true }
            completionHandler(.allow)
            return
        }
        switch check(response) {
        case .failure(let refusal):
            finish(.failure(refusal))
            completionHandler(.cancel)
        case .success(let expectedLength):
            state.withLock { state in
                state.answered = true
                state.expectedLength = expectedLength
            }
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = state.withLock { state in
            guard state.outcome == nil else { return false }
            state.received += data.count
            guard state.received <= sizeLimit else { return true }
            state.body.append(data)
            return false
        }
        if overLimit {
            finish(.failure(error("the server sent more than the \(Self.bytes(sizeLimit)) limit")))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = Self.redirectTarget(of: response, request: request)
        let schemes = [target?.scheme, request.url?.scheme].map { $0?.lowercased() }
        let refused = state.withLock { state -> (Caller?, HTTPSourceError)? in
            guard state.outcome == nil else { return nil }
            state.redirects += 1
            let refusal: HTTPSourceError
            if !schemes.allSatisfy({ $0 == "http" || $0 == "https" }) {
                let shown = InertText.clipped(target?.absoluteString ?? "", limit: 80)
                refusal = error(
                    "the server redirected to \(shown), which is not an http or https URL")
            } else if state.redirects > Self.redirectLimit {
                refusal = error("the server redirected more than \(Self.redirectLimit) times")
            } else {
                completionHandler(request)
                return nil
            }
            // Decided before the cancel, so the session has stopped waiting.
            completionHandler(nil)
            return (end(&state, with: .failure(refusal)), refusal)
        }
        if let (caller, refusal) = refused { caller?.resume(throwing: refusal) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let outcome: Result<Data, any Error> = state.withLock { state in
            if let error {
                return .failure(
                    failure(
                        error, answered: state.answered, received: state.received,
                        expectedLength: state.expectedLength))
            }
            // The real answer after an interim one, not yet checked.
            if !state.answered, state.interim, let response = task.response {
                switch check(response) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let expectedLength):
                    state.answered = true
                    state.expectedLength = expectedLength
                }
            }
            // A redirect FoundationNetworking did not follow (no usable
            // `Location`) ends here, its body never checked: it is the
            // status that answers, not an empty file.
            if let response = task.response as? HTTPURLResponse,
                !(200..<300).contains(response.statusCode)
            {
                return .failure(
                    self.error("the server answered \(HTTPStatus.shown(response.statusCode))"))
            }
            guard state.answered else {
                return .failure(self.error("the server's answer is not HTTP"))
            }
            if let expected = state.expectedLength, state.received < expected {
                return .failure(truncatedError(received: state.received, expected: expected))
            }
            return .success(state.body)
        }
        finish(outcome)
    }

    /// Where `response` sends the fetch: its `Location`, resolved against
    /// the URL that answered, or else the session's new request.
    ///
    /// The `Location` is read, not just the new request's URL, because
    /// FoundationNetworking rewrites a target without a host into one on the
    /// server's own host: `file:///etc/passwd` arrives here as
    /// `http://<server>/etc/passwd`, which would hide what the server asked.
    static func redirectTarget(of response: HTTPURLResponse, request: URLRequest) -> URL? {
        guard let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: response.url)
        else { return request.url }
        return target.absoluteURL
    }

    // MARK: Ending

    /// Ends the fetch with `outcome`, unless it has already ended: resumes
    /// the caller, then queues the teardown.
    private func finish(_ outcome: Result<Data, any Error>) {
        let caller = state.withLock { state in end(&state, with: outcome) }
        caller?.resume(with: outcome)
    }

    /// Records `outcome` and queues the teardown, unless the fetch has
    /// already ended, and hands back the caller to resume once the lock is
    /// let go.
    ///
    /// Queued under the lock, so a redirect decided before this is decided
    /// before the cancel, and one after it finds the fetch ended.
    private func end(_ state: inout State, with outcome: Result<Data, any Error>) -> Caller? {
        guard state.outcome == nil else { return nil }
        state.outcome = outcome
        state.body = Data()
        control.async { self.close() }
        defer { state.caller = nil }
        return state.caller
    }

    /// Whether `response` is one to read the body of: the length it claims,
    /// if one that can be checked, or why not.
    private func check(_ response: URLResponse) -> Result<Int?, HTTPSourceError> {
        guard let response = response as? HTTPURLResponse else {
            return .failure(error("the server's answer is not HTTP"))
        }
        guard (200..<300).contains(response.statusCode) else {
            return .failure(error("the server answered \(HTTPStatus.shown(response.statusCode))"))
        }
        let type = response.value(forHTTPHeaderField: "Content-Type").map { value in
            (value.split(separator: ";", maxSplits: 1).first ?? "")
                .trimmingCharacters(in: .whitespaces)
        }
        if let type, !type.isEmpty, !Self.acceptedTypes.contains(type.lowercased()) {
            let shown = InertText.clipped(type, limit: 60)
            return .failure(error("the server sent \(shown), not CSV, JSON or plain text"))
        }
        // A compressed body's end cannot be checked: libcurl decodes what
        // arrives and never says a gzip body stopped short, so one cut
        // between rows would read as a shorter file. So the request asks
        // for the body as it is, and nothing else is taken.
        if let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?
            .trimmingCharacters(in: .whitespaces).lowercased(),
            !encoding.isEmpty, encoding != "identity"
        {
            let shown = InertText.clipped(encoding, limit: 40)
            return .failure(
                error("the server compressed the body as \(shown), though people asked it not to"))
        }
        // The same holds for a transfer coding: `Transfer-Encoding: gzip`
        // cut between rows read as a shorter file, with a made-up last row.
        // Chunked alone says where the body ends, so it alone is taken.
        if let transfer = response.value(forHTTPHeaderField: "Transfer-Encoding") {
            let codings = transfer.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if codings.contains(where: { $0 != "chunked" }) {
                let shown = InertText.clipped(codings.joined(separator: ", "), limit: 40)
                return .failure(
                    error(
                        "the server sent the body in the transfer coding \(shown); people takes only chunked"
                    ))
            }
        }
        guard let length = response.value(forHTTPHeaderField: "Content-Length") else {
            return .success(nil)
        }
        // Repeated headers arrive joined by commas: the same length twice is
        // one length (RFC 9112), two different ones say nothing to trust.
        let lengths = Set(
            length.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) })
        guard lengths.count == 1, let digits = lengths.first else {
            let shown = InertText.clipped(length, limit: 60)
            return .failure(error("the server sent different Content-Length headers (\(shown))"))
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return .failure(error(Self.badLengthReason))
        }
        guard let claimed = Int(digits), claimed <= sizeLimit else {
            let shown = Int(digits).map(Self.bytes) ?? "\(InertText.clipped(digits)) bytes"
            return .failure(
                error(
                    "the server would send \(shown), more than the \(Self.bytes(sizeLimit)) limit"))
        }
        return .success(claimed)
    }

    /// The media types an import can be: CSV, JSON, vCard and plain text
    /// under their usual names, and `application/octet-stream`, which
    /// servers send when they do not know.
    static let acceptedTypes: Set<String> = [
        "text/csv", "text/plain", "application/json", "application/csv",
        "text/comma-separated-values", "text/vcard", "text/x-vcard", "text/directory",
        "application/octet-stream",
    ]

}
