import Features
import Foundation

/// The inputs a process starts with: its arguments, its environment
/// variables, and whether it is talking to a terminal.
///
/// Gathered in one value so that `main` reads the process once, and a test can
/// describe any launch without touching the real process.
public struct LaunchEnvironment: Sendable {
    /// The arguments after the program's name.
    public var arguments: [String]
    /// The environment variables.
    public var variables: [String: String]
    /// Whether standard input is a terminal (a person typing).
    public var inputIsTerminal: Bool
    /// Whether standard output is a terminal (colour may be used).
    public var outputIsTerminal: Bool

    /// A launch with these inputs.
    public init(
        arguments: [String], variables: [String: String] = [:],
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false
    ) {
        self.arguments = arguments
        self.variables = variables
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
    }

    /// The inputs of the running process.
    public static func current() -> LaunchEnvironment {
        LaunchEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()),
            variables: ProcessInfo.processInfo.environment,
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }
}
