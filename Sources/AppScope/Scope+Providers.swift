import Features

/// One generic `provider` for every provider type: the closure an injector
/// writes, handed back as it is while the trace is off, and reporting each
/// call while it is on.
///
/// The trace names a provider after what it makes: a closure that makes a
/// `PersonDetailController` is reported as `PersonDetailControllerProvider`,
/// which is also the name of its type. Name a new provider type the same
/// way (`…` + `Provider`, after what it returns) and the trace prints its
/// real name — from this package or from another one, with no change to
/// this module. Adding a screen never edits it.
///
/// Three overloads, because a provider takes no runtime argument (the
/// session's root, the form for a new person) or one (the person
/// selected), and one that takes none may make its object asynchronously
/// (`people graph`'s tour, which runs a whole recorded session). Every provider may
/// throw: making an object may open a store.
extension Scope {
    /// A provider that takes no runtime argument, such as the session's
    /// root screen or the store for one-shot commands.
    @inlinable @inline(__always)
    public func provider<Made>(
        _ body: @escaping @MainActor () throws -> Made
    ) -> @MainActor () throws -> Made {
        guard wiring.isEnabled else { return body }
        let (wiring, label, name) = (wiring, label, WiringTrace.providerName(making: Made.self))
        wiring.note(name, .provider, in: label)
        return { try wiring.record(name, .called, in: label, body) }
    }

    /// A provider that takes its runtime argument, such as the person a
    /// detail screen is made for.
    @inlinable @inline(__always)
    public func provider<Argument, Made>(
        _ body: @escaping @MainActor (Argument) throws -> Made
    ) -> @MainActor (Argument) throws -> Made {
        guard wiring.isEnabled else { return body }
        let (wiring, label, name) = (wiring, label, WiringTrace.providerName(making: Made.self))
        wiring.note(name, .provider, in: label)
        return { argument in try wiring.record(name, .called, in: label) { try body(argument) } }
    }

    /// A provider whose making is asynchronous — it awaits work, such as a
    /// whole recorded session — reported like the others: as a provider
    /// where it is made, and each call as called.
    public func provider<Made>(
        _ body: @escaping @MainActor () async throws -> Made
    ) -> @MainActor () async throws -> Made {
        guard wiring.isEnabled else { return body }
        let (wiring, label, name) = (wiring, label, WiringTrace.providerName(making: Made.self))
        wiring.note(name, .provider, in: label)
        return {
            wiring.note(name, .called, in: label)
            return try await body()
        }
    }
}
