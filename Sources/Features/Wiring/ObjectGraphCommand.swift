/// Records a run of the real injectors and returns its steps: how
/// `people graph` learns the object graph.
public typealias WiringTourProvider = @MainActor () -> [WiringStep]

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

    public func run() -> ExitCode {
        console.writeLines(ObjectGraph(steps: tour()).mermaid)
        return console.settle(.success)
    }
}
