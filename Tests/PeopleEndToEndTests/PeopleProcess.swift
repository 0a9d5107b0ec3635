import Foundation
import Testing

/// Runs the built `people` binary the way a user or a script would: with
/// arguments, environment and piped standard input, and captures what it
/// printed and how it exited.
struct PeopleProcess {
    /// What one run printed, and its exit code.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
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

    /// Runs `people` with these arguments, feeding it `input` then end of input.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:]
    ) throws -> Outcome {
        let binary = productsFolder.appendingPathComponent("people")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build 'people' first")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("people-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("in")
        let outputFile = folder.appendingPathComponent("out")
        let errorFile = folder.appendingPathComponent("err")
        try Data(input.utf8).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)

        // Files rather than pipes: nothing can fill up and block.
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PEOPLE_") }
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            errors: try String(contentsOf: errorFile, encoding: .utf8))
    }
}
