import Foundation

/// Gives the terminal back when a signal ends the program at once: a crash
/// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, a failed check's SIGTRAP or SIGABRT),
/// or a signal sent to it that ends a program by default and that the
/// session does not answer as an event (SIGQUIT, SIGUSR1, SIGALRM, …).
///
/// SIGTERM, SIGINT and SIGHUP end the session as `q` does, every screen
/// leaving in turn (``RawTerminal``). These cannot wait for that: a crash
/// ends the program now, and what runs in between runs in a signal
/// handler, where only async-signal-safe calls may be made — no allocation,
/// no lock, no Swift array. So all the handler needs is prepared when the
/// terminal is taken, in memory of its own: the modes to put back, and the
/// bytes that leave the full screen. The handler sets the modes and writes
/// the bytes; then runs the handler that was there before, if any (for the
/// crash signals, the Swift runtime's, whose crash report so prints on the
/// main screen, lines read whole); then ends the program by the signal's
/// default action, as if it had never been caught. That last step matters
/// for the runtime's signals: its handler returns once the report is out,
/// and after a `kill -QUIT`, with nothing to crash again, the session went
/// on over a garbled screen.
///
/// The handlers are installed when the terminal is taken, after the Swift
/// runtime installed its own at launch: so they run first, and the terminal
/// is back before the crash report is drawn. A signal the program ignores
/// (SIGPIPE, which the console ignores) ends nothing, and is left alone.
///
/// The one place in the package with state outside any object: a signal
/// handler is a C function, handed the signal's number and nothing else.
enum TerminalRescue {
    /// The signals that end or crash the program by default, but for those
    /// the session answers as events (SIGTERM, SIGINT, SIGHUP), those that
    /// stop it (SIGTSTP, answered too) and the real-time ones the C
    /// library keeps for itself.
    static let signals = [
        SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGUSR1, SIGUSR2,
        SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGSTKFLT, SIGPWR, SIGIO,
    ]

    /// The signals a fault raises in the thread that faulted: never blocked
    /// while a handler runs, since one blocked there would hang the thread.
    private static let faults = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    /// What the handler reads: written before any handler is installed.
    private struct Preparation {
        var modes = termios()
        var hasModes = false
        var byteCount = 0
        /// Whether the handlers are installed.
        var isArmed = false
    }

    /// The most bytes the handler writes.
    private static let byteCapacity = 64
    /// One more than the highest signal number Linux has.
    private static let signalCount = 65

    // Allocated once and never freed: a handler may run at any moment of
    // the program's life. Each is first read by `arm`, on the main actor,
    // so a handler never starts a lazy initialization.
    nonisolated(unsafe) private static let preparation = {
        let memory = UnsafeMutablePointer<Preparation>.allocate(capacity: 1)
        memory.initialize(to: Preparation())
        return memory
    }()
    nonisolated(unsafe) private static let bytes = {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        memory.initialize(repeating: 0, count: byteCapacity)
        return memory
    }()
    /// The action each signal had before, by number.
    nonisolated(unsafe) private static let before = {
        let memory = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
        memory.initialize(repeating: sigaction(), count: signalCount)
        return memory
    }()

    /// Installs the handlers, which set `modes` (when the terminal had
    /// any) and write `leaving` before the program ends by a signal.
    ///
    /// Called on the main actor alone, while no handler is installed.
    static func arm(restoring modes: termios?, writing leaving: [UInt8]) {
        guard !preparation.pointee.isArmed else { return }
        let count = min(leaving.count, byteCapacity)
        for index in 0..<count { bytes[index] = leaving[index] }
        preparation.pointee = Preparation(
            modes: modes ?? termios(), hasModes: modes != nil, byteCount: count, isArmed: true)
        var action = sigaction()
        action.__sigaction_handler = .init(sa_sigaction: { number, info, context in
            TerminalRescue.rescue(number, info, context)
        })
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        // Every other signal waits while the terminal is given back, but a
        // fault: one there ends the program at once, as it would have.
        sigfillset(&action.sa_mask)
        for fault in faults { sigdelset(&action.sa_mask, fault) }
        for number in signals {
            var was = sigaction()
            guard sigaction(number, nil, &was) == 0, !isIgnored(was) else { continue }
            before[Int(number)] = was
            sigaction(number, &action, nil)
        }
    }

    /// Puts back the actions the signals had before ``arm(restoring:writing:)``:
    /// the terminal is given back, and a crash now has nothing to restore.
    static func disarm() {
        guard preparation.pointee.isArmed else { return }
        for number in signals {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0, !isIgnored(current) else { continue }
            sigaction(number, &before[Int(number)], nil)
        }
        preparation.pointee.isArmed = false
    }

    /// Whether `action` ignores its signal.
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The handler: the terminal back, the handler before, the signal's end.
    ///
    /// Only async-signal-safe calls: `tcsetattr`, `write`, `sigaction`,
    /// `pthread_sigmask`, `raise`, on memory prepared before.
    private static func rescue(
        _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
        _ context: UnsafeMutableRawPointer?
    ) {
        let savedErrno = errno
        if preparation.pointee.hasModes {
            tcsetattr(STDIN_FILENO, TCSANOW, &preparation.pointee.modes)
        }
        var next = UnsafeRawPointer(bytes)
        var left = preparation.pointee.byteCount
        while left > 0 {
            let written = write(STDOUT_FILENO, next, left)
            if written > 0 {
                next += written
                left -= written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        errno = savedErrno
        let was = before[Int(number)]
        if was.sa_flags & SA_SIGINFO != 0, let handler = was.__sigaction_handler.sa_sigaction {
            handler(number, info, context)
        } else if let handler = was.__sigaction_handler.sa_handler,
            unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        {
            handler(number)
        }
        var byDefault = sigaction()
        sigaction(number, &byDefault, nil)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
    }
}
