/// The list screen in line mode: a numbered page of rows, then one line of keys.
///
/// ```
/// People · 1–3 of 3
///   1  Ada Lovelace          12 St James's Square, London
///   2  Alan Turing           Hollymeade, Wilmslow
/// 1–2 open · / search · a add · q quit · ? help
/// ```
@MainActor
public final class TerminalPersonListView: PersonListView {
    private let console: any Console
    private var model: PersonListViewModel?

    /// A view that writes to `console`.
    public init(console: any Console) {
        self.console = console
    }

    public func show(_ model: PersonListViewModel) {
        self.model = model
        console.writeLine("\(model.title) · \(model.summary)", as: .title)
        let width = min(28, model.rows.map(\.title.count).max() ?? 0)
        for (index, row) in model.rows.enumerated() {
            let number = String(index + 1).leftPadded(to: 3)
            let line =
                "\(number)  \(row.title.clipped(to: width).padded(to: width))  \(row.subtitle)"
            console.writeLine(line.trimmingTrailingSpaces())
        }
        console.writeLine(keyLine(model), as: .keys)
    }

    public func showError(_ message: String) {
        console.writeLine(message, as: .error)
    }

    public func handle(_ input: String) {
        guard let model else { return }
        switch KeyInput(input) {
        case .number(let number) where model.rows.indices.contains(number - 1):
            model.rows[number - 1].select()
        case .number(let number):
            showError(
                model.rows.isEmpty
                    ? "There is no row \(number); this page is empty."
                    : "There is no row \(number) on this page; rows are 1–\(model.rows.count).")
        case .key("n"):
            guard let next = model.showNextPage else { return showError("This is the last page.") }
            next()
        case .key("p"):
            guard let previous = model.showPreviousPage else {
                return showError("This is the first page.")
            }
            previous()
        case .search(let text):
            model.search(text)
        case .key("a"):
            model.add()
        case .key("q"):
            model.quit()
        case .key("s"):
            guard let settings = model.openSettings else {
                return showError(KeyInput.complaint(for: input))
            }
            settings()
        case .key("b"):
            showError("The list is the first screen; q quits.")
        case .key("?"):
            console.writeLines(Self.help)
        case .empty:
            show(model)
        case .key, .unknown:
            showError(KeyInput.complaint(for: input))
        }
    }

    private func keyLine(_ model: PersonListViewModel) -> String {
        var keys: [String] = []
        if !model.rows.isEmpty {
            keys.append(model.rows.count == 1 ? "1 open" : "1–\(model.rows.count) open")
        }
        if model.showNextPage != nil { keys.append("n next") }
        if model.showPreviousPage != nil { keys.append("p previous") }
        keys += ["/text search", "a add"]
        if model.openSettings != nil { keys.append("s settings") }
        keys += ["q quit", "? help"]
        return keys.joined(separator: " · ")
    }

    private static let help = """
        List keys:
          1, 2, …   open that row
          n / p     next / previous page
          /text     show only names containing text; / alone shows everyone
          a         add a person
          s         settings
          q         quit
        """
}
