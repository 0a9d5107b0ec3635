// swift-format-ignore-file: NeverForceUnwrap
// Resolved with `!`, as Swinject's documentation does (see AppAssembly.swift).

import Features
@preconcurrency import Swinject

/// Where the Swinject wiring begins: the app's container, assembled once,
/// and a session begun in a child container of it.
///
/// Why an `Assembler`: Swinject's documentation builds the container from
/// assemblies through one, so a test can pass its own after the app's and
/// have the last registration of a type win.
@MainActor
public enum PeopleContainer {
    /// The app's container, from its assemblies; a test passes more after
    /// ``AppAssembly`` to replace what it registered.
    public static func app(_ assemblies: [any Assembly]) -> Container {
        let container = Container()
        _ = Assembler(assemblies, container: container)
        return container
    }

    /// A new interactive session, in a child container of `app`; each
    /// person's container is shown to `personScopeBegun` as it begins.
    public static func interactiveSession(
        in app: Container, personScopeBegun: @escaping @MainActor (Container) -> Void = { _ in }
    ) -> InteractiveSession {
        let session = Container(parent: app)
        SessionAssembly(personScopeBegun: personScopeBegun).assemble(container: session)
        return session.resolve(InteractiveSession.self)!
    }
}
