import Features

/// The tree of objects the injectors build, as they build it: each object
/// with whether it was made or reused and the scope it lives in.
///
/// Scopes report to it (see ``Scope``), so every `inject…` method is seen.
/// What an object needs is built while it is being built, so it is
/// reported indented beneath it, and the log reads as the composition root
/// at work:
///
/// ```
/// wiring: PersonDetailControllerProvider · called · session
/// wiring:   PersonScope · begins · person #1
/// wiring:   OpenedPerson · kept · person #1
/// wiring:     PersonStore · kept · app
/// wiring:       TracingPersonStore · made · app
/// wiring:         PersonStore (base) · reused · app
/// wiring:   PersonDetailController · made · person #1
/// wiring:     OpenedPerson · reused · person #1
/// ```
///
/// One word per lifetime, the same as the scope method that gave it:
/// `made` is made for the one object that asked (`make`); `kept` is made
/// now and kept by its scope (`keep`, or `begin(_:with:_:)` for the value
/// a scope begins with, such as the opened person); `reused` is handed out
/// again by the scope that keeps it (`keep`, `reuse`).
///
/// With `--trace` it prints to standard error; with `--debug` it keeps the
/// most recent steps for the settings screen; `people graph` keeps them to
/// draw the graph. When nothing asks for it, each report is one branch.
///
/// One per app: held by the app scope, shared by every scope.
public final class WiringTrace: Sendable {
    private struct State {
        var depth = 0
        var steps: [WiringStep] = []
        /// Steps not yet printed or kept, because one of them is still
        /// being made and named (see ``record(_:in:_:)``), oldest first.
        var held: [WiringStep] = []
        /// How many of the held steps are still being made.
        var unnamed = 0
    }

    private let printer: (@Sendable (String) -> Void)?
    private let keepsSteps: Bool
    private let state = Locked(State())
    /// Whether anything is printed or kept; stored, so the check inlined into
    /// every injector is one load and one branch.
    public let isEnabled: Bool

    /// The most steps kept; older ones are dropped.
    public static let keptSteps = 400

    /// A trace that prints each line with `printer` (if any) and keeps the
    /// steps when `keepsSteps` is true.
    public init(printer: (@Sendable (String) -> Void)?, keepsSteps: Bool) {
        self.printer = printer
        self.keepsSteps = keepsSteps
        self.isEnabled = printer != nil || keepsSteps
    }

    /// A trace that does nothing.
    public static let off = WiringTrace(printer: nil, keepsSteps: false)

    /// The steps kept so far, oldest first.
    public var steps: [WiringStep] {
        state.withLock(\.steps)
    }

    /// The kept steps as lines of the trace.
    public var lines: [String] {
        steps.map(\.line)
    }

    /// How the trace names a type: `PersonStore` for `any PersonStore`.
    public static func name<T>(of type: T.Type) -> String {
        let name = String(describing: type)
        return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    /// How the trace names `value`: by its own type, `TerminalNavigator` for
    /// a navigator declared as `any Navigator`. (Taken as `Any`, since in
    /// generic code `type(of:)` gives the declared type.)
    public static func name(ofValue value: Any) -> String {
        String(describing: type(of: value))
    }

    /// How the trace names a provider of `Made`: `PersonDetailControllerProvider`
    /// for a closure that makes a `PersonDetailController`, the name its type
    /// has.
    public static func providerName<Made>(making type: Made.Type) -> String {
        name(of: type) + "Provider"
    }

    /// Reports `name` and builds it with `make`; what `make` builds in turn
    /// is reported one level deeper.
    public func record<Built, Failure: Error>(
        _ name: String, _ event: WiringStep.Event, in scope: String,
        _ make: () throws(Failure) -> Built
    ) throws(Failure) -> Built {
        note(name, event, in: scope)
        state.withLock { $0.depth += 1 }
        defer { state.withLock { $0.depth -= 1 } }
        return try make()
    }

    /// Reports what `make` builds, named by its own type.
    ///
    /// Its own type, not the one it is declared as: `TerminalNavigator`,
    /// not the `any Navigator` a view factory returns; a decorator a test
    /// hands in, not `PersonStore`. What `make` builds in turn is reported
    /// one level deeper.
    ///
    /// A value's own type is known only once it is made, after what it is
    /// made from has been reported; so its step, and every step after it,
    /// is held back until it is named, and the trace still reads parent
    /// before children. If `make` throws, the declared type names it.
    public func record<Built, Failure: Error>(
        _ event: WiringStep.Event, in scope: String, _ make: () throws(Failure) -> Built
    ) throws(Failure) -> Built {
        let held = state.withLock { state in
            state.held.append(
                WiringStep(
                    depth: state.depth, name: Self.name(of: Built.self), event: event,
                    scope: scope))
            state.unnamed += 1
            state.depth += 1
            return state.held.count - 1
        }
        var ownName: String?
        defer {
            let ready = state.withLock { state -> [WiringStep] in
                if let ownName { state.held[held] = state.held[held].named(ownName) }
                state.depth -= 1
                state.unnamed -= 1
                return state.unnamed == 0 ? release(&state) : []
            }
            printLines(ready)
        }
        let built = try make()
        ownName = Self.name(ofValue: built)
        return built
    }

    /// Reports one step that builds nothing beneath it.
    public func note(_ name: String, _ event: WiringStep.Event, in scope: String) {
        let ready = state.withLock { state -> [WiringStep] in
            let step = WiringStep(depth: state.depth, name: name, event: event, scope: scope)
            guard state.unnamed == 0 else {
                state.held.append(step)
                return []
            }
            remember(step, in: &state)
            return [step]
        }
        printLines(ready)
    }

    /// The held steps, now all named, kept in order; returned to be printed.
    private func release(_ state: inout State) -> [WiringStep] {
        let ready = state.held
        state.held = []
        for step in ready { remember(step, in: &state) }
        return ready
    }

    /// Keeps `step` among the most recent, when steps are kept.
    private func remember(_ step: WiringStep, in state: inout State) {
        guard keepsSteps else { return }
        state.steps.append(step)
        if state.steps.count > Self.keptSteps { state.steps.removeFirst() }
    }

    /// Prints `steps`, when the trace prints.
    private func printLines(_ steps: [WiringStep]) {
        guard let printer else { return }
        for step in steps { printer("wiring: " + step.line) }
    }

    /// The value `cache` keeps, reported as kept when made now, reused when
    /// it was already there.
    public func recordCached<Kept>(
        _ cache: ScopeCache<Kept>, in scope: String, _ make: () throws -> Kept
    ) rethrows -> Kept {
        let name = cache.name ?? Self.name(of: Kept.self)
        var made = false
        let value = try cache.value {
            made = true
            return try record(name, .kept, in: scope, make)
        }
        if !made { note(name, .reused, in: scope) }
        return value
    }

    /// The value `cache` keeps, made by the async `make` the first time and
    /// reported as kept then, and as reused after.
    public func recordCached<Kept: Sendable>(
        _ cache: ScopeCache<Kept>, in scope: String,
        _ make: @escaping @Sendable () async throws -> Kept
    ) async throws -> Kept {
        let name = cache.name ?? Self.name(of: Kept.self)
        let made = MadeFlag()
        let value = try await cache.awaitedValue(orMake: {
            made.isSet.withLock { $0 = true }
            self.note(name, .kept, in: scope)
            return try await make()
        })
        if !made.isSet.withLock({ $0 }) { note(name, .reused, in: scope) }
        return value
    }
}

/// Whether an async making ran for this caller: what tells `kept` from
/// `reused` when the making happens in a task of its own.
private final class MadeFlag: Sendable {
    let isSet = Locked(false)
}
