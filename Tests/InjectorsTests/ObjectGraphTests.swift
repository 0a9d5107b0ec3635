import AppScope
import Features
import Foundation
import Injectors
import PeopleTestSupport
import Testing

/// `people graph` draws the graph the real injectors build, and the
/// README's picture is that drawing.
@MainActor
@Suite struct ObjectGraphTests {
    /// The graph `people graph` draws, from a tour of the real injectors.
    static func drawn() async throws -> String {
        ObjectGraph(
            steps: try await ObjectGraphInjector.injectWiringTourProvider(TestScopes.app())().steps
        )
        .mermaid
    }

    @Test func theGraphHasEveryScopeWithWhatLivesInIt() async throws {
        let graph = try await Self.drawn()
        #expect(graph.hasPrefix("flowchart LR\n"))
        for line in [
            #"subgraph app["app scope: one per run of people"]"#,
            #"app_PersonStore["PersonStore<br/><i>kept, one per app</i>"]"#,
            #"session_Navigator["Navigator<br/><i>kept, one per session</i>"]"#,
            "session_Navigator --> session_TerminalNavigator",
            "session_TerminalNavigator --> session_ViewFactory",
            "session_PersonListController --> session_TerminalPersonListView",
            "app_PersonStore --> app_PersonStorebase",
            #"session_LastChange["LastChange<br/><i>kept, one per session</i>"]"#,
            #"person_OpenedPerson["OpenedPerson<br/><i>kept, one per person</i>"]"#,
            #"session_PersonDetailControllerProvider(["PersonDetailControllerProvider<br/><i>provider</i>"])"#,
            "session_PersonDetailControllerProvider -. makes .-> person_PersonDetailController",
            "person_OpenedPerson --> app_PersonStore",
            "person_PersonEditControllerProvider -. makes .-> person_PersonEditController",
        ] {
            #expect(graph.contains(line), "missing: \(line)")
        }
    }

    /// The controller that shows `screen`: an exhaustive `switch`, so a new
    /// screen is a compile error here until a test can look for it.
    static func controller(of screen: AppScreen) -> any Screen.Type {
        switch screen {
        case .list: PersonListController.self
        case .detail: PersonDetailController.self
        case .form: PersonEditController.self
        case .settings: SettingsController.self
        }
    }

    @Test(arguments: AppScreen.allCases)
    func theTourOpensEveryDeclaredScreen(_ screen: AppScreen) async throws {
        let tour = try await ObjectGraphInjector.injectWiringTourProvider(TestScopes.app())()
        let name = WiringTrace.name(of: Self.controller(of: screen))
        #expect(
            tour.steps.contains { $0.name == name && $0.event == .made },
            "people graph never opens \(screen.name): its LineKeyMap.tour(of:) does not reach it")
    }

    @Test func theGraphIsTheSameEveryTime() async throws {
        let first = try await Self.drawn()
        #expect(try await Self.drawn() == first)
    }

    /// The README shows the graph's shape, not all of it.
    ///
    /// It has every scope, and one screen's objects in each, so a new
    /// screen changes nothing there. What it does show is held to what
    /// `people graph` draws, line by line, so no box or arrow in it can be
    /// one the wiring lacks.
    @Test func theReadmesGraphIsPartOfWhatTheCommandDraws() async throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```mermaid\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let shown = text[start.upperBound..<end.lowerBound].split(separator: "\n")
        let drawn = try await Self.drawn().split(separator: "\n")
        for line in shown where !drawn.contains(line) {
            Issue.record(
                """
                README.md's graph shows a line `people graph` does not draw: \
                remove it, or copy its line from 'swift run people graph':
                \(line)
                """)
        }
        for scope in drawn where scope.hasPrefix("    subgraph ") && !shown.contains(scope) {
            Issue.record(
                "README.md's graph leaves out a scope: add its lines from 'swift run people graph', beginning \(scope)"
            )
        }
        #expect(shown.first == "flowchart LR")
        #expect(shown.count < drawn.count, "the README shows the shape, not the whole graph")
    }
}
