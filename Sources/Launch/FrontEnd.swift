/// Which front end an interactive session draws with: `--ui full|line`.
///
/// A launch setting, not an app one: `Features` never learns which front
/// end draws its screens, and the composition root turns this into a view
/// factory and its navigator in one `switch`.
public enum FrontEnd: String, Sendable, CaseIterable {
    /// The split view: the list and the highlighted person side by side,
    /// keys read raw. The default at a terminal.
    case full
    /// One line per answer, a line at a time: what scripts, pipes and a
    /// terminal that says it is dumb get.
    case line

    /// The front end for a run that did not ask for one: `full` only when a
    /// person is at a terminal that can draw it — standard input and output
    /// both terminals, and `TERM` set and not `dumb`.
    public static func standard(
        inputIsTerminal: Bool, outputIsTerminal: Bool, term: String?
    ) -> FrontEnd {
        guard inputIsTerminal, outputIsTerminal, let term, !term.isEmpty, term != "dumb" else {
            return .line
        }
        return .full
    }
}
