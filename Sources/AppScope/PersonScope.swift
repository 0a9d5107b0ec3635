import Features

/// The scope of one opened person: begun when a row of the list is selected,
/// ended when that person's detail screen closes.
///
/// It is begun with the value that defines it — the person's
/// ``Features/OpenedPerson``, which the detail and edit screens of this person
/// share — and holds the session it was opened in. The detail screen keeps it
/// alive: the edit provider it was given captures the scope. When the detail
/// screen is popped nothing refers to the scope any more, and it is freed
/// with everything it made.
///
/// Why the opened person is made as the scope begins, not lazily in a
/// ``ScopeCache`` like the app's store: every person scope needs it at once,
/// since the detail screen shows it, so a cache would only add a lock and an
/// empty slot to every open. A cache pays for itself where a run may never
/// ask for the value: `people --help` never opens the store.
///
/// Like the other scopes, business code never sees it: it begins inside the
/// provider the list is given, which is the one place a person is opened.
public final class PersonScope: Scope {
    /// The session this person was opened in.
    public let session: SessionScope

    /// The person on screen, shared by this person's detail and edit screens.
    ///
    /// Lifetime: this scope's; the scope is begun with it.
    public let openedPerson: OpenedPerson

    /// The work the person's detail screen starts — rereading the person —
    /// cancelled and awaited when the detail screen closes, which ends this
    /// scope.
    ///
    /// Lifetime: this scope's; begun with it.
    public let work = ScopedWork()

    /// Begins the scope of the person `openedPerson` holds, inside `session`.
    public init(session: SessionScope, opening openedPerson: OpenedPerson) {
        self.session = session
        self.openedPerson = openedPerson
    }

    /// The app's trace, read through the session.
    public var wiring: WiringTrace { session.wiring }

    public var label: String { Self.label(forPerson: openedPerson.id) }

    /// How the trace names the scope of the person with `id`; the injector
    /// that begins the scope names it before the scope exists.
    public static func label(forPerson id: Person.ID) -> String { "person #\(id)" }
}
