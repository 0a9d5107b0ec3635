import Features
import Foundation

/// The progress of a long import, on standard error, when that is a
/// terminal: one line, `importing… 12,000 of 200,000`, rewritten in place
/// with a carriage return, and cleared at the end.
///
/// Whether standard error is a terminal is asked at each write, not when
/// the line is made (a constructor does no work): a log that standard
/// error is redirected to gets no carriage returns.
public struct TerminalProgressLine: ProgressLine {
    /// The line of this process's standard error.
    public init() {}

    public func show(_ done: Int, of total: Int) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        Self.send("\r\u{1B}[Kimporting… \(done) of \(total)")
    }

    public func end() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        Self.send("\r\u{1B}[K")
    }

    /// Writes `text` to standard error as it is: nowhere is left to report
    /// a failure to write a progress line.
    private static func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, base + offset, buffer.count - offset)
                guard written > 0 || errno == EINTR else { return }
                offset += max(0, written)
            }
        }
    }
}
