import Foundation
import PeopleTestSupport
import Testing

/// Runs the built `people` binary the way a user or a script would: with
/// arguments, environment and piped standard input, and captures what it
/// printed and how it exited.
///
/// Each run sees its own empty home and data folder unless a test passes
/// one, so no run touches the user's real database or another test's.
final class PeopleProcess {
    /// What one run printed, and how it ended.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
        /// Whether a signal ended it (as `kill -9` does) rather than `exit`.
        let wasKilled: Bool
    }

    /// The folder SwiftPM builds products into; the test bundle lives there too.
    static var productsFolder: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    private let process = Process()
    private let folder: URL

    /// Starts `people` with these arguments, feeding it `input` then end of input.
    ///
    /// - Parameters:
    ///   - home: the home and data folder the run sees; a new, empty one by
    ///     default. Pass the same folder to runs that share data.
    ///   - workingFolder: the folder the run starts in; the test process's
    ///     own by default.
    init(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        home: URL? = nil, workingFolder: URL? = nil
    )
        throws
    {
        let binary = Self.productsFolder.appendingPathComponent("people")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build 'people' first")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "people-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let home = home ?? folder.appendingPathComponent("home")
        var variables = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("PEOPLE_") && $0.key != "COLUMNS"
        }
        variables["HOME"] = home.path
        variables["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        variables.merge(environment) { $1 }

        // Files rather than pipes: nothing can fill up and block.
        try Data(input.utf8).write(to: file("in"))
        try Data().write(to: file("out"))
        try Data().write(to: file("err"))
        process.executableURL = binary
        process.arguments = arguments
        process.environment = variables
        if let workingFolder { process.currentDirectoryURL = workingFolder }
        process.standardInput = try FileHandle(forReadingFrom: file("in"))
        process.standardOutput = try FileHandle(forWritingTo: file("out"))
        process.standardError = try FileHandle(forWritingTo: file("err"))
        try process.run()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends SIGKILL, as `kill -9` does: no clean-up code runs.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Sends `signal`: SIGINT unless told, as Ctrl-C in a terminal does.
    func interrupt(by signal: Int32 = SIGINT) {
        _ = Foundation.kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end.
    func finish() throws -> Outcome {
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            output: try String(contentsOf: file("out"), encoding: .utf8),
            errors: try String(contentsOf: file("err"), encoding: .utf8),
            wasKilled: process.terminationReason == .uncaughtSignal)
    }

    /// Waits for the process to end, but for no longer than `limit`: one
    /// still running then is killed, so a run that would hang fails its test
    /// (``Outcome/wasKilled``) instead of stalling the suite.
    ///
    /// It looks at the process every 10 ms, as `waitUntilExit` looks every
    /// 50 ms, rather than waiting for a termination handler: a blocked test
    /// that waits on code the shared dispatch threads must run can wait on
    /// itself, when blocked tests hold all of those threads.
    func finish(within limit: Duration) throws -> Outcome {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill() }
        return try finish()
    }

    private func file(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// A new home whose book holds the demo persons, put there by `people
    /// demo`: for a test that reads Ada, Alan and Grace, which a new book
    /// no longer holds unasked.
    static func demoHome() throws -> URL {
        let home = try TemporaryFolder().url
        let demo = try run(["demo"], home: home)
        try #require(demo.status == 0, "people demo failed: \(demo.errors)")
        return home
    }

    /// Runs `people` to the end.

    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        home: URL? = nil, workingFolder: URL? = nil
    ) throws -> Outcome {
        try PeopleProcess(
            arguments, input: input, environment: environment, home: home,
            workingFolder: workingFolder
        ).finish()
    }
}
