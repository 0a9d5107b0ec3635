import Features

/// What every scope has: the app's wiring trace, and a name for itself in it.
///
/// The injectors build through a scope's methods below, so that each
/// `inject…` body is still one expression of glue, and the trace learns
/// what was built, where it lives, and for how long. Each method is named
/// for the lifetime it gives, and the trace uses the same word:
///
/// - `make`: a new object each time, for the one object that asked —
///   traced as `made`;
/// - `keep`: made once and kept for the scope's life, in a
///   ``ScopeCache`` — traced as `kept` the first time, `reused` after;
/// - `reuse`: a value the scope has held since it began, handed out
///   again — traced as `reused`;
/// - `begin`: a child scope, begun here — traced as `begins`;
/// - `provider`: a closure that makes objects later, on demand (see
///   `Scope+Providers.swift`) — traced as `provider`, and each call as
///   `called`.
///
/// ```swift
/// app.make(MemoryPersonStore(persons: Person.samples))
/// ```
///
/// With the trace off (no `--trace`, no `--debug`) each of them is one
/// branch around the expression it wraps; the wiring benchmark shows that
/// costs nothing measurable. They are always inlined into the injector
/// that calls them, so that the branch is all that is left: a call to each
/// one, on every open of a person, cost more than the branch.
public protocol Scope: AnyObject, Sendable {
    /// The trace every scope of the app reports to.
    var wiring: WiringTrace { get }
    /// How the trace names this scope: `app`, `session`, `person #2`.
    var label: String { get }
}

extension Scope {
    /// `make`'s object, made for the one object that asked for it, and
    /// reported as made in this scope, by its own type: a view the factory
    /// made as `TerminalPersonListView`, not as the `PersonListView` it is
    /// declared as.
    @inlinable @inline(__always)
    public func make<Made>(_ make: @autoclosure () throws -> Made) rethrows -> Made {
        guard wiring.isEnabled else { return try make() }
        return try wiring.record(.made, in: label, make)
    }

    /// The value `cache` keeps for this scope, made by `make` the first time;
    /// reported as kept then, and as reused after.
    ///
    /// `make` is called before `keep` returns, or never, so it does not
    /// escape: what it captures (the scope, mostly) is borrowed, not
    /// retained, and a value already kept is read without touching it.
    @inlinable @inline(__always)
    public func keep<Kept>(_ cache: ScopeCache<Kept>, _ make: () throws -> Kept)
        rethrows -> Kept
    {
        guard wiring.isEnabled else { return try cache.value(orMake: make) }
        return try wiring.recordCached(cache, in: label, make)
    }

    /// The value `cache` keeps for this scope, made by the async `make` the
    /// first time — once, however many tasks ask at that moment — and
    /// reported as kept then, and as reused after; a failed making is not
    /// kept, so the next ask tries again.
    ///
    /// Disfavoured, because in async code a closure that does not await
    /// fits both overloads, and `scope.keep(cache) { … }` would be
    /// ambiguous: such a closure picks the one above, and a closure that
    /// awaits, which only this one takes, picks this one.
    @_disfavoredOverload
    public func keep<Kept: Sendable>(
        _ cache: ScopeCache<Kept>, _ make: @escaping @Sendable () async throws -> Kept
    ) async throws -> Kept {
        guard wiring.isEnabled else { return try await cache.awaitedValue(orMake: make) }
        return try await wiring.recordCached(cache, in: label, make)
    }

    /// `child`, reported as the scope beginning here.
    @inlinable @inline(__always)
    public func begin<Child: Scope>(_ child: Child) -> Child {
        if wiring.isEnabled {
            wiring.note(WiringTrace.name(of: Child.self), .begins, in: child.label)
        }
        return child
    }

    /// A scope begun here with the value that defines it: `begin` makes the
    /// scope from `value`, and the trace reports the scope named `label`
    /// beginning, then `value` as kept in it, since the scope keeps it.
    @inlinable @inline(__always)
    public func begin<Child: Scope, Defining>(
        _ label: @autoclosure () -> String,
        with value: @autoclosure () throws -> Defining,
        _ begin: (Defining) -> Child
    ) rethrows -> Child {
        guard wiring.isEnabled else { return begin(try value()) }
        let label = label()
        wiring.note(WiringTrace.name(of: Child.self), .begins, in: label)
        return begin(
            try wiring.record(.kept, in: label, value))
    }

    /// `value`, which this scope has held since it began, reported as reused,
    /// by its own type, not the protocol it may be declared as.
    @inlinable @inline(__always)
    public func reuse<Kept>(_ value: Kept) -> Kept {
        if wiring.isEnabled {
            wiring.note(WiringTrace.name(ofValue: value), .reused, in: label)
        }
        return value
    }
}
