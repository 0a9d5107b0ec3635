import Features

/// The scope of one opened person: begun when a row of the list is selected,
/// ended when that person's detail screen closes.
///
/// It holds the person, the parent scope (for everything app-wide), and the
/// objects that the detail and edit screens of this person share. When the
/// detail screen is popped nothing refers to the scope any more, and it is
/// freed with everything it made.
///
/// Like the app scope, business code never sees it: it is created inside the
/// provider the list is given, which is the one place a new scope begins.
public final class PersonScope: Sendable {
    /// The app scope this one lives inside; its singletons are shared here.
    public let parent: AppScope

    /// The person that was opened.
    ///
    /// Lifetime: this scope's.
    public let person: Person

    /// The opened person shared by this person's detail and edit screens.
    ///
    /// Made on first use; lives as long as this scope.
    public let openedPerson = ScopeCache<OpenedPerson>()

    /// Begins the scope of `person` inside `parent`.
    public init(parent: AppScope, person: Person) {
        self.parent = parent
        self.person = person
    }
}
