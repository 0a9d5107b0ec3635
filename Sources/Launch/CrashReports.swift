import Foundation

/// The Swift runtime's crash report, kept from waiting on the terminal.
///
/// Started at a terminal, the runtime's crash report asks there for a key
/// ("Press space to interact, D to debug…") and waits for it, whatever the
/// terminal's state: after a crash in the full screen it waited in raw
/// mode, once for a debugger that was never coming. The runtime reads its
/// settings from `SWIFT_BACKTRACE` once, as the program starts, before any
/// line of it runs; so a run at a terminal whose setting does not say
/// `interactive=` starts itself again, once, in the same process, with
/// `interactive=no` added. The report is then printed whole, and the
/// program ends by its signal (see the full-screen front end's
/// `TerminalRescue`).
public enum CrashReports {
    /// The environment variable the Swift runtime reads its crash settings from.
    public static let variable = "SWIFT_BACKTRACE"

    /// The setting to start again with, given the one this run started
    /// with; `nil` when this run's will do: standard input is no terminal
    /// (so the report asks nothing), or the setting already says whether
    /// to ask.
    public static func quietSetting(_ current: String?, inputIsTerminal: Bool) -> String? {
        guard inputIsTerminal else { return nil }
        let settings = (current ?? "").split(separator: ",", omittingEmptySubsequences: true)
        let keys = settings.map {
            $0.split(separator: "=").first?.trimmingCharacters(in: .whitespaces)
        }
        guard !keys.contains("interactive") else { return nil }
        return (settings.map(String.init) + ["interactive=no"]).joined(separator: ",")
    }

    /// Starts this program again in place, with the same arguments, and
    /// with ``quietSetting(_:inputIsTerminal:)`` when it is not `nil`.
    ///
    /// Returns only when there is no need, or when the program cannot be
    /// started again (its file is gone): it then goes on as it is, its
    /// crash report as the runtime set it.
    public static func keepFromAsking() {
        let current = ProcessInfo.processInfo.environment[variable]
        guard let setting = quietSetting(current, inputIsTerminal: isatty(STDIN_FILENO) == 1),
            let program = try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/self/exe")
        else { return }
        setenv(variable, setting, 1)
        execv(program, CommandLine.unsafeArgv)
        // Still here: the program was not started again.
        if let current { setenv(variable, current, 1) } else { unsetenv(variable) }
    }
}
