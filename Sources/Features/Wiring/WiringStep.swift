/// One thing the injectors did, as the wiring trace records it: an object
/// made or reused, a provider made or called, a scope begun.
///
/// Business code never records these; the scopes do, for the injectors.
/// It lives here, beside the other plain values, so that ``ObjectGraph`` can
/// draw the steps without knowing any scope.
public struct WiringStep: Sendable, Equatable {
    /// What happened.
    public enum Event: String, Sendable {
        /// Made now and kept by its scope, which hands it out from now on.
        case kept
        /// Handed out again by the scope that keeps it.
        case reused
        /// Made now for the one object that asked; nothing keeps it.
        case made
        /// A provider was made: a function that makes objects later.
        case provider
        /// A provider was called; what it makes is recorded beneath it.
        case called
        /// A scope began.
        case begins
    }

    /// How deep in the tree of building this step is (0 at the top).
    public let depth: Int
    /// The type (or provider) concerned.
    public let name: String
    /// What happened to it.
    public let event: Event
    /// The scope it lives in: `app`, `session`, `person #2`.
    public let scope: String

    /// A step with these values.
    public init(depth: Int, name: String, event: Event, scope: String) {
        self.depth = depth
        self.name = name
        self.event = event
        self.scope = scope
    }

    /// The same step, naming `name` instead: how the trace names a value
    /// by its own type once it is made.
    public func named(_ name: String) -> WiringStep {
        WiringStep(depth: depth, name: name, event: event, scope: scope)
    }

    /// The kind of scope, without which one: `person` for `person #2`.
    public var scopeKind: String {
        String(scope.prefix { $0 != " " })
    }

    /// The step as a line of the trace: `  OpenedPerson · kept · person #2`.
    public var line: String {
        String(repeating: "  ", count: depth) + "\(name) · \(event.rawValue) · \(scope)"
    }
}
