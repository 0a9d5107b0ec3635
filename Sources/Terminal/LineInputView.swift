import Features

/// A view of the line front end: it is handed each line typed while its
/// screen is on top, and turns it into one of its model's intents.
///
/// The line front end's side of ``Features/ScreenView``: `Features` sees no
/// typed text, so taking a line is declared here, by the front end that
/// reads lines, and every view it makes conforms.
@MainActor
public protocol LineInputView: ScreenView {
    /// Turns one line of input into one of the shown model's intents.
    func handle(_ input: String) async
}

extension Screen {
    /// Hands `line` to this screen's view, as the line front end does with
    /// what is typed: a view of another front end takes no lines, and
    /// ignores it.
    public func handle(line: String) async {
        await (view as? any LineInputView)?.handle(line)
    }
}
