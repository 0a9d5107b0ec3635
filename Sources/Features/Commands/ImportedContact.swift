import Foundation

/// One contact read from a file for `people import`: its checked values,
/// and the id and date it had in the book it was exported from, when the
/// file says.
///
/// A ``ValidatedDraft`` alone would lose what makes an export restorable:
/// the person's id and the date they were added. Kept beside the draft,
/// so a store is still handed only checked values, and where the contact
/// stands in the file, so a refusal can name its line.
public struct ImportedContact: Sendable, Hashable {
    /// The contact's values, each checked as if typed.
    public let draft: ValidatedDraft
    /// The id the file gives, when it gives a positive one: the id to put
    /// the person back under, if no one has it.
    public let id: Person.ID?
    /// When the person was added, when the file says.
    public let added: Date?
    /// Where in the file the contact is: `contacts.csv:12`, or
    /// `contacts.json: person 3`.
    public let place: String

    /// A contact as read.
    public init(draft: ValidatedDraft, id: Person.ID?, added: Date?, place: String) {
        self.draft = draft
        self.id = id
        self.added = added
        self.place = place
    }

    /// The card id the contact keeps: the one the file names, else the one
    /// a person with this id and date has (``Person/cardID``); `nil` when
    /// the file gives neither, as another program's export may not.
    public var cardID: String? {
        guard draft.details.uid.isEmpty else { return draft.details.uid }
        guard let restored else { return nil }
        return restored.cardID
    }

    /// The person as they were in the book the file came from, to put back
    /// with the same id and date; `nil` when the file does not say both.
    public var restored: Person? {
        guard let id, let added else { return nil }
        return Person(id: id, name: draft.name, details: draft.details, added: added)
    }

    /// The values to add under a new id: the card id written into the card,
    /// so the contact keeps it though its id changes.
    public var draftKeepingCardID: ValidatedDraft {
        guard let cardID, draft.details.uid.isEmpty else { return draft }
        var details = draft.details
        details.uid = cardID
        return ValidatedDraft(checkedName: draft.name, details: details)
    }
}

/// Reads one import source's contacts, every one checked, with what it
/// left out: the file-format edge's reader, through the disk or the
/// network.
///
/// - Throws: ``UsageError`` naming the source and the line of the first
///   bad record, or the reader's error naming the source.
public typealias ContactReader = @Sendable (String) async throws -> ImportedFile
