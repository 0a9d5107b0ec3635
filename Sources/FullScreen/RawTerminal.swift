import Dispatch
import Features
import Foundation

/// The process's own terminal, taken whole: raw keys, the alternate screen,
/// no cursor — and always given back.
///
/// Given back on `q`, at the end of input, on an error, on SIGTERM, SIGINT
/// and SIGHUP (each becomes an event, and the session ends as for `q`, so
/// every scope's work stops first; then the program ends by that signal,
/// as the line front end, which catches none, does, so whoever sent it
/// sees it worked), and while suspended by ^Z or SIGTSTP:
/// the terminal is restored, the process stops, and on `fg` it is taken
/// again and drawn whole. In raw mode Ctrl-C and Ctrl-Z arrive as keys,
/// not signals, and mean the same. Any other signal that ends the program
/// — a crash, SIGQUIT, SIGUSR1, SIGALRM — gives it back first
/// (`TerminalRescue`), then ends it as that signal does.
///
/// Keys are read on a thread of their own, since a read blocks, and handed
/// to the main actor through the ``EventQueue``.
@MainActor
public final class RawTerminal: FullScreenTerminal {
    public let events = EventQueue()
    private var saved = termios()
    private var hasSaved = false
    private var signalSources: [any DispatchSourceSignal] = []
    private var isReading = false
    /// The signal that asked the session to end, if one did: raised again
    /// once the terminal is given back.
    private let endedBy = Locked<Int32?>(nil)

    /// What must happen before a signal that ended the session ends the
    /// program: work that would otherwise be cut off half done.
    private let beforeEndingBySignal: @Sendable () -> Void

    /// The terminal on standard input and output; nothing changes until
    /// ``begin()``.
    ///
    /// - Parameter beforeEndingBySignal: run once the terminal is given
    ///   back, when a signal ended the session, just before the signal
    ///   ends the program (the server store sends its cancels there).
    public init(beforeEndingBySignal: @escaping @Sendable () -> Void) {
        self.beforeEndingBySignal = beforeEndingBySignal
    }

    public var size: TerminalSize {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
            window.ws_row > 0
        else { return TerminalSize(rows: 24, columns: 80) }
        return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }

    public func begin() {
        if tcgetattr(STDIN_FILENO, &saved) == 0 { hasSaved = true }
        // Before the terminal is taken, so no moment of the session is left
        // without a way back.
        TerminalRescue.arm(restoring: hasSaved ? saved : nil, writing: Self.leavingBytes)
        takeTerminal()
        signalSources = Self.listenForSignals(posting: events, noting: endedBy)
        if !isReading {
            isReading = true
            Self.startReading(posting: events)
        }
    }

    public func end() {
        for source in signalSources { source.cancel() }
        signalSources = []
        for signal in Self.endingSignals + [SIGTSTP] { Foundation.signal(signal, SIG_DFL) }
        giveTerminalBack()
        TerminalRescue.disarm()
        // Every screen has left and the terminal is as it was: the signal
        // does now what it would have done at once, with its default action.
        if let signal = endedBy.withLock({ $0 }) {
            beforeEndingBySignal()
            Self.endByDefault(signal)
        }
    }

    /// Ends the process by `signal`'s default action, as if never caught.
    ///
    /// Unblocked on this thread first: the signal sources may have blocked
    /// it, and a blocked signal raised would only wait, never end anything.
    private nonisolated static func endByDefault(_ signal: Int32) {
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signal)
    }

    public func suspend() {
        giveTerminalBack()
        // Stops here until `fg` or SIGCONT; SIGSTOP cannot be ignored. Sent
        // to this thread (`raise`), not the process (`kill`), which another
        // thread could take while this one goes on to take the terminal
        // again before the stop: the terminal would stay raw while stopped.
        raise(SIGSTOP)
        takeTerminal()
    }

    public func draw(_ frame: CellGrid, as bytes: [UInt8]) {
        write(bytes)
    }

    /// How long a signal waits for a write it stopped.
    ///
    /// Then the terminal is given back regardless: a server that stops
    /// answering would hold the session for ever. The same bound the server
    /// store gives its cancel requests when a signal ends a line session.
    static let stopLimit = Duration.seconds(5)

    /// Waits five seconds (`stopLimit`), or until the calling task is
    /// cancelled.
    public func waitOutStopLimit() async {
        try? await Task.sleep(for: Self.stopLimit)
    }

    /// Writes all of `bytes` to standard output, unless the terminal is gone.
    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard var next = buffer.baseAddress else { return }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(STDOUT_FILENO, next, left)
                if written > 0 {
                    next += written
                    left -= written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    // The terminal is gone (a hangup): nothing to draw on.
                    return
                }
            }
        }
    }

    /// The signals that end the session, as `q` does.
    private nonisolated static let endingSignals = [SIGTERM, SIGINT, SIGHUP]

    /// Raw mode and the alternate screen, with the cursor hidden, lines
    /// not wrapped, and pastes marked, so that pasted text is read as text
    /// and never as keys that add, delete or quit (``Key/pasted(_:)``).
    private func takeTerminal() {
        if hasSaved {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
            withUnsafeMutableBytes(of: &raw.c_cc) { controls in
                controls[Int(VMIN)] = 1
                controls[Int(VTIME)] = 0
            }
            // TCSANOW, not TCSAFLUSH: keys typed before the screen came up
            // are kept, and handled in order.
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h".utf8))
    }

    /// The terminal as it was found: its modes, the main screen, the cursor.
    ///
    /// The modes first: by the time the main screen shows again, whatever
    /// the person types there is echoed and read a line at a time.
    private func giveTerminalBack() {
        if hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        write(Self.leavingBytes)
    }

    /// What leaves the full screen: pastes no longer marked, plain text,
    /// lines wrapped, the cursor shown, the main screen.
    private static let leavingBytes = Array(
        "\u{1B}[?2004l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Turns each signal the session answers into an event.
    ///
    /// Off the main actor: the handlers run on a queue of their own.
    private nonisolated static func listenForSignals(
        posting events: EventQueue, noting endedBy: Locked<Int32?>
    ) -> [any DispatchSourceSignal] {
        var sources: [any DispatchSourceSignal] = []
        let wanted: [(Int32, TerminalEvent)] =
            Self.endingSignals.map { ($0, .terminate) }
            + [(SIGTSTP, .suspend), (SIGWINCH, .resize), (SIGCONT, .resume)]
        for (number, event) in wanted {
            if number != SIGWINCH, number != SIGCONT { signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if Self.endingSignals.contains(number) { endedBy.withLock { $0 = $0 ?? number } }
                events.post(event)
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }

    /// Reads keys on a thread of its own until the input ends.
    private nonisolated static func startReading(posting events: EventQueue) {
        let reader = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    read(STDIN_FILENO, $0.baseAddress, $0.count)
                }
                if count > 0 {
                    events.post(decoder.decode(Array(buffer[0..<count])).map(TerminalEvent.key))
                } else if count < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    return events.post(.endOfInput)
                }
            }
        }
        reader.name = "people.keys"
        reader.start()
    }
}
