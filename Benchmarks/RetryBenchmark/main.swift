// Shows that retrying a failing `--import` URL again and again does not
// grow the program's memory.
//
// Runs `people --import <URL>` as a session against a hostile local server
// whose body never ends (the fetch is cut off at the 16 MiB limit, and
// fails), presses Enter to try again once the last try has failed, and
// reads the session's resident memory from /proc after the baseline's
// retries and again after all of them. The verdict is the ratio of the
// two, measured in the same run, never a time. Each try once left its
// buffers in the program, in a malloc arena of whichever thread took it:
// a peak of 148 MiB after 10 tries, 344 MiB after 40, 849 MiB after 80,
// and 1.82× here (a debug build, 2026-11-28); now each fetch runs in a
// child process that takes its memory with it.
//
//   swift run -c release retry-benchmark [RETRIES]     (default 200)
//
// Needs python3 (the tests' hostile server). Exits 1 when the ratio is
// over its limit, so CI can run it.

import Features
import Foundation
import PeopleTestSupport

let retries = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200
let baseline = 20
let limit = 1.25
let people = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("people").path
guard FileManager.default.isExecutableFile(atPath: people), retries > baseline else {
    print("retry-benchmark: no people binary beside this one, or fewer retries than \(baseline)")
    exit(1)
}

/// The lines a session writes, counted as they arrive: each failed try
/// ends with one "Could not load the list" line.
final class Failures: Sendable {
    private let count = Locked(0)
    private let arrived = DispatchSemaphore(value: 0)

    func note() {
        count.withLock { $0 += 1 }
        arrived.signal()
    }

    /// Waits for the next failure; false when none came within a minute.
    func waitForNext() -> Bool { arrived.wait(timeout: .now() + 60) == .success }
}

/// The resident memory of process `pid`, in KiB, from /proc.
func residentKiB(of pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
}

let server = try await LocalHTTPServer()
let session = Process()
session.executableURL = URL(fileURLWithPath: people)
session.arguments = ["--store", "memory", "--import", try server.url("/endless").absoluteString]
session.environment = ProcessInfo.processInfo.environment.filter {
    !$0.key.hasPrefix("PEOPLE_") && $0.key != "MALLOC_ARENA_MAX"
}
let keys = Pipe()
let output = Pipe()
session.standardInput = keys
session.standardOutput = output
session.standardError = FileHandle.nullDevice
try session.run()
let failures = Failures()
let reader = output.fileHandleForReading
Thread.detachNewThread {
    var pending = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let mark = Data("Could not load the list".utf8)
    while true {
        let count = read(reader.fileDescriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        pending.append(contentsOf: buffer[..<count])
        while let found = pending.range(of: mark) {
            failures.note()
            pending.removeSubrange(..<found.upperBound)
        }
    }
}

/// How many tries have failed so far.
var failed = 0

/// Waits for failures, pressing Enter after each to try again, until
/// `tries` tries have failed; false when one did not fail within a minute.
@MainActor func retry(until tries: Int) -> Bool {
    while failed < tries {
        guard failures.waitForNext() else { return false }
        failed += 1
        if failed < tries { keys.fileHandleForWriting.write(Data("\n".utf8)) }
    }
    return true
}

let started = ContinuousClock.now
// The first try starts with the session; each Enter starts one more.
guard retry(until: baseline) else {
    print("retry-benchmark: a try did not fail within a minute")
    exit(1)
}
let before = residentKiB(of: session.processIdentifier)
keys.fileHandleForWriting.write(Data("\n".utf8))
guard retry(until: retries) else {
    print("retry-benchmark: a try did not fail within a minute")
    exit(1)
}
let after = residentKiB(of: session.processIdentifier)
keys.fileHandleForWriting.write(Data("q\n".utf8))
session.waitUntilExit()
server.stop()

let ratio = Double(after) / Double(max(before, 1))
print(
    String(
        format:
            "resident memory after %d tries %6.1f MiB, after %d %6.1f MiB: %.2f× (limit %.2f×) %@ [%.1f s]",
        baseline, Double(before) / 1024, retries, Double(after) / 1024, ratio, limit,
        ratio <= limit ? "ok" : "TOO MUCH",
        (ContinuousClock.now - started) / .seconds(1)))
exit(ratio <= limit ? 0 : 1)
