/// Records a run of the real injectors and returns what it built: how
/// `people graph` learns the object graph.
public typealias WiringTourProvider = @MainActor () async throws -> WiringTour

/// What one recorded run of the injectors built, step by step, in order.
///
/// A type of its own, rather than a bare list of steps, so that the
/// provider that records it has a real name in the trace:
/// `WiringTourProvider`.
public struct WiringTour: Sendable, Equatable {
    /// The steps, oldest first.
    public let steps: [WiringStep]

    /// A tour of these steps.
    public init(steps: [WiringStep]) {
        self.steps = steps
    }
}

/// `people graph`: prints the app's object graph as a Mermaid flowchart.
///
/// The steps come from a provider that runs the real injectors, so the
/// picture is of the code as it is, not as someone remembered it.
@MainActor
public final class ObjectGraphCommand: Application {
    private let tour: WiringTourProvider
    private let console: any Console

    /// A command that draws what `tour` records.
    public init(tour: @escaping WiringTourProvider, console: any Console) {
        self.tour = tour
        self.console = console
    }

    public func run() async -> ExitCode {
        do {
            console.writeLines(ObjectGraph(steps: try await tour().steps).mermaid)
            return console.settle(.success)
        } catch {
            console.writeErrorLine("people: could not record the object graph: \(error)")
            return console.settle(.failure)
        }
    }
}
