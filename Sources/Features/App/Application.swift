/// What `main` runs: the whole program, built by the composition root.
///
/// `main` does not know whether it got the interactive session or a one-shot
/// command; it runs what the injector gave it and exits with its status.
@MainActor
public protocol Application {
    /// Runs to completion and says how it went.
    func run() async -> ExitCode
}

/// How the process ends, as scripts see it.
public enum ExitCode: Int32, Sendable {
    /// Everything asked for was done.
    case success = 0
    /// The request was understood but failed, such as an unknown id.
    case failure = 1
    /// The request itself was wrong: a bad option, value or command.
    case usage = 2
}
