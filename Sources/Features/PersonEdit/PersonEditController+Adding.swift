import Foundation

extension PersonEditController {
    /// A form for a new person, which adds the result to `store`, stamped
    /// with `clock`'s time, and remembers them in `additions`, so the list
    /// shows them highlighted when it is back.
    public convenience init(
        addingTo store: any PersonStore, clock: @escaping @Sendable () -> Date,
        rememberingIn additions: LastAddition, view: any PersonEditView,
        navigator: any Navigator
    ) {
        self.init(
            title: "New person", draft: PersonDraft(),
            save: { draft in
                let added = try await store.add(draft.validated(), addedAt: clock())
                additions.remember(added)
                return added
            }, view: view, navigator: navigator)
    }
}
