import Features
import Foundation
import Launch
import Testing

/// The addresses the command-line reference says an email may be are the
/// ones `people add` takes, and a mailbox is taken apart as it says.
///
/// The reference said nothing of the addresses RFC 5322 allows, nor of
/// `Name <address>`, after #39 made every one of them an email, so a reader
/// of the page alone would still quote `root@localhost` as refused.
@Suite struct EmailReferenceTests {
    private static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/People.docc/CommandLineReference.md")

    /// `people add` with `arguments`, checked as the command checks it.
    private func added(_ arguments: [String]) throws -> ValidatedDraft? {
        let invocation = try Invocation(
            arguments: ["add"] + arguments, environment: [:], outputIsTerminal: false)
        guard case .add(let draft) = invocation.command else { return nil }
        return try draft.validated()
    }

    @Test(arguments: [
        "root@localhost", "\"ada lovelace\"@example.org", "ada+news@example.org",
        "ada@[192.0.2.1]",
    ])
    func eachAddressTheReferenceNamesIsAnEmail(_ address: String) throws {
        let page = try String(contentsOf: Self.reference, encoding: .utf8)
        #expect(page.contains("`\(address)`"), "the reference does not name \(address)")
        #expect(try added(["--name", "Ada", "--email", address])?.email == address)
    }

    @Test func aMailboxIsTakenApartAndItsNameFillsOnlyAnEmptyName() throws {
        let page = try String(contentsOf: Self.reference, encoding: .utf8)
        let mailbox = "Ada Lovelace <ada@example.org>"
        #expect(page.contains("`people add --email '\(mailbox)'`"))
        let unnamed = try added(["--email", mailbox])
        #expect(unnamed?.name == "Ada Lovelace")
        #expect(unnamed?.email == "ada@example.org")
        let named = try added(["--name", "Ada", "--email", "\"Lovelace, Ada\" <ada@example.org>"])
        #expect(named?.name == "Ada")
        #expect(named?.email == "ada@example.org")
    }
}
