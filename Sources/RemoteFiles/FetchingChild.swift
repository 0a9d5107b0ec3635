import Dispatch
import Features
import Foundation

/// One fetch in a child process, for ``ChildProcessHTTPSource``: starting
/// the child, reading what it writes, and deciding how the fetch ended.
///
/// A thread of its own reads the child's two pipes together (so neither can
/// fill while the other is read) until both close, holding no more than
/// the size limit of body, then waits for the child to exit: a task
/// blocked on a pipe would hold one of the few cooperative threads.
///
/// The child keeps its own deadline and limits; the parent keeps them
/// again, a little later, so a child that hangs is ended too. Cancelling
/// ends the child with `SIGKILL`, which it cannot ignore or outlive.
final class FetchingChild: Sendable {
    /// The task waiting for the body.
    typealias Caller = CheckedContinuation<Data, any Error>

    private struct State {
        var caller: Caller?
        var child: Process?
        var cancelled = false
        /// Whether the child has been reaped, after which its process id
        /// may name another process and is never signalled.
        var reaped = false
    }

    /// The message FoundationNetworking stops with when the connection
    /// closed before the end of the headers (see ``ChildProcessHTTPSource``).
    static let noResponseStop = "Transfer completed, but there's no response"

    /// How much longer than the fetch's own timeout the child may take.
    static let grace = Duration.seconds(5)

    let url: URL
    let source: HTTPSource
    let program: URL
    private let state = Locked(State())

    init(url: URL, source: HTTPSource, program: URL) {
        self.url = url
        self.source = source
        self.program = program
    }

    /// Starts the child for `caller`, or resumes it at once when the fetch
    /// was cancelled first or the child cannot start.
    func start(for caller: Caller) {
        let child = Process()
        child.executableURL = program
        child.arguments = [
            ChildProcessHTTPSource.childFlag, url.absoluteString,
            String(Int(source.timeout / .milliseconds(1))), String(source.sizeLimit),
        ]
        // The runtime's crash report would fill the pipe with a backtrace;
        // its one line of why is all the parent reads.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        child.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        child.standardOutput = output
        child.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in exited.signal() }
        let refusal: (any Error)? = state.withLock { state in
            if state.cancelled { return CancellationError() }
            do {
                try child.run()
            } catch {
                return HTTPSourceError(
                    url: url,
                    reason:
                        "people could not start itself again to fetch it (\(InertText.clipped("\(error)")))"
                )
            }
            state.caller = caller
            state.child = child
            return nil
        }
        // The parent's copies of the pipes' ends the child writes: until
        // they close, the reads below would never see the end.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        if let refusal {
            try? output.fileHandleForReading.close()
            try? errors.fileHandleForReading.close()
            caller.resume(throwing: refusal)
            return
        }
        Thread.detachNewThread {
            let read = self.read(
                output: output.fileHandleForReading, errors: errors.fileHandleForReading)
            try? output.fileHandleForReading.close()
            try? errors.fileHandleForReading.close()
            exited.wait()
            let outcome = self.outcome(of: child, read)
            let caller = self.state.withLock { state in
                state.reaped = true
                defer { state.caller = nil }
                return state.caller
            }
            caller?.resume(with: outcome)
        }
    }

    /// Ends the fetch: the calling task was cancelled.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if !state.reaped, let child = state.child { kill(child.processIdentifier, SIGKILL) }
        }
    }

    /// What the child wrote, and whether the parent ended it.
    private struct Read {
        var body = Data()
        var errors = Data()
        /// The body went past the size limit; the child was ended.
        var overLimit = false
        /// The child outlived the deadline; it was ended.
        var timedOut = false
        /// The pipes could not be waited on; the child was ended, and what
        /// it wrote is not all it wrote.
        var unread = false
    }

    /// Reads both pipes until both close, or until the body passes the size
    /// limit or the deadline passes, when the child is ended.
    private func read(output: FileHandle, errors: FileHandle) -> Read {
        var read = Read()
        let deadline = ContinuousClock.now + source.timeout + Self.grace
        var open = [output.fileDescriptor, errors.fileDescriptor]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                read.timedOut = true
                endChild()
                return read
            }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let waitMilliseconds = Int32(min(left / .milliseconds(1), 1_000)) + 1
            let ready = poll(&polled, nfds_t(polled.count), waitMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else {
                read.unread = true
                endChild()
                return read
            }
            for descriptor in polled where descriptor.revents != 0 {
                let count = Foundation.read(descriptor.fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    open.removeAll { $0 == descriptor.fd }
                    continue
                }
                if descriptor.fd == output.fileDescriptor {
                    read.body.append(contentsOf: buffer[..<count])
                    if read.body.count > source.sizeLimit {
                        read.overLimit = true
                        read.body = Data()
                        endChild()
                        return read
                    }
                } else if read.errors.count < 4_096 {
                    read.errors.append(contentsOf: buffer[..<count])
                }
            }
        }
        return read
    }

    /// Ends the child with `SIGKILL`, unless it has been reaped.
    private func endChild() {
        state.withLock { state in
            if !state.reaped, let child = state.child { kill(child.processIdentifier, SIGKILL) }
        }
    }

    /// How the fetch ended, from how the child exited and what it wrote.
    private func outcome(of child: Process, _ read: Read) -> Result<Data, any Error> {
        if state.withLock({ $0.cancelled }) { return .failure(CancellationError()) }
        if read.overLimit {
            return .failure(
                error("the server sent more than the \(HTTPTransfer.bytes(source.sizeLimit)) limit")
            )
        }
        if read.timedOut {
            return .failure(
                error(
                    "the server did not finish sending within \(HTTPTransfer.duration(source.timeout))"
                ))
        }
        if read.unread {
            return .failure(error("people could not read what its fetching process wrote"))
        }
        let said = String(decoding: read.errors, as: UTF8.self)
        let exitedByItself = child.terminationReason == .exit
        if exitedByItself && child.terminationStatus == 0 { return .success(read.body) }
        if exitedByItself, let line = said.split(separator: "\n").first, !line.isEmpty {
            return .failure(error(InertText.clipped(String(line), limit: 300)))
        }
        if said.contains(Self.noResponseStop) {
            return .failure(
                error("the server closed the connection before the end of its headers"))
        }
        let how =
            exitedByItself
            ? "exited with status \(child.terminationStatus)"
            : "was stopped by signal \(child.terminationStatus)"
        return .failure(
            error("the fetch stopped on what the server sent (its process \(how))"))
    }

    private func error(_ reason: String) -> HTTPSourceError {
        HTTPSourceError(url: url, reason: reason)
    }
}
