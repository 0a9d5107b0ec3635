import AppScope
import Features

/// Builds the person form, for adding from the list or editing from a detail
/// screen.
///
/// One controller type serves both: the injector decides what saving means.
@MainActor
public enum PersonEditInjector {
    /// Makes an empty "new person" form on demand, for the list's `a` key.
    public static func injectAddPersonControllerProvider(
        _ scope: AppScope
    ) -> PersonEditControllerProvider {
        { try injectAddPersonController(scope) }
    }

    /// A form that adds what it is given to the app's store.
    public static func injectAddPersonController(_ scope: AppScope) throws -> PersonEditController {
        try scope.wiring.build("PersonEditController (new person)") {
            PersonEditController(
                addingTo: try StoreInjector.injectPersonStore(scope),
                view: injectPersonEditView(scope),
                navigator: AppInjector.injectNavigator(scope))
        }
    }

    /// Makes an edit form for the scope's person on demand, for the detail
    /// screen's `e` key.
    public static func injectEditPersonControllerProvider(
        _ scope: PersonScope
    ) -> PersonEditControllerProvider {
        { try injectEditPersonController(scope) }
    }

    /// A form that saves through the person's ``OpenedPerson``, so the detail
    /// screen under it shows the change.
    public static func injectEditPersonController(_ scope: PersonScope) throws
        -> PersonEditController
    {
        try scope.parent.wiring.build("PersonEditController (person #\(scope.person.id))") {
            PersonEditController(
                editing: try PersonDetailInjector.injectOpenedPerson(scope),
                view: injectPersonEditView(scope.parent),
                navigator: AppInjector.injectNavigator(scope.parent))
        }
    }

    /// The terminal view of the form.
    public static func injectPersonEditView(_ scope: AppScope) -> TerminalPersonEditView {
        scope.wiring.build("TerminalPersonEditView") {
            TerminalPersonEditView(console: scope.console)
        }
    }
}
