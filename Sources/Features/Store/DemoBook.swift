import Foundation

/// The demo persons (``Person/samples``), offered to an empty book and
/// never imposed on one: the empty list's demo key and `people demo` both
/// fill it through here.
///
/// A real book holds only what its owner put in, so a new one starts
/// empty; someone trying the sample asks for Ada, Alan and Grace by one
/// key. Only an empty book is filled: in a book that holds anyone, three
/// strangers would be the owner's to find and delete.
public enum DemoBook {
    /// The persons it adds.
    public static let persons = Person.samples

    /// Puts the demo persons in `store`, under their own ids and dates, in
    /// one transaction, when the book is empty.
    ///
    /// The book is counted first, then the persons are put back as an
    /// undone delete would be (``PersonStore/putBack(_:adding:addedAt:)``):
    /// all or none. A person another program adds to a new book in between
    /// takes id 1, one of theirs, so the put-back is refused whole rather
    /// than mixed in.
    ///
    /// - Returns: how many were added.
    /// - Throws: ``NotEmpty`` when the book holds anyone; the store's
    ///   errors.
    public static func fill(_ store: any PersonStore) async throws -> Int {
        let count = try await store.count(matching: "")
        guard count == 0 else { throw NotEmpty(count: count) }
        // Each keeps its own date; there are no new persons to date.
        return try await store.putBack(persons, adding: [ValidatedDraft](), addedAt: .distantPast)
    }

    /// The book holds `count` persons already, so the demo persons were
    /// not added.
    public struct NotEmpty: Error, CustomStringConvertible {
        /// How many persons the book holds.
        public let count: Int

        public var description: String {
            let persons = count == 1 ? "1 person" : "\(count) persons"
            return "the book holds \(persons) already; the demo persons go only in an empty book"
        }
    }
}
