import AppScope
import Features

/// Builds the detail screen of one person, inside that person's own scope.
@MainActor
public enum PersonDetailInjector {
    /// Makes detail screens on demand: the list calls it with the person
    /// selected, and gets a new screen in a new ``PersonScope`` each time.
    ///
    /// This closure is where a child scope begins. The list only sees a
    /// function from a person to a controller.
    public static func injectPersonDetailControllerProvider(
        _ scope: AppScope
    ) -> PersonDetailControllerProvider {
        { person in try injectPersonDetailController(PersonScope(parent: scope, person: person)) }
    }

    /// The detail screen of the scope's person, sharing that person's
    /// ``OpenedPerson`` with the edit screen it opens.
    public static func injectPersonDetailController(
        _ scope: PersonScope
    ) throws -> PersonDetailController {
        try scope.parent.wiring.build("PersonDetailController (person #\(scope.person.id))") {
            PersonDetailController(
                person: try injectOpenedPerson(scope),
                view: injectPersonDetailView(scope),
                navigator: AppInjector.injectNavigator(scope.parent),
                editProvider: PersonEditInjector.injectEditPersonControllerProvider(scope))
        }
    }

    /// The opened person, one per person scope, on the app's store.
    public static func injectOpenedPerson(_ scope: PersonScope) throws -> OpenedPerson {
        try scope.parent.wiring.build("OpenedPerson") {
            try scope.openedPerson.value {
                OpenedPerson(
                    person: scope.person, store: try StoreInjector.injectPersonStore(scope.parent))
            }
        }
    }

    /// The terminal view of one person's detail.
    public static func injectPersonDetailView(_ scope: PersonScope) -> TerminalPersonDetailView {
        scope.parent.wiring.build("TerminalPersonDetailView") {
            TerminalPersonDetailView(console: scope.parent.console)
        }
    }
}
