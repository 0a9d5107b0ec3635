import Features

/// What every scope has: the app's wiring trace, and a name for itself in it.
///
/// The injectors build through a scope's methods below, so that each
/// `inject…` body is still one expression of glue — an initializer call
/// wrapped in `new`, a cache in `cached`, a closure in `provider` (see
/// `Scope+Providers.swift`), a scope in `beginning` — and the
/// trace still learns what was built, where it lives, and whether it was
/// made or reused:
///
/// ```swift
/// scope.new(TerminalPersonDetailView(console: scope.session.app.console))
/// ```
///
/// With the trace off (no `--trace`, no `--debug`) each of them is one
/// branch around the expression it wraps; the wiring benchmark shows that
/// costs nothing measurable.
public protocol Scope: AnyObject, Sendable {
    /// The trace every scope of the app reports to.
    var wiring: WiringTrace { get }
    /// How the trace names this scope: `app`, `session`, `person #2`.
    var label: String { get }
}

extension Scope {
    /// `make`'s object, made for the one object that asked for it, and
    /// reported as made in this scope.
    @inlinable
    public func new<Made>(_ make: @autoclosure () throws -> Made) rethrows -> Made {
        guard wiring.isEnabled else { return try make() }
        return try wiring.record(WiringTrace.name(of: Made.self), .made, in: label, make)
    }

    /// The value `cache` keeps for this scope, made by `make` the first time;
    /// reported as new then, and as reused after.
    @inlinable
    public func cached<Kept>(_ cache: ScopeCache<Kept>, _ make: () throws -> Kept) rethrows
        -> Kept
    {
        guard wiring.isEnabled else { return try cache.value(orMake: make) }
        return try wiring.recordCached(cache, in: label, make)
    }

    /// `child`, reported as the scope beginning here.
    @inlinable
    public func beginning<Child: Scope>(_ child: Child) -> Child {
        if wiring.isEnabled {
            wiring.note(WiringTrace.name(of: Child.self), .begins, in: child.label)
        }
        return child
    }

    /// A scope begun here with the value that defines it: `begin` makes the
    /// scope from `value`, and the trace reports the scope named `label`
    /// beginning, then `value` as new in it, since the scope keeps it.
    @inlinable
    public func beginning<Child: Scope, Defining>(
        _ label: @autoclosure () -> String,
        with value: @autoclosure () throws -> Defining,
        _ begin: (Defining) -> Child
    ) rethrows -> Child {
        guard wiring.isEnabled else { return begin(try value()) }
        let label = label()
        wiring.note(WiringTrace.name(of: Child.self), .begins, in: label)
        return begin(try wiring.record(WiringTrace.name(of: Defining.self), .new, in: label, value))
    }

    /// `value`, which this scope has held since it began, reported as reused.
    @inlinable
    public func reusing<Kept>(_ value: Kept) -> Kept {
        if wiring.isEnabled { wiring.note(WiringTrace.name(of: Kept.self), .reused, in: label) }
        return value
    }

    /// `body` wrapped so that each call is reported, and what it makes is
    /// reported beneath the call; used only while the trace is on.
    @usableFromInline
    func reportingCalls<Made>(_ name: String, _ body: @escaping @MainActor () throws -> Made)
        -> @MainActor () throws -> Made
    {
        wiring.note(name, .provider, in: label)
        let (wiring, label) = (wiring, label)
        return { try wiring.record(name, .called, in: label, body) }
    }

    /// `body` wrapped in the same way, for a provider that takes its runtime
    /// argument.
    @usableFromInline
    func reportingCalls<Argument, Made>(
        _ name: String, _ body: @escaping @MainActor (Argument) throws -> Made
    ) -> @MainActor (Argument) throws -> Made {
        wiring.note(name, .provider, in: label)
        let (wiring, label) = (wiring, label)
        return { argument in try wiring.record(name, .called, in: label) { try body(argument) } }
    }
}
