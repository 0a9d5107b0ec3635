import Foundation
import Testing

/// Every Swift example in the articles and doc comments is code that CI
/// compiles, and every example of the wiring trace is output a test expects.
///
/// An example in an article or a doc comment must appear, line for line, in a
/// Swift file under `Sources`, `Tests` or `Examples` (it may sit deeper
/// indented there). So renaming an API breaks the build of the quoted file,
/// and then this test, instead of quietly breaking the reader. The one
/// exception is code in another library's API — a container the articles
/// compare with — which its article introduces with "not compiled here".
///
/// A block of trace lines (each beginning `wiring:`) is held to the same
/// rule: it must be a run of the lines a trace test expects, so a change to
/// what the injectors build shows up in the examples too.
@Suite struct DocumentationExampleTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A Swift block: where it is, and its lines.
    struct Example: CustomTestStringConvertible {
        let place: String
        let lines: [Substring]
        var testDescription: String { place }
    }

    private static func files(under folder: String, ending suffix: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter {
            $0.lastPathComponent.hasSuffix(suffix) && !$0.path.contains("/.build")
        }
    }

    /// The Swift and trace blocks of every article and every doc comment. (The
    /// README's one example is a shortened copy of the consumer package's
    /// test, which ``ReadmeExampleTests`` checks.)
    static let examples: [Example] = {
        let documents =
            files(under: "Docs", ending: ".md").map { ($0, false) }
            + files(under: "Sources", ending: ".swift").map { ($0, true) }
            + files(under: "Tests/PeopleTestSupport", ending: ".swift").map { ($0, true) }
        return documents.flatMap { document, isSource -> [Example] in
            let text = (try? String(contentsOf: document, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                isSource ? docComment($0) : $0
            }
            var examples: [Example] = []
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                let fence = lines[index].trimmingCharacters(in: .whitespaces)
                let isTrace =
                    fence == "```" && index + 1 < lines.count
                    && lines[index + 1].hasPrefix("wiring:")
                guard fence == "```swift" || isTrace else { continue }
                let introduction = lines[max(0, index - 3)..<index].joined(separator: " ")
                let end =
                    lines[(index + 1)...].firstIndex {
                        $0.trimmingCharacters(in: .whitespaces) == "```"
                    }
                    ?? lines.count
                if !introduction.contains("not compiled here") {
                    examples.append(
                        Example(
                            place: "\(document.lastPathComponent):\(index + 1)",
                            lines: Array(lines[(index + 1)..<end])))
                }
                index = end
            }
            return examples
        }
    }()

    /// A source line's doc comment text (after `/// `), or an empty line
    /// for code, so that only doc comments' blocks are found.
    private static func docComment(_ line: Substring) -> Substring {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix("///") else { return "" }
        let comment = text.dropFirst(3)
        return comment.first == " " ? comment.dropFirst() : comment
    }

    /// Every compiled Swift file, as lines.
    private static let sources: [[Substring]] = ["Sources", "Tests", "Examples"].flatMap {
        files(under: $0, ending: ".swift")
    }.map { file in
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    private static func indentation(_ line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// Whether `example` is a run of `file`'s lines, shifted right by the
    /// same number of spaces throughout.
    private static func file(_ file: [Substring], holds example: [Substring]) -> Bool {
        guard let first = example.first(where: { !$0.isEmpty }) else { return false }
        let trimmedFirst = first.drop { $0 == " " }
        let offset = example.firstIndex(of: first) ?? 0
        for start in file.indices where file[start].drop(while: { $0 == " " }) == trimmedFirst {
            let shift = indentation(file[start]) - indentation(first)
            let top = start - offset
            guard shift >= 0, top >= 0, top + example.count <= file.count else { continue }
            let padding = String(repeating: " ", count: shift)
            let matches = example.indices.allSatisfy { line in
                let shown = example[line]
                let compiled = file[top + line]
                return shown.isEmpty
                    ? compiled.allSatisfy { $0 == " " } : compiled == padding + shown
            }
            if matches { return true }
        }
        return false
    }

    @Test func theArticlesHaveExamples() async {
        #expect(Self.examples.count > 20)
        #expect(Self.examples.count { $0.lines.first?.hasPrefix("wiring:") == true } >= 2)
    }

    @Test(arguments: examples)
    func everyExampleIsCompiledCode(_ example: Example) async {
        #expect(
            Self.sources.contains { Self.file($0, holds: example.lines) },
            "\(example.place) is not a run of lines from any compiled Swift file")
    }
}
