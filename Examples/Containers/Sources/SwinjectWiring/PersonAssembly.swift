// swift-format-ignore-file: NeverForceUnwrap
// Resolved with `!`, as Swinject's documentation does (see AppAssembly.swift).

import Features
import Swinject

/// Registers what lives as long as one opened person: the person on
/// screen, shared by the detail and edit screens, and the detail screen's
/// work.
///
/// Why a child container per person, and the person as an argument:
/// Swinject passes a value known only at run time as an argument to
/// `resolve` (`resolve(PersonDetailController.self, argument: person)`),
/// and a container of the person's own keeps their `.container`-scoped
/// objects for as long as their detail screen holds it.
@MainActor public struct PersonAssembly: @MainActor Assembly {
    /// The person's registrations.
    public init() {}

    public func assemble(container: Container) {
        container.register(OpenedPerson.self) { (r, person: Person) in
            OpenedPerson(person: person, store: r.resolve((any PersonStore).self)!)
        }
        .inObjectScope(.container)
        container.register(ScopedWork.self) { _ in ScopedWork() }
            .inObjectScope(.container)
        container.register(PersonDetailController.self) { (r, person: Person) in
            let opened = r.resolve(OpenedPerson.self, argument: person)!
            return PersonDetailController(
                person: opened,
                view: r.resolve((any ViewFactory).self)!.makePersonDetailView(),
                navigator: r.resolve((any Navigator).self)!,
                lastChange: r.resolve(LastChange.self)!,
                editProvider: { r.resolve(PersonEditController.self, argument: opened)! },
                work: r.resolve(ScopedWork.self)!)
        }
        container.register(PersonEditController.self) { (r, opened: OpenedPerson) in
            PersonEditController(
                editing: opened,
                lastChange: r.resolve(LastChange.self)!,
                view: r.resolve((any ViewFactory).self)!.makePersonEditView(),
                navigator: r.resolve((any Navigator).self)!)
        }
    }

    /// The detail screen of `person`, in a new child container of `session`,
    /// which `begun` is shown.
    ///
    /// Where a person's scope begins: the list's detail provider calls it.
    public static func open(
        _ person: Person, in session: Container, begun: @MainActor (Container) -> Void = { _ in }
    ) -> PersonDetailController {
        let scope = Container(parent: session)
        PersonAssembly().assemble(container: scope)
        begun(scope)
        return scope.resolve(PersonDetailController.self, argument: person)!
    }
}
