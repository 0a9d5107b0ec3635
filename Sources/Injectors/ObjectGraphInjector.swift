import AppScope
import Features
import Foundation
import Terminal

/// Builds `people graph`, which draws the object graph from a real run.
@MainActor
public enum ObjectGraphInjector {
    /// The lines of the recorded tour: every screen's tour in the line front
    /// end's keys (``Terminal/LineKeyMap/tour``), then quit, so each screen
    /// and provider is used at least once.
    public static let tourKeys = LineKeyMap.tour

    /// The command, with a provider that records the tour when run.
    public static func injectObjectGraphCommand(_ app: AppScope) -> ObjectGraphCommand {
        app.make(ObjectGraphCommand(tour: injectWiringTourProvider(app), console: app.console))
    }

    /// Records an interactive session driven by ``tourKeys`` through the real
    /// injectors.
    ///
    /// It runs in a scope of its own: an in-memory store holding the
    /// samples, a console that writes nowhere, a trace that keeps every
    /// step. Nothing of the running app's scope is touched.
    public static func injectWiringTourProvider(_ app: AppScope) -> WiringTourProvider {
        app.provider {
            let sample = AppScope(
                configuration: Configuration(storeKind: .memory),
                console: ScriptedConsole(input: tourKeys),
                readSource: { source in
                    throw UsageError("\(source): the tour reads no files")
                },
                clock: { Date(timeIntervalSince1970: 0) },
                wiring: WiringTrace(printer: nil, keepsSteps: true))
            _ = await AppInjector.injectInteractiveSession(sample).run()
            return WiringTour(steps: sample.wiring.steps)
        }
    }
}
