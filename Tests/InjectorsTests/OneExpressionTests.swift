import Foundation
import Testing

/// Every `inject…` method in `Sources/Injectors` is one expression of glue,
/// as the README, `AppInjector` and the step-by-step article say: a local,
/// a second statement or an early `return` is a failure that names the
/// method and its file.
///
/// The test reads the source, since the compiler has no such rule. It takes
/// the body of each `func inject…`, leaves out comments and string
/// literals, and counts the statements that begin at the body's own level;
/// a line that goes on from the one before (after `=`, `(`, `,` or an
/// operator, or one that begins with `.` or an operator) is the same
/// statement. Each branch of an `#if` is counted on its own.
@Suite struct OneExpressionTests {
    /// The methods allowed more than one statement, with why: the rule as
    /// the docs state it names each of them.
    static let exceptions = [
        "injectServerPersonStore":
            "sets, for the whole process, how Ctrl-C stops a statement before it makes the store"
    ]

    /// One `inject…` method: its name, its file, and the statements of its
    /// body beyond the first.
    struct Method {
        let name: String
        let file: String
        let extraStatements: [String]
    }

    @Test func everyInjectMethodIsOneExpression() throws {
        let methods = try RepositoryFiles.swiftFiles(under: "Sources/Injectors").flatMap { file in
            Self.injectMethods(in: try RepositoryFiles.text(file), file: file)
        }
        #expect(methods.count > 40, "the test found too few inject… methods to be reading them")
        for method in methods where Self.exceptions[method.name] == nil {
            #expect(
                method.extraStatements.isEmpty,
                """
                \(method.name) in \(method.file) is more than one expression: make it one \
                (hand a value used twice down as a parameter), starting at \
                \(method.extraStatements.first ?? "")
                """)
        }
        for (name, reason) in Self.exceptions {
            #expect(
                methods.contains { $0.name == name && !$0.extraStatements.isEmpty },
                """
                \(name) is listed as an exception (it \(reason)) but is one expression \
                now: drop it here and from the rule where the docs state it
                """)
        }
    }

    @Test func theCheckFindsASecondStatement() {
        let source = """
            public static func injectThing(_ app: AppScope) -> Thing {
                let made = Thing(
                    name: "a } brace in a string")  // and { one in a comment
                return app.make(made)
            }

            static func injectOther(_ app: AppScope) -> Other {
                app.make(
                    Other(
                        thing: injectThing(app),
                        kind: app.configuration.debug
                            ? .debug : .plain))
            }
            """
        let methods = Self.injectMethods(in: source, file: "Example.swift")
        #expect(methods.map(\.name) == ["injectThing", "injectOther"])
        #expect(methods.first?.extraStatements == ["let made = Thing(", "return app.make(made)"])
        #expect(methods.last?.extraStatements == [])
    }

    /// The `inject…` methods of `source`, each with the statements of its
    /// body after the first.
    static func injectMethods(in source: String, file: String) -> [Method] {
        let code = Array(withoutCommentsAndStrings(source))
        var methods: [Method] = []
        var index = 0
        while let found = nextInjectMethod(in: code, from: index) {
            guard let open = code[found.nameEnd...].firstIndex(of: "{") else { break }
            var depth = 0
            var close = open
            for position in open..<code.count {
                if code[position] == "{" { depth += 1 }
                if code[position] == "}" { depth -= 1 }
                if depth == 0 {
                    close = position
                    break
                }
            }
            methods.append(
                Method(
                    name: found.name, file: file,
                    extraStatements: extraStatements(in: String(code[(open + 1)..<close]))))
            index = close + 1
        }
        return methods
    }

    /// Where the next `func inject…` in `code` is, from `start`, and its name.
    private static func nextInjectMethod(in code: [Character], from start: Int)
        -> (name: String, nameEnd: Int)?
    {
        let keyword = Array("func inject")
        var position = start
        while position + keyword.count <= code.count {
            if Array(code[position..<(position + keyword.count)]) == keyword {
                var end = position + 5
                while end < code.count, code[end].isLetter || code[end].isNumber { end += 1 }
                return (String(code[(position + 5)..<end]), end)
            }
            position += 1
        }
        return nil
    }

    /// The statements of `body` that begin at its own level, after the first;
    /// each branch of an `#if` starts counting again.
    static func extraStatements(in body: String) -> [String] {
        var extra: [String] = []
        var depth = 0
        var statements = 0
        var previous = ""
        for line in body.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if depth == 0, !text.isEmpty {
                if text.hasPrefix("#if") || text.hasPrefix("#else") {
                    (statements, previous) = (0, "")
                } else if !text.hasPrefix("#endif") {
                    let goesOn =
                        text.first.map { ".?:&|+-*/<>=)]}".contains($0) } == true
                        || previous.last.map { "=?:,([{&|+-*/<>!".contains($0) } == true
                        || text.hasPrefix("else")
                    if !goesOn {
                        statements += 1
                        let declares = ["let ", "var ", "guard ", "defer ", "for ", "while "]
                        if statements > 1 || declares.contains(where: text.hasPrefix) {
                            extra.append(text)
                        }
                    }
                }
            }
            for character in text {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
            }
            if !text.isEmpty, !text.hasPrefix("#") { previous = text }
        }
        return extra
    }

    /// `source` with its comments gone and every string literal emptied, so
    /// a brace or a word in either is not read as code.
    static func withoutCommentsAndStrings(_ source: String) -> String {
        var result = ""
        var rest = Substring(source)
        while let first = rest.first {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                rest = rest.dropFirst(2)
                while !rest.isEmpty, !rest.hasPrefix("*/") { rest = rest.dropFirst() }
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("\"\"\"") {
                rest = rest.dropFirst(3)
                while !rest.isEmpty, !rest.hasPrefix("\"\"\"") { rest = rest.dropFirst() }
                rest = rest.dropFirst(3)
                result += "\"\""
            } else if first == "\"" {
                rest = rest.dropFirst()
                while let next = rest.first, next != "\"", next != "\n" {
                    rest = rest.dropFirst(next == "\\" ? 2 : 1)
                }
                rest = rest.dropFirst()
                result += "\"\""
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }
}
