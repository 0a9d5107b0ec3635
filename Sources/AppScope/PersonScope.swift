import Features

/// The scope of one opened person: begun when a row of the list is selected,
/// ended when that person's detail screen closes.
///
/// It holds the person, the session it was opened in, and what the detail
/// and edit screens of this person share. The detail screen keeps it alive:
/// the edit provider it was given captures the scope. When the detail
/// screen is popped nothing refers to the scope any more, and it is freed
/// with everything it made.
///
/// Like the other scopes, business code never sees it: it begins inside the
/// provider the list is given, which is the one place a person is opened.
public final class PersonScope: Scope {
    /// The session this person was opened in.
    public let session: SessionScope

    /// The person that was opened.
    ///
    /// Lifetime: this scope's.
    public let person: Person

    /// The opened person shared by this person's detail and edit screens.
    ///
    /// Lifetime: this scope's; made on first use.
    public let openedPersonCache = ScopeCache<OpenedPerson>()

    /// Begins the scope of `person` inside `session`.
    public init(session: SessionScope, person: Person) {
        self.session = session
        self.person = person
        self.wiring = session.wiring
    }

    /// The app's trace, held here too so reporting to it is one load.
    public let wiring: WiringTrace

    public var label: String { "person #\(person.id)" }
}
