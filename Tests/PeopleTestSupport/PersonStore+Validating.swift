import Features

extension PersonStore {
    /// Validates `draft` and adds it, stamped ``PeopleTestSupport/Fixtures/now``: a person in
    /// one call, through the same check the app makes.
    @discardableResult
    public func add(validating draft: PersonDraft) async throws -> Person {
        try await add(draft.validated(), addedAt: Fixtures.now)
    }

    /// Validates every draft, then adds them all, stamped ``PeopleTestSupport/Fixtures/now``.
    @discardableResult
    public func add(validatingAll drafts: some Sequence<PersonDraft>) async throws -> Int {
        let checked = try drafts.map { (draft) throws(PersonValidationError) in
            try draft.validated()
        }
        return try await add(contentsOf: checked, addedAt: Fixtures.now)
    }

    /// Validates `draft` and stores it over the person with this id, as
    /// they are now.
    @discardableResult
    public func update(_ id: Person.ID, validating draft: PersonDraft) async throws -> Person {
        try await update(existingPerson(withID: id), with: draft.validated())
    }

    /// Deletes the person with this id, as they are now.
    public func delete(id: Person.ID) async throws {
        try await delete(existingPerson(withID: id))
    }
}

extension ValidatedDraft {
    /// The same values as a draft, to compare with drafts a test writes.
    public var asDraft: PersonDraft {
        PersonDraft(Person(id: 1, name: name, details: details, added: Fixtures.now))
    }
}
