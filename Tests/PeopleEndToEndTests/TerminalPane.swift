import Foundation
import Testing

/// The built `people` binary running in a real terminal: a tmux pane, on a
/// tmux server of its own, so that tests running in parallel never share
/// one and a test's keys reach only its own program.
///
/// What a pipe cannot show needs a terminal: standard input that is a
/// terminal (so keys are typed ahead, not scripted), prompts, and the
/// terminal's own state after the program has gone. The pane runs `people`
/// through `sh`, which then prints `[exited STATUS]` and the terminal's
/// `stty -a`, so a test can read how the program ended and what it left.
///
/// tmux is the one tool these tests need beyond the toolchain; `.ci/run`
/// installs it, and sets `PEOPLE_REQUIRE_TMUX` so that its absence there is
/// a failure rather than a skip.
final class TerminalPane {
    /// Whether tmux can be run here.
    static let isAvailable = FileManager.default.isExecutableFile(atPath: tmux)

    /// Where tmux is looked for: the system's package puts it here.
    private static let tmux = "/usr/bin/tmux"

    private let socket = "people-e2e-\(UUID().uuidString)"
    private let folder: URL

    /// Starts `people` with these arguments in a pane of `columns` × `rows`,
    /// with `environment` over the pane's own (`TERM=xterm-256color`,
    /// `NO_COLOR=1`).
    ///
    /// With `demoBook`, `people demo` first puts the demo persons in the
    /// book the arguments name: a new book starts empty, and a test that
    /// reads Ada, Alan and Grace asks for them.
    init(
        _ arguments: [String], columns: Int = 100, rows: Int = 30, demoBook: Bool = false,
        environment: [String: String] = [:]
    ) throws {
        let binary = PeopleProcess.productsFolder.appendingPathComponent("people")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build 'people' first")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo =
            demoBook
            ? ([binary.path] + arguments + ["demo"]).map(Self.quoted).joined(separator: " ")
                + " >/dev/null; " : ""
        let command =
            demo + ([binary.path] + arguments).map(Self.quoted).joined(separator: " ")
            + "; echo \"[exited $?]\"; stty -a; exec sleep 3600"
        try run(
            [
                "new-session", "-d", "-x", String(columns), "-y", String(rows),
                "env", "HOME=\(folder.path)", "XDG_DATA_HOME=\(folder.path)", "TERM=xterm-256color",
                "NO_COLOR=1",
            ] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
                "sh", "-c", command,
            ])
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Presses each of `keys`, named as tmux names them (`Down`, `C-z`,
    /// `Escape`, `PPage`).
    func press(_ keys: String...) throws {
        try run(["send-keys"] + keys)
    }

    /// Makes the window `columns` × `rows`, as a person dragging its edge.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// The pane's terminal device: what another program writing to the
    /// terminal writes to, drawn over whatever `people` drew.
    func terminalDevice() throws -> String {
        try run(["display-message", "-p", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the program in the pane shows the alternate screen, as a
    /// full-screen program does while it runs and not once it has given
    /// the terminal back.
    func showsAlternateScreen() throws -> Bool {
        try run(["display-message", "-p", "#{alternate_on}"]).hasPrefix("1")
    }

    /// The terminal's settings now, as `stty -a` prints them, read from
    /// outside while the program runs or is stopped.
    func terminalSettings() throws -> String {
        let tty = try run(["display-message", "-p", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try spawn(["/bin/stty", "-a", "-F", tty])
    }

    /// Whether `settings`, as `stty -a` prints them, are those of a terminal
    /// given back: lines read whole (`icanon`) and typing shown (`echo`).
    static func isGivenBack(_ settings: String) -> Bool {
        settings.contains(" icanon ") && !settings.contains("-icanon")
            && settings.contains(" echo ") && !settings.contains(" -echo ")
    }

    /// The process id of the pane's tmux server, which ends with the pane.
    func serverProcess() throws -> pid_t? {
        pid_t(
            try run(["display-message", "-p", "#{pid}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// Sends `signal` (`TERM`, `CONT`) to `people`, the child of the pane's shell.
    func send(signal: String) throws {
        let shell = try run(["display-message", "-p", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try spawn(["/usr/bin/pkill", "-\(signal)", "-P", shell, "-x", "people"])
    }

    /// Types `text`, as it is, then Enter when `enter` is true.
    func type(_ text: String, enter: Bool = true) throws {
        try run(["send-keys", "-l", text])
        if enter { try run(["send-keys", "Enter"]) }
    }

    /// Pastes `text` as a terminal does: between the marks of a paste when
    /// the program asked for them (bracketed paste), and `text` as it is,
    /// marks and all, between them.
    func paste(_ text: String) throws {
        let buffer = folder.appendingPathComponent("paste-\(UUID().uuidString)")
        try Data(text.utf8).write(to: buffer)
        defer { try? FileManager.default.removeItem(at: buffer) }
        try run(["load-buffer", buffer.path])
        try run(["paste-buffer", "-p", "-d"])
    }

    /// What the pane shows now, one line per row, without trailing spaces.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-J"])
    }

    /// What the pane shows now with the escapes that draw it (colours,
    /// bold, reverse video), as tmux keeps them: one line per row.
    func screenWithEscapes() throws -> String {
        try run(["capture-pane", "-p", "-e"])
    }

    /// Waits until the pane shows something `condition` accepts, and
    /// returns it; fails after `seconds`, showing the pane as it was.
    ///
    /// A real program in a real terminal gives no other signal than what it
    /// draws, so this looks again every 50 ms; the limit only ends a test
    /// that would otherwise hang, and is far above what any step takes.
    @discardableResult
    func waitUntil(
        _ what: String, within seconds: Double = 30, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = try screen()
        while !condition(shown) {
            guard Date() < deadline else {
                Issue.record("the pane never showed \(what); it shows:\n\(shown)")
                throw PaneError.timedOut
            }
            usleep(50_000)
            shown = try screen()
        }
        return shown
    }

    /// Waits until `people` has exited and the shell has printed the
    /// terminal's settings after it, and returns its status.
    ///
    /// The settings too: a test reads them from the pane next, and read
    /// between the two lines they were not there yet (`icanon` is in
    /// them either way, as `icanon` or `-icanon`).
    func exitStatus(within seconds: Double = 30) throws -> Int32? {
        let shown = try waitUntil("the program's exit", within: seconds) {
            $0.contains("[exited ") && $0.contains("icanon")
        }
        let status = shown.components(separatedBy: "[exited ").last?.prefix { $0.isNumber }
        return status.flatMap { Int32($0) }
    }

    /// Why the pane could not be driven.
    enum PaneError: Error {
        case timedOut
        case tmuxFailed(String)
    }

    /// Runs one tmux command and returns what it printed.
    ///
    /// Spawned and waited for directly (`posix_spawn`, `waitpid`), not
    /// through `Process`, whose wait needs a dispatch thread that blocked
    /// tests may all be holding; and into a file, not a pipe, since the
    /// tmux server the first command starts keeps the client's output open
    /// for as long as it runs.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        try spawn([Self.tmux, "-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs `argv` (the program's path first) to its end, and returns what
    /// it printed; throws unless it exited with status 0.
    @discardableResult
    private func spawn(_ argv: [String]) throws -> String {
        let file = folder.appendingPathComponent("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing blocked in the child, as from a shell: the thread that
        // spawns it blocks signals for Dispatch, and a tmux server started
        // with them blocked passes them on to `people` and the pane's
        // `sleep`, which then outlives `kill-server` (its SIGHUP blocked),
        // keeping the server alive for an hour after the test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw PaneError.tmuxFailed("posix_spawn: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
        // Exited normally (no signal) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw PaneError.tmuxFailed(text)
        }
        return text
    }

    /// `text` quoted for `sh`.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
