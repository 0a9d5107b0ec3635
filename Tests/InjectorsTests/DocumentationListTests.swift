import AppScope
import Features
import Foundation
import Injectors
import Testing

/// Every list in the docs that names things one by one — the screens each
/// scope's work loads for, the fakes, the stores, the view factories, the
/// scope's parameters, the articles, the modules and benchmarks, the
/// folders and files, and the guides' counts of them — is held to the
/// code, both ways.
///
/// The lists are written for a reader, so they stay prose. What keeps them
/// true is here: a screen, a fake or a store the code gains fails a test
/// until its list names it, and so does one the list names that the code no
/// longer has. Each message says which file to edit. The screens' loads and
/// the list's providers are read from the graph the real injectors build
/// (`people graph`), and a screen is named in a list by its case in
/// ``Features/AppScreen`` (`list`, `detail`, `form`, `settings`), written as
/// one word or, for a case of two (`personDetail`), as its words apart.
///
/// A list that would grow with every screen is better not kept at all:
/// the README names one screen the list opens, as an example, the table of
/// fakes names the recording views by their pattern, and the session's work
/// is "the loads of every screen but a person's", a rule held here.
@MainActor
@Suite struct DocumentationListTests {
    private static let workArticle = "Docs/People.docc/WorkThatBelongsToAScope.md"
    private static let scopesArticle = "Docs/People.docc/ScopesAndLifetimes.md"
    private static let testingArticle = "Docs/People.docc/TestingWithHandMadeScopes.md"
    private static let storeQueryArticle = "Docs/People.docc/AddAStoreQuery.md"
    private static let screenGuide = "Docs/People.docc/AddAScreen.md"

    /// One arrow of `people graph`: the name it starts from, and the scope
    /// and name it points to (`session_SettingsController -->
    /// session_ScopedWork`).
    struct Arrow {
        let from: String
        let makes: Bool
        let toScope: String
        let to: String
    }

    /// The arrows of the graph the real injectors build.
    private static func arrows() async throws -> [Arrow] {
        let arrow = #/^\s*([a-z]+)_(\w+) (-->|-\. makes \.->) ([a-z]+)_(\w+)$/#
        return try await ObjectGraphTests.drawn().split(separator: "\n").compactMap { line in
            guard let found = try? arrow.wholeMatch(in: line) else { return nil }
            return Arrow(
                from: String(found.2), makes: found.3 != "-->", toScope: String(found.4),
                to: String(found.5))
        }
    }

    /// The scopes of the graph, by the names its boxes begin with (`app`).
    private static func scopes() async throws -> [String] {
        try await ObjectGraphTests.drawn().split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.first == "subgraph", words.count > 1 else { return nil }
            return String(words[1].prefix { $0 != "[" })
        }
    }

    /// The name the graph gives the controller of `screen`.
    private static func controller(of screen: AppScreen) -> String {
        WiringTrace.name(of: ObjectGraphTests.controller(of: screen))
    }

    /// The screens whose loads are each scope's work, as the real wiring has
    /// it: an arrow from the screen's controller to the scope's `ScopedWork`.
    private static func loads() async throws -> [String: Set<AppScreen>] {
        let arrows = try await arrows()
        var loads: [String: Set<AppScreen>] = [:]
        for screen in AppScreen.allCases {
            for arrow in arrows
            where arrow.from == controller(of: screen) && arrow.to == "ScopedWork" {
                loads[arrow.toScope, default: []].insert(screen)
            }
        }
        return loads
    }

    /// The screens `text` names, by their cases' names.
    private static func screens(namedIn text: some StringProtocol) -> Set<AppScreen> {
        let named = Self.names(in: text, of: AppScreen.allCases.map(\.rawValue))
        return Set(AppScreen.allCases.filter { named.contains($0.rawValue) })
    }

    /// Which of `cases` (`settings`, `personDetail`) `text` names, as a
    /// case is written in code or in prose: as one word, in any case
    /// (`personDetail`, `PersonDetail`), or as its words apart (`person
    /// detail`, `person-detail`), but never as part of a longer word.
    static func names(in text: some StringProtocol, of cases: [String]) -> Set<String> {
        let words = text.split { !$0.isLetter }.map { $0.lowercased() }
        return Set(
            cases.filter { name in
                // `personDetail` → ["person", "detail"]
                let parts = name.reduce(into: [""]) { parts, letter in
                    if letter.isUppercase { parts.append("") }
                    parts[parts.count - 1] += letter.lowercased()
                }
                return words.contains(name.lowercased())
                    || (parts.count > 1
                        && words.indices.contains { start in
                            Array(words[start...].prefix(parts.count)) == parts
                        })
            })
    }

    /// A two-word screen is found however a list writes it, and a word
    /// that only starts like a screen's name is not.
    @Test func aScreenIsFoundByItsCaseInOneWordOrInItsWordsApart() {
        let cases = ["settings", "personDetail", "list"]
        #expect(Self.names(in: "the personDetail's loads", of: cases) == ["personDetail"])
        #expect(Self.names(in: "| the PersonDetail screen |", of: cases) == ["personDetail"])
        #expect(Self.names(in: "the person detail, then", of: cases) == ["personDetail"])
        #expect(
            Self.names(in: "(person-detail; settings)", of: cases) == ["personDetail", "settings"])
        #expect(Self.names(in: "a person's details, listed", of: cases).isEmpty)
    }

    /// Records an issue for each screen `list` leaves out of `expected`, and
    /// for each it names that `expected` does not hold, each ending with
    /// `fix`: the text to paste.
    private static func expect(
        _ list: String, names named: Set<AppScreen>, being expected: Set<AppScreen>,
        _ what: String, fix: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for screen in expected.subtracting(named).sorted(by: { $0.rawValue < $1.rawValue }) {
            Issue.record(
                "\(list) leaves out \(screen.rawValue), one of \(what); \(fix)",
                sourceLocation: sourceLocation)
        }
        for screen in named.subtracting(expected).sorted(by: { $0.rawValue < $1.rawValue }) {
            Issue.record(
                "\(list) names \(screen.rawValue), which is not one of \(what); \(fix)",
                sourceLocation: sourceLocation)
        }
    }

    /// How the lists name the loads of `screens`, in the order of
    /// ``Features/AppScreen``: `the list's and the settings' loads`, a case of
    /// two words written apart (`the person detail's`).
    static func loadsPhrase(_ screens: Set<AppScreen>) -> String {
        let names = AppScreen.allCases.filter(screens.contains).map { screen in
            let words = screen.rawValue.reduce(into: "") { words, letter in
                words += letter.isUppercase ? " " + letter.lowercased() : String(letter)
            }
            return "the " + words + (words.hasSuffix("s") ? "'" : "'s")
        }
        let joined =
            names.count > 1
            ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            : names.joined()
        return joined + " loads"
    }

    @Test func theLoadsAreNamedAsTheListsWriteThem() {
        #expect(Self.loadsPhrase([.settings, .list]) == "the list's and the settings' loads")
        #expect(Self.loadsPhrase([.detail]) == "the detail's loads")
        #expect(
            Self.loadsPhrase([.list, .form, .settings])
                == "the list's, the form's and the settings' loads")
    }

    /// The text of `document` from the line `heading` to the next heading of
    /// the same level.
    private static func section(_ heading: String, of document: String) throws -> Substring {
        let text = try RepositoryFiles.text(document)
        let start = try #require(text.range(of: "\n" + heading + "\n"), "\(document): \(heading)")
        let level = heading.prefix { $0 == "#" }
        let next = text.range(of: "\n\(level) ", range: start.upperBound..<text.endIndex)
        return text[start.upperBound..<(next?.lowerBound ?? text.endIndex)]
    }

    /// How both lists say what the session's work holds: a rule, not a
    /// list of screens, so that a new screen that loads in the session
    /// changes neither.
    static let sessionWork =
        "the loads of every screen but a person's, and the list's following of changes made elsewhere"

    /// Records an issue unless the session's work is every screen's loads
    /// but the person scope's, as ``sessionWork`` says, and no other scope
    /// has work: a screen whose loads moved to another scope breaks the rule.
    private static func expectSessionRule(
        _ loads: [String: Set<AppScreen>], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let loading = loads.values.reduce(into: Set<AppScreen>()) { $0.formUnion($1) }
        #expect(
            loads["session"] == loading.subtracting(loads["person"] ?? []),
            "the session's work is no longer every screen's loads but a person's; reword `\(sessionWork)` in both lists",
            sourceLocation: sourceLocation)
        for scope in Set(loads.keys).subtracting(["session", "person"]).sorted() {
            Issue.record(
                "the \(scope) scope has work of its own; give it a row in \(workArticle) and words in \(scopesArticle)'s tree",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theWorkArticlesTableNamesTheLoadsOfEachScope() async throws {
        let loads = try await Self.loads()
        #expect(!loads.isEmpty)
        Self.expectSessionRule(loads)
        var rows: [String: (work: Substring, row: Substring)] = [:]
        for row in try RepositoryFiles.text(Self.workArticle).split(separator: "\n") {
            // | ``AppScope/PersonScope`` | the detail's loads | … |
            guard let found = try #/^\| ``AppScope/(\w+)Scope`` \|([^|]*)\|/#.prefixMatch(in: row)
            else { continue }
            rows[found.1.lowercased()] = (found.2, row)
        }
        #expect(
            rows["session"]?.work.trimmingCharacters(in: .whitespaces) == Self.sessionWork,
            "WorkThatBelongsToAScope.md's row of the session scope: write its work as `\(Self.sessionWork)`"
        )
        for scope in Set(loads.keys).union(rows.keys).subtracting(["session"]).sorted() {
            let work = rows[scope]?.work ?? ""
            #expect(rows[scope] != nil, "WorkThatBelongsToAScope.md's table has no \(scope) scope")
            // The row as it should be: its work column rewritten, the rest kept.
            let phrase = " \(Self.loadsPhrase(loads[scope] ?? [])) "
            let fixed =
                rows[scope].map { $0.row.replacing($0.work, with: phrase, maxReplacements: 1) }
                ?? "| ``AppScope/\(scope.capitalized)Scope`` |\(phrase)| … |"
            Self.expect(
                "WorkThatBelongsToAScope.md's row of the \(scope) scope",
                names: Self.screens(namedIn: work), being: loads[scope] ?? [],
                "the screens whose loads are that scope's work",
                fix: "paste this row over it:\n\(fixed)")
        }
    }

    @Test func theScopesArticlesTreeNamesTheLoadsOfEachScope() async throws {
        let loads = try await Self.loads()
        Self.expectSessionRule(loads)
        let text = try RepositoryFiles.text(Self.scopesArticle)
        let start = try #require(text.range(of: "```\napp scope ─"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let tree = text[start.lowerBound..<end.lowerBound].split(separator: "\n")
        // `└── session scope ─ one per …`: the word before ` scope ─`.
        let heads = tree.indices.compactMap { index -> (String, Int)? in
            guard let mark = tree[index].range(of: " scope ─") else { return nil }
            let before = tree[index][..<mark.lowerBound].split { !$0.isLetter }
            return before.last.map { (String($0), index) }
        }
        #expect(
            Set(heads.map { $0.0 }) == Set(try await Self.scopes()),
            "ScopesAndLifetimes.md's tree does not have the scopes of `people graph`")
        for (number, (scope, first)) in heads.enumerated() {
            let last = number + 1 < heads.count ? heads[number + 1].1 : tree.endIndex
            // The scope's lines, without the tree's branches: `│   `.
            let block = tree[first..<last].map { line in
                line.drop { $0 == " " || $0 == "│" || $0 == "└" || $0 == "─" }
            }.joined(separator: " ")
            // `ScopedWork (the detail's loads)`
            let work = block.range(of: "ScopedWork (").map { opening in
                block[opening.upperBound...].prefix { $0 != ")" }
            }
            if scope == "session" {
                #expect(
                    work.map(String.init) == Self.sessionWork,
                    "ScopesAndLifetimes.md's tree, in the session scope: write `ScopedWork (\(Self.sessionWork))`, keeping the tree's lines within its width"
                )
                continue
            }
            Self.expect(
                "ScopesAndLifetimes.md's tree, in the \(scope) scope's ScopedWork",
                names: Self.screens(namedIn: work ?? ""), being: loads[scope] ?? [],
                "the screens whose loads are that scope's work",
                fix:
                    "write `ScopedWork (\(work ?? ""))` there as `ScopedWork (\(Self.loadsPhrase(loads[scope] ?? [])))`, "
                    + "keeping the tree's lines within its width")
        }
    }

    /// The README names a screen the list opens as an example, not all of
    /// them, so a new screen changes nothing there; one it names must still
    /// be one the list opens.
    @Test func theReadmeNamesOnlyScreensTheListHasAProviderFor() async throws {
        let arrows = try await Self.arrows()
        let list = Self.controller(of: .list)
        let providers = Set(
            arrows.filter { $0.from == list && $0.to.hasSuffix("Provider") }.map(\.to))
        let made = Set(arrows.filter { $0.makes && providers.contains($0.from) }.map(\.to))
        let opened = Set(AppScreen.allCases.filter { made.contains(Self.controller(of: $0)) })
        #expect(opened.count >= 3)
        let readme = try RepositoryFiles.text("README.md")
        // "… and a **provider** for each screen it opens (the detail, for one)."
        let opening = try #require(readme.range(of: "for each screen it opens ("))
        let named = Self.screens(namedIn: readme[opening.upperBound...].prefix { $0 != ")" })
        #expect(!named.isEmpty, "README.md's reading order, step 4, names no screen")
        for screen in named.subtracting(opened) {
            Issue.record(
                "README.md's reading order, step 4, names \(screen.rawValue), which the list does not open: name one of \(opened.map(\.rawValue).sorted())"
            )
        }
    }

    @Test func theReadmesProviderTypeIsDeclaredAsItShowsIt() throws {
        let readme = try RepositoryFiles.text("README.md")
        let shown = readme.matches(of: #/`(\w+Provider = [^`]+)`/#).map { String($0.1) }
        #expect(!shown.isEmpty)
        // Each file's words joined by single spaces: a declaration may wrap.
        let sources = try RepositoryFiles.swiftFiles(under: "Sources").map(RepositoryFiles.text)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for declaration in shown {
            #expect(
                sources.contains { $0.contains("public typealias \(declaration) ") },
                "README.md shows `\(declaration)`, which no file in Sources declares")
        }
    }

    @Test func theFakesTableNamesEveryPublicTypeOfTheTestSupport() throws {
        let section = try Self.section(
            "### The fakes, and exactly what each records", of: Self.testingArticle)
        let declaration = #/(?m)^public (?:final )?(?:class|struct|enum|actor) (\w+)/#
        let declared = try Set(
            RepositoryFiles.swiftFiles(under: "Tests/PeopleTestSupport").flatMap { file in
                try RepositoryFiles.text(file).matches(of: declaration).map { String($0.1) }
            })
        #expect(declared.count > 10)
        let linked = Set(section.matches(of: #/``PeopleTestSupport/(\w+)``/#).map { String($0.1) })
        // One recording view a screen: the row names them by their pattern,
        // `Recording…View`, so a new screen's view needs no new row.
        let perScreen = declared.filter { $0.wholeMatch(of: #/Recording\w+View/#) != nil }
        let named = linked.union(declared.filter { section.contains("`\($0)`") })
            .union(section.contains("`Recording…View`") ? perScreen : [])
        for type in declared.subtracting(named).sorted() {
            Issue.record("TestingWithHandMadeScopes.md's fakes leave out \(type), a public type")
        }
        for type in linked.subtracting(declared).sorted() {
            Issue.record("TestingWithHandMadeScopes.md's fakes name \(type), which is not declared")
        }
    }

    /// Every type in `Sources`, `Tests` and `Examples` declared to conform to
    /// `proto` on the line that names it, with its file.
    private static func conformers(to proto: String) throws -> [(type: String, file: String)] {
        let conformance = try Regex(
            #"(?:class|struct|actor|enum) (\w+)\s*:[^{\n]*\b"# + proto + #"\b"#)
        return try ["Sources", "Tests", "Examples"].flatMap(RepositoryFiles.swiftFiles(under:))
            .flatMap { file in
                try RepositoryFiles.text(file).matches(of: conformance).compactMap { found in
                    found.output[1].substring.map { (String($0), file) }
                }
            }
    }

    /// `AddAField.md`'s table names every file in `Sources` that names the
    /// nickname, its worked example, and no other: a field that grows a
    /// file more (or one less) fails here, naming the row to add or drop.
    @Test func theFieldWalkthroughNamesEveryFileAFieldTouches() throws {
        let article = "Docs/People.docc/AddAField.md"
        let text = try RepositoryFiles.text(article)
        let rows = Set(
            text.matches(of: #/(?m)^\| \d+ \| `([^`]+)` \|/#).map { String($0.output.1) })
        let naming = Set(
            try RepositoryFiles.swiftFiles(under: "Sources").filter { file in
                try RepositoryFiles.text(file).localizedCaseInsensitiveContains("nickname")
            })
        // The count the article's prose gives is the table's.
        let words = [
            "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen",
        ]
        let count = words.indices.contains(rows.count) ? words[rows.count] : "\(rows.count)"
        #expect(
            text.contains("costs \(count) files"), "\(article) says how many files a field costs")
        for file in naming.subtracting(rows) {
            Issue.record("\(article)'s table leaves out \(file), which names the nickname")
        }
        for file in rows.subtracting(naming) {
            Issue.record("\(article)'s table names \(file), which no longer names the nickname")
        }
    }

    /// The files of the walkthrough's numbered table, in `AddAStoreQuery.md`.
    private static func storeQueryRows() throws -> [String] {
        try RepositoryFiles.text(storeQueryArticle).matches(of: #/(?m)^\| \d+ \| `([^`]+)` \|.*$/#)
            .map { String($0.0) }
    }

    /// A real store in `Sources` is named in a row of the walkthrough's
    /// table: by its file, or — the memory store, which answers in each
    /// query's own file — by its name.
    ///
    /// A new query is answered there. Every other store — a decorator, a
    /// fake, a test's own store — is named in the text, which says why it
    /// needs no edit (or, for a test's real store, that it answers too).
    @Test func theStoreQueryWalkthroughNamesEveryStore() throws {
        let article = try RepositoryFiles.text(Self.storeQueryArticle)
        let rows = try Self.storeQueryRows()
        let realStores = try Self.conformers(to: "PersonStorage")
        let layers = try Self.conformers(to: "PersonStore")
        #expect(realStores.count >= 3)
        #expect(layers.count >= 8)
        for (store, file) in realStores + layers {
            if file.hasPrefix("Sources/") && realStores.contains(where: { $0.file == file }) {
                #expect(
                    rows.contains { $0.contains("`\(file)`") || $0.contains("`\(store)`") },
                    "AddAStoreQuery.md's table of files leaves out the real store in \(file)")
            } else {
                #expect(
                    article.contains("`\(file)`") || article.contains("`\(store)`"),
                    "AddAStoreQuery.md names neither \(store) nor its file, \(file)")
            }
        }
    }

    /// Every query is answered in the files the walkthrough lists.
    ///
    /// Those the table lists for the count, with the query's own file in
    /// the count's place: its file (with the memory store's answer), the
    /// line in `PersonStorage`, and the SQLite and server stores' files.
    /// So the table's count is what any query costs, and the code teaches
    /// one layout.
    @Test func everyQueryIsAnsweredInTheFilesTheWalkthroughLists() throws {
        let example = "Sources/Features/Store/Queries/CountQuery.swift"
        let listed = Set(
            try Self.storeQueryRows().compactMap { $0.firstMatch(of: #/`([^`]+)`/#) }
                .map { String($0.1) })
        #expect(listed.contains(example))
        let queries = try Self.conformers(to: "PersonQuery").filter {
            $0.file.hasPrefix("Sources/")
        }
        #expect(queries.count >= 10)
        let sources = try RepositoryFiles.swiftFiles(under: "Sources").map {
            ($0, try RepositoryFiles.text($0))
        }
        for (query, file) in queries {
            let expected = listed.subtracting([example]).union([file])
            let answering = Set(
                sources.filter { $0.1.contains("func answer(_ query: \(query))") }.map(\.0))
            for extra in answering.subtracting(expected).sorted() {
                Issue.record(
                    "\(extra) answers \(query), outside the files AddAStoreQuery.md's table lists")
            }
            for missing in expected.subtracting(answering).sorted() {
                Issue.record(
                    "\(missing), listed in AddAStoreQuery.md's table, does not answer \(query)")
            }
        }
    }

    @Test func theViewsArticlesTableNamesEveryViewFactory() throws {
        let article = try RepositoryFiles.text("Docs/People.docc/OneControllerSeveralViews.md")
        let named = Set(article.matches(of: #/(?m)^\| .*``\w+/(\w+)``/#).map { String($0.1) })
        // The package's views; an example package's wrapper for its own
        // tests (Examples/Containers' NavigatedViews) is not a front end.
        let factories = Set(
            try Self.conformers(to: "ViewFactory").filter { !$0.file.hasPrefix("Examples/") }
                .map(\.type))
        #expect(factories.count >= 3)
        for factory in factories.subtracting(named).sorted() {
            Issue.record("OneControllerSeveralViews.md's table leaves out \(factory)")
        }
        for factory in named.subtracting(factories).sorted() {
            Issue.record("OneControllerSeveralViews.md's table names \(factory), not a ViewFactory")
        }
    }

    @Test func theTestingArticleNamesEveryParameterOfTheAppScope() throws {
        let source = try RepositoryFiles.text("Sources/AppScope/AppScope.swift")
        let start = try #require(source.range(of: "\n    public init(\n"))
        let end = try #require(
            source.range(of: "\n    ) {", range: start.upperBound..<source.endIndex))
        let parameters = source[start.upperBound..<end.lowerBound].split(separator: "\n")
            .compactMap { $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) }
        #expect(parameters.count > 5)
        let section = try Self.section("### What a test can hand a scope", of: Self.testingArticle)
        // | the store | `personStore` | a `MemoryPersonStore`, … |
        let named = section.matches(of: #/(?m)^\| [^|]+ \| `(\w+)` \|/#).map { String($0.1) }
        for parameter in Set(parameters).subtracting(named).sorted() {
            Issue.record("TestingWithHandMadeScopes.md's edges leave out AppScope's \(parameter)")
        }
        for parameter in Set(named).subtracting(parameters).sorted() {
            Issue.record("TestingWithHandMadeScopes.md's edges name \(parameter), not AppScope's")
        }
    }

    /// The rows of `document`'s numbered table of files (`| 3 | `Sources/…` | … |`).
    private static func fileRows(of document: String) throws -> Int {
        try RepositoryFiles.text(document).matches(of: #/(?m)^\| \d+ \| `/#).count
    }

    @Test func theScreenGuideCountsTheFilesItsTablesList() throws {
        let numbers = [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen", "twenty",
        ]
        let guide = try RepositoryFiles.text(Self.screenGuide).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        // "A screen opened from the list touches eighteen files outside `Tests`."
        let screen = try #require(guide.firstMatch(of: #/touches (\w+) files outside/#))
        #expect(
            numbers.firstIndex(of: String(screen.1)).map { $0 + 1 }
                == (try Self.fileRows(of: Self.screenGuide)),
            "AddAScreen.md says it touches \(screen.1) files; its table lists another number")
        // "A new store query touches four more (<doc:AddAStoreQuery>)."
        let query = try #require(guide.firstMatch(of: #/store query touches (\w+) more/#))
        #expect(
            numbers.firstIndex(of: String(query.1)).map { $0 + 1 }
                == (try Self.fileRows(of: Self.storeQueryArticle)),
            "AddAScreen.md says a store query touches \(query.1) more; AddAStoreQuery.md's table differs"
        )
    }

    @Test func theCatalogListsEveryArticleOnce() throws {
        let listed = try RepositoryFiles.text("Docs/People.docc/People.md")
            .matches(of: #/(?m)^- <doc:(\w+)>$/#).map { String($0.1) }
        let articles = try RepositoryFiles.names(in: "Docs/People.docc")
            .filter { $0.hasSuffix(".md") && $0 != "People.md" }.map { String($0.dropLast(3)) }
        #expect(Set(listed).count == listed.count, "People.md's topics list an article twice")
        for article in Set(articles).subtracting(listed).sorted() {
            Issue.record("People.md's topics leave out \(article).md")
        }
        for article in Set(listed).subtracting(articles).sorted() {
            Issue.record("People.md's topics list \(article), which Docs/People.docc does not have")
        }
    }

    /// The doc site documents every library module of the package, the
    /// test-support ones among them, but the server store, which needs its
    /// trait: `Scripts/build-docs` builds each,
    /// and the catalog's topics list each.
    @Test func theDocSiteDocumentsEveryLibraryModule() throws {
        let libraries = try RepositoryFiles.names(in: "Sources").filter { folder in
            !RepositoryFiles.swiftFiles(under: "Sources/" + folder).isEmpty
                && !["people", "PostgreSQLStore"].contains(folder)
        }
        // The test-support libraries, published for other packages' tests.
        let support = try RepositoryFiles.names(in: "Tests").filter { $0.hasSuffix("TestSupport") }
        let modules = Set(libraries + support)
        // modules="Features AppScope …"
        let script = try RepositoryFiles.text("Scripts/build-docs")
        let built = try #require(script.firstMatch(of: #/(?m)^modules="([^"]*)"/#))
        let catalog = try RepositoryFiles.text("Docs/People.docc/People.md")
        let topics = catalog.matches(of: #/(?m)^- ``(\w+)``$/#).map { String($0.1) }
        for (list, named) in [
            ("Scripts/build-docs' modules", built.1.split(separator: " ").map(String.init)),
            ("People.md's topics", topics),
        ] {
            for module in modules.subtracting(named).sorted() {
                Issue.record("\(list) leave out \(module)")
            }
            for module in Set(named).subtracting(modules).sorted() {
                Issue.record("\(list) name \(module), which is not a library module")
            }
        }
    }

    @Test func theReadmesLayoutNamesEveryModuleAndBenchmark() throws {
        let layout = try Self.section("## Layout", of: "README.md")
        let words = Set(layout.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        for folder in try RepositoryFiles.names(in: "Sources") where !folder.hasPrefix(".") {
            #expect(words.contains(folder), "README.md's layout leaves out Sources/\(folder)")
        }
        // Benchmarks/          paging-, wiring- and server-benchmark (see Speed at scale)
        let benchmarks = try #require(layout.firstMatch(of: #/\nBenchmarks/ +([^\n]*)/#)).1
        for folder in try RepositoryFiles.names(in: "Benchmarks")
        where folder.hasSuffix("Benchmark") {
            let name = folder.dropLast("Benchmark".count).lowercased()
            #expect(
                benchmarks.contains("\(name)-"),
                "README.md's layout leaves out the \(name)-benchmark, in Benchmarks/\(folder)")
        }
    }

    /// A test the docs point to by name (a suite, `…Tests`, or a test
    /// function, a long lower-case name) is one the tests declare, so
    /// renaming a test fails here until the docs follow.
    @Test func everyTestTheDocsNameIsATest() throws {
        let tests = try
            (RepositoryFiles.swiftFiles(under: "Tests")
            + RepositoryFiles.swiftFiles(under: "Examples")).map(RepositoryFiles.text)
            .joined(separator: "\n")
        let declared = Set(
            tests.matches(of: #/(?:func|struct|class) (\w+)/#).map { String($0.1) })
        let articles = try RepositoryFiles.names(in: "Docs/People.docc")
            .filter { $0.hasSuffix(".md") }.map { "Docs/People.docc/" + $0 }
        var named = 0
        for document in ["README.md"] + articles {
            let text = try RepositoryFiles.text(document)
            for found in text.matches(of: #/`([A-Z]\w+Tests|[a-z][A-Za-z]{24,})`/#) {
                named += 1
                #expect(
                    declared.contains(String(found.1)),
                    "\(document) names \(found.1), which no test in Tests or Examples declares")
            }
        }
        #expect(named > 30)
    }

    @Test func everyPathTheDocsNameIsInThePackage() throws {
        let articles = try RepositoryFiles.names(in: "Docs/People.docc")
            .filter { $0.hasSuffix(".md") }.map { "Docs/People.docc/" + $0 }
        let path = #/\b(?:Sources|Tests|Examples|Benchmarks|Scripts|Docs)/[\w+./-]*/#
        var paths = 0
        for document in ["README.md"] + articles {
            for found in try RepositoryFiles.text(document).matches(of: path) {
                paths += 1
                let named = String(found.0.reversed().drop { $0 == "." }.reversed())
                #expect(
                    RepositoryFiles.exists(named),
                    "\(document) names \(named), which is not in the package")
            }
        }
        #expect(paths > 50)
    }
}
