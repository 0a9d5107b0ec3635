/// A count shown while a long import stores its contacts: on a terminal,
/// one line rewritten in place; anywhere else, nothing.
///
/// A protocol, so ``ContactImport`` says how far it has got and the
/// terminal edge decides whether and how that is drawn: a script reading
/// standard error gets no carriage returns in its log, and a test hands in
/// a line that records the counts.
public protocol ProgressLine: Sendable {
    /// `done` of `total` contacts are stored; the line shows that.
    func show(_ done: Int, of total: Int)

    /// The work is over: the line is cleared, so the next line starts clean.
    func end()
}

/// The progress line of a run whose standard error is not a terminal:
/// shows nothing.
public struct NoProgressLine: ProgressLine {
    /// The line that is never drawn.
    public init() {}
    public func show(_ done: Int, of total: Int) {}
    public func end() {}
}
