import Foundation

/// Persons in ``PersonSortKey`` order, each with its key and search text
/// folded once, and found by id through an index: what ``MemoryPersonStore``
/// keeps.
///
/// Folding a name costs far more than comparing two folded ones, so a key is
/// made when a person is stored and never again; every search for a place
/// in the order is a binary search over the stored keys. A search reads
/// every field (``PersonSearchText``), folded when the person is stored too.
struct SortedPersons {
    /// A person, the key they sort by and the text a search reads.
    struct Entry {
        let key: PersonSortKey
        let search: PersonSearchText
        let person: Person

        init(_ person: Person) {
            key = person.sortKey
            search = person.searchText
            self.person = person
        }
    }

    /// Every person, sorted by key.
    private(set) var entries: [Entry]
    /// Each person's key, by id.
    private var keys: [Person.ID: PersonSortKey]
    /// The id the next added person gets; `nil` once the largest is taken.
    private var nextID: Person.ID?

    /// The persons in `persons`, sorted.
    init(_ persons: [Person]) {
        entries = Self.sorted(persons)
        keys = Dictionary(entries.map { ($0.person.id, $0.key) }) { _, later in later }
        // Imported persons have negative ids; new ones start above every id.
        let highest = max(0, persons.map(\.id).max() ?? 0)
        nextID = highest < Person.ID.max ? highest + 1 : nil
    }

    /// New persons from checked drafts, with the next ids.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when the ids would run past
    ///   the largest there is; no id is used up then.
    mutating func makePersons(_ drafts: [ValidatedDraft], added: Date) throws(PersonStoreError)
        -> [Person]
    {
        guard let first = nextID, drafts.count <= Person.ID.max - first + 1 else {
            throw .storage("no new ids are left (the largest, \(Person.ID.max), is taken)")
        }
        let persons = drafts.enumerated().map { offset, draft in
            Person(
                id: first + offset, name: draft.name, details: draft.details,
                added: added)
        }
        let last = first + (drafts.count - 1)
        nextID = drafts.isEmpty ? first : (last < Person.ID.max ? last + 1 : nil)
        return persons
    }

    // MARK: Finding places in the order

    /// The first index whose key is not below `key`.
    func firstIndex(notBefore key: PersonSortKey) -> Int {
        partition { !($0.key < key) }
    }

    /// The first index whose key is above `key`.
    func firstIndex(after key: PersonSortKey) -> Int {
        partition { key < $0.key }
    }

    /// The index of the person with `id`, if there is one.
    func index(of id: Person.ID) -> Int? {
        guard let key = keys[id] else { return nil }
        let index = firstIndex(notBefore: key)
        return entries.indices.contains(index) && entries[index].person.id == id ? index : nil
    }

    /// The stored person with `opened`'s id, when they still hold the values
    /// `opened` was read with: what an update or a delete checks first.
    ///
    /// - Throws: ``PersonStoreError/deletedElsewhere(name:)`` when no one has
    ///   the id now, ``PersonStoreError/changedElsewhere(name:)`` when the
    ///   values differ.
    func unchanged(_ opened: Person) throws(PersonStoreError) -> Person {
        guard let index = index(of: opened.id) else { throw .deletedElsewhere(name: opened.name) }
        let stored = entries[index].person
        guard stored.hasSameValues(as: opened) else { throw .changedElsewhere(name: opened.name) }
        return stored
    }

    /// Binary search: the first index for which `isAtOrPast` holds, given
    /// that it holds for every index after one where it holds.
    private func partition(_ isAtOrPast: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrPast(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Reading

    /// How many persons in `range` have a field containing `search` (folded).
    func count(matching search: String, in range: Range<Int>) -> Int {
        search.isEmpty ? range.count : entries[range].count { $0.search.contains(folded: search) }
    }

    /// Up to `limit` matching persons after the first `skipped` matching ones.
    func page(matching search: String, skipping skipped: Int, limit: Int) -> [Person] {
        if search.isEmpty {
            let start = min(skipped, entries.count)
            return entries[start...].prefix(limit).map(\.person)
        }
        return Array(
            entries.lazy.filter { $0.search.contains(folded: search) }.dropFirst(skipped)
                .prefix(limit).map(\.person))
    }

    /// Up to `limit` matching persons from index `start` on.
    func page(matching search: String, from start: Int, limit: Int) -> [Person] {
        Array(
            entries[start...].lazy.filter { $0.search.contains(folded: search) }.prefix(limit)
                .map(\.person))
    }

    /// Up to `limit` matching persons just before index `end`, in ascending order.
    func page(matching search: String, before end: Int, limit: Int) -> [Person] {
        Array(
            entries[..<end].reversed().lazy.filter { $0.search.contains(folded: search) }
                .prefix(limit).map(\.person).reversed())
    }

    // MARK: Changing

    /// Puts `person` where the order says; the next id added is then above
    /// theirs, as every SQL store gives it.
    mutating func insert(_ person: Person) {
        let entry = Entry(person)
        entries.insert(entry, at: firstIndex(after: entry.key))
        keys[person.id] = entry.key
        if let next = nextID, person.id >= next {
            nextID = person.id < Person.ID.max ? person.id + 1 : nil
        }
    }

    /// Puts `restored` back under their own ids, and adds persons made from
    /// `drafts` with the next ids after every id there is then.
    ///
    /// - Throws: ``PersonStoreError/storage(_:)`` when an id of `restored`
    ///   is taken or given twice, or the ids left are fewer than the
    ///   drafts; nothing has changed then.
    mutating func putBack(_ restored: [Person], adding drafts: [ValidatedDraft], added: Date)
        throws(PersonStoreError)
    {
        var given = Set<Person.ID>()
        for person in restored
        where index(of: person.id) != nil || !given.insert(person.id).inserted {
            throw .storage("cannot restore \(person.name): id \(person.id) is taken")
        }
        let next = nextID
        if let highest = given.max(), let first = nextID, highest >= first {
            nextID = highest < Person.ID.max ? highest + 1 : nil
        }
        do {
            merge(restored + (drafts.isEmpty ? [] : try makePersons(drafts, added: added)))
        } catch {
            nextID = next
            throw error
        }
    }

    /// Adds many persons in one pass: sort the newcomers, then merge.
    ///
    /// Entries are moved, never copied: a copy of an entry retains each of
    /// its strings, and a million copies cost more than the merge itself.
    mutating func merge(_ persons: [Person]) {
        var incoming = Self.sorted(persons)
        keys.reserveCapacity(keys.count + incoming.count)
        for index in incoming.indices { keys[incoming[index].person.id] = incoming[index].key }
        guard !entries.isEmpty else {
            entries = incoming
            return
        }
        var old = entries
        entries = []
        // From the back: the larger of the two last entries moves out next
        // (`removeLast` moves; reading `first` would copy).
        var merged: [Entry] = []
        merged.reserveCapacity(old.count + incoming.count)
        while let oldLast = old.indices.last, let newLast = incoming.indices.last {
            let isNewer = !(incoming[newLast].key < old[oldLast].key)
            merged.append(isNewer ? incoming.removeLast() : old.removeLast())
        }
        while !old.isEmpty { merged.append(old.removeLast()) }
        while !incoming.isEmpty { merged.append(incoming.removeLast()) }
        merged.withUnsafeMutableBufferPointer { $0.reverse() }
        entries = merged
    }

    /// `persons` as entries in key order.
    ///
    /// Sorts positions by keys kept side by side, then moves each entry
    /// once, following the permutation's cycles: an entry is large, and
    /// comparing two keys costs less than moving one.
    private static func sorted(_ persons: [Person]) -> [Entry] {
        var entries = persons.map(Entry.init)
        let keys = entries.map(\.key)
        // `source[i]` is where the entry that belongs at `i` is now.
        var source = keys.indices.sorted { keys[$0] < keys[$1] }
        // A buffer's swap moves; an array's copies, retaining every string.
        entries.withUnsafeMutableBufferPointer { entries in
            for start in source.indices where source[start] != start {
                var place = start
                while source[place] != start {
                    let from = source[place]
                    entries.swapAt(place, from)
                    source[place] = place
                    place = from
                }
                source[place] = place
            }
        }
        return entries
    }

    /// Removes and returns the person with `id`, if there is one.
    mutating func remove(_ id: Person.ID) -> Person? {
        guard let index = index(of: id) else { return nil }
        keys[id] = nil
        return entries.remove(at: index).person
    }
}
