import Features
import Foundation

/// The detail screen in line mode: a heading, one line per row of
/// ``Features/Person/shownFields``, the keys.
///
/// ```
/// Ada Lovelace
///   Name     Ada Lovelace
///   Email    ada@example.org
///   Address  12 St James's Square, London
///   Added    2010-06-21
///   Id       1
/// e edit · d delete · b back · q quit · ? help
/// ```
///
/// A value too long for the terminal's width (``TerminalWidth``) is folded
/// under its label over at most ``foldedLines`` lines; one too long for
/// those ends with `…` and its length, `… (100,000 characters)`, so a field
/// another program filled can be seen to be long without flooding the
/// screen.
@MainActor
public final class TerminalPersonDetailView: PersonDetailView, LineInputView {
    private let console: any Console
    private let width: TerminalWidth
    private var model: PersonDetailViewModel?

    /// The most lines one field's value is folded over.
    public static let foldedLines = 4

    /// A view that writes to `console`, its lines cut to `width`.
    public init(console: any Console, width: TerminalWidth) {
        self.console = console
        self.width = width
    }

    public func show(_ model: PersonDetailViewModel) {
        self.model = model
        if let confirmation = model.confirmation {
            let undo = " (\(LineKeyMap.key(for: .undo).keys) on the list undoes it.)"
            console.writeLine(
                TerminalLine.message(
                    confirmation.question + (confirmation.canBeUndone ? undo : ""), width: width)
                    + " Type y to confirm, anything else keeps them.", as: .error)
            return
        }
        if model.isLoading {
            // The fields follow once the person has been read again; a
            // script gets them when they come.
            guard console.showsProgress else { return }
            let loading = " · loading…"
            let name = TerminalLine.fitted(model.title, to: width.columns - loading.count)
            return console.writeLine(name + loading, as: .title)
        }
        let columns = width.columns
        console.writeLine(TerminalLine.fitted(model.title, to: columns), as: .title)
        let labelWidth = model.fields.map(\.label.count).max() ?? 0
        let indent = String(repeating: " ", count: labelWidth + 4)
        let room = max(10, columns - indent.count)
        for field in model.fields {
            for (index, line) in Self.folded(field.value, into: room).enumerated() {
                let label = index == 0 ? "  \(field.label.padded(to: labelWidth))  " : indent
                console.writeLine((label + line).clipped(toColumns: columns))
            }
        }
        console.writeLine(LineKeyMap.keyLine(LineKeyMap.keys(on: .detail)), as: .keys)
    }

    public func showMessage(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .success)
    }

    public func showError(_ message: String) {
        console.writeLine(TerminalLine.message(message, width: width), as: .error)
    }

    /// The reason, then how to leave (`…; b goes back.`).
    public func showLoadFailure(_ message: String) {
        showError(message + LineKeyMap.backHint)
    }

    public func handle(_ input: String) async {
        guard let model else { return }
        if let confirmation = model.confirmation {
            let answer = input.trimmingCharacters(in: .whitespaces).lowercased()
            return answer == "y" || answer == "yes"
                ? await confirmation.confirm() : await confirmation.cancel()
        }
        switch KeyInput(input) {
        case .key("e"): await model.edit()
        case .key("d"): await model.delete()
        case .key("b"): await model.back()
        case .key("q"): await model.quit()
        case .key("?"): console.writeLines(LineKeyMap.help(on: .detail))
        case .empty: show(model)
        case .number, .search, .key, .unknown: showError(KeyInput.complaint(for: input))
        }
    }

    /// `value` made inert and folded into lines of at most `room` display
    /// columns, at most ``foldedLines`` of them; when that is not all of
    /// it, the last ends with `…` and the value's length in characters.
    package static func folded(_ value: String, into room: Int) -> [String] {
        // Never more than the lines can show is folded, however long the
        // value; only counting its characters reads it all.
        let limit = 4 * room * foldedLines
        let scalars = value.unicodeScalars
        let isCut =
            scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex)
            .map { $0 != scalars.endIndex } ?? false
        var lines: [String] = []
        var rest = InertText.clipped(value, limit: limit)[...]
        while !rest.isEmpty && lines.count <= foldedLines {
            var end = rest.prefixEnd(columns: room)
            // A character wider than the room still takes a line.
            if end == rest.startIndex { end = rest.index(after: end) }
            lines.append(String(rest[..<end]))
            rest = rest[end...]
        }
        guard isCut || lines.count > foldedLines else { return lines.isEmpty ? [""] : lines }
        let note = "… (\(grouped(value.count)) characters)"
        let kept = lines.prefix(foldedLines)
        var last = kept.last ?? ""
        // The ellipsis of a cut by scalars, which the note's replaces.
        if isCut && last.hasSuffix("…") { last.removeLast() }
        let cut = last[..<last.prefixEnd(columns: max(0, room - note.displayColumns))]
        return kept.dropLast() + [String(cut) + note]
    }

    /// `count` with its thousands grouped by commas: `100,000`.
    private static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        return digits.enumerated().reduce(into: "") { text, item in
            if item.offset > 0 && (digits.count - item.offset) % 3 == 0 { text += "," }
            text.append(item.element)
        }
    }

}

extension TerminalViews: PersonDetailViewMaking {
    /// This front end's view of the screen, made where the view is.
    public func makePersonDetailView() -> any PersonDetailView {
        TerminalPersonDetailView(console: console, width: width)
    }
}
