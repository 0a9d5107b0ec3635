// swift-format-ignore-file: NeverForceUnwrap
// Resolved with `!`, as Swinject's documentation does (see AppAssembly.swift).

import Features
import Swinject

/// Registers what lives as long as one interactive session — its
/// navigation stack, its last delete and its work — and the screens the
/// session opens from the list.
///
/// Why a child container: Swinject's documentation shares a parent's
/// registrations with a child (`Container(parent:)`), and a `.container`
/// object scope keeps one instance per container. So the session's
/// singletons are registered in a container of their own, begun for the
/// session and freed with it, while the app's store is found in the
/// parent. Main-actor isolated, conformance and all, so that its factories
/// may call the controllers' main-actor initializers: a factory is a plain
/// closure, and Swift 6 would not let it otherwise.
@MainActor public struct SessionAssembly: @MainActor Assembly {
    /// Called with each person's container as it begins: the hook a test
    /// uses to see that a closed detail frees it, as the hand wiring's
    /// `beginScope` is.
    let personScopeBegun: @MainActor (Container) -> Void

    /// The session's registrations.
    public init(personScopeBegun: @escaping @MainActor (Container) -> Void = { _ in }) {
        self.personScopeBegun = personScopeBegun
    }

    /// What makes the screen `intent` opens from the list, resolved from the
    /// session's container `r`, or `nil` for an intent that opens none.
    ///
    /// An exhaustive `switch`, as the hand wiring's is, so a new intent does
    /// not compile here until it says which screen it opens, or none. Its
    /// registration the compiler does not ask for: Swinject finds it at run
    /// time, so `SameBehaviourTests` checks each is there.
    static func screenProvider(opening intent: ScreenIntent, _ r: any Resolver)
        -> ScreenProvider?
    {
        switch intent {
        case .settings: { r.resolve(SettingsController.self)! }
        case .open, .nextPage, .previousPage, .search, .add, .demo, .undo, .retry, .edit, .delete,
            .cancel, .back, .quit, .help:
            nil
        }
    }

    public func assemble(container: Container) {
        container.register((any Navigator).self) { r in
            r.resolve((any ViewFactory).self)!.makeNavigator()
        }
        .inObjectScope(.container)
        container.register(LastChange.self) { _ in LastChange() }
            .inObjectScope(.container)
        container.register(LastAddition.self) { _ in LastAddition() }
            .inObjectScope(.container)
        container.register(ScopedWork.self) { _ in ScopedWork() }
            .inObjectScope(.container)
        container.register(InteractiveSession.self) { r in
            InteractiveSession(
                navigator: r.resolve((any Navigator).self)!,
                rootProvider: { r.resolve(PersonListController.self)! },
                console: r.resolve((any Console).self)!,
                work: r.resolve(ScopedWork.self)!)
        }
        // The session container is captured unowned here, where the
        // container holds the factory, and strongly by the provider the
        // factory makes, which the list holds: so the list keeps its
        // session's container alive, and the container does not keep itself.
        container.register(PersonListController.self) { [unowned container] r in
            let session = container
            return PersonListController(
                store: r.resolve((any PersonStore).self)!,
                pageSize: r.resolve(Configuration.self)!.pageSize,
                view: r.resolve((any ViewFactory).self)!.makePersonListView(),
                navigator: r.resolve((any Navigator).self)!,
                lastChange: r.resolve(LastChange.self)!,
                additions: r.resolve(LastAddition.self)!,
                detailProvider: { [personScopeBegun] person in
                    PersonAssembly.open(person, in: session, begun: personScopeBegun)
                },
                addProvider: { r.resolve(PersonEditController.self)! },
                openedScreens: OpenedScreens { Self.screenProvider(opening: $0, r) },
                work: r.resolve(ScopedWork.self)!,
                changes: .none)
        }
        container.register(PersonEditController.self) { r in
            PersonEditController(
                addingTo: r.resolve((any PersonStore).self)!,
                clock: r.resolve(PersonClock.self)!.now,
                rememberingIn: r.resolve(LastAddition.self)!,
                view: r.resolve((any ViewFactory).self)!.makePersonEditView(),
                navigator: r.resolve((any Navigator).self)!)
        }
        // Every screen `screenProvider(opening:_:)` resolves is registered
        // here, or its key crashes at the `!`: the compiler cannot see a
        // registration, so `SameBehaviourTests` opens each in every wiring.
        container.register(SettingsController.self) { r in
            SettingsController(
                configurator: BaseSettingsConfigurator(
                    configuration: r.resolve(Configuration.self)!, storeKind: nil),
                view: r.resolve((any ViewFactory).self)!.makeSettingsView(),
                navigator: r.resolve((any Navigator).self)!,
                work: r.resolve(ScopedWork.self)!)
        }
    }
}
