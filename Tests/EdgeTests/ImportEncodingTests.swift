import Features
import Foundation
import PersonFiles
import Testing

/// Import files as other programs write them: with a byte order mark, in
/// another encoding, as a JSON object, with a column twice.
@Suite struct ImportEncodingTests {
    private func message(_ bytes: [UInt8], name: String = "friends.csv") -> String? {
        do {
            _ = try PersonImport.drafts(in: Data(bytes), name: name)
            return nil
        } catch {
            return error.message
        }
    }

    private func drafts(_ bytes: [UInt8], name: String = "friends.csv") throws -> [PersonDraft] {
        try PersonImport.drafts(in: Data(bytes), name: name).map(\.asDraft)
    }

    @Test func aByteOrderMarkAsSpreadsheetsWriteItIsAccepted() async throws {
        let csv = [0xEF, 0xBB, 0xBF] + Array("name,email\nAda,ada@example.org\n".utf8)
        #expect(try drafts(csv) == [PersonDraft(name: "Ada", email: "ada@example.org")])
        let json = [0xEF, 0xBB, 0xBF] + Array(#"[{"name": "Grace"}]"#.utf8)
        #expect(try drafts(json, name: "friends.txt") == [PersonDraft(name: "Grace")])
    }

    @Test func utf16IsRefusedWithAHint() async {
        let units = Array("name\nAda\n".utf16)
        let utf16: [UInt8] =
            [0xFF, 0xFE]
            + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(message(utf16) == "friends.csv: is UTF-16 or UTF-32 text; save it as UTF-8")
        let withoutMark = Array(utf16.dropFirst(2))
        #expect(message(withoutMark) == "friends.csv:1: holds a NUL byte, so it is not a text file")
    }

    @Test func latin1IsRefusedNamingTheLine() async {
        // "René Müller" in Latin-1 on the third line.
        let latin1 = Array("name\nAda\n".utf8) + [0x52, 0x65, 0x6E, 0xE9, 0x20, 0x4D, 0xFC, 0x0A]
        #expect(message(latin1) == "friends.csv:3: is not UTF-8 text; save the file as UTF-8")
    }

    @Test func aBinaryFileIsRefusedWithoutItsBytesInTheMessage() async throws {
        var generator = SystemRandomNumberGenerator()
        let binary = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0]
        let text = try #require(message(binary))
        #expect(text.count < 100)
        #expect(!text.unicodeScalars.contains(where: InertText.isObeyed))
    }

    @Test func jsonIsKnownByItsContentWhateverTheName() async throws {
        #expect(try drafts(Array("  \n[{\"name\": \"Ada\"}]".utf8), name: "friends.csv").count == 1)
        #expect(
            message(Array(#"{"name": "Ada"}"#.utf8))
                == #"friends.csv: holds one JSON object; expected a list of persons like [{"name": "Ada"}]"#
        )
    }

    @Test func aJsonNameIsReadAsJsonEvenWhenTheContentIsBroken() async throws {
        let text = try #require(message(Array("name\nAda\n".utf8), name: "friends.json"))
        #expect(text.hasPrefix("friends.json: expected a JSON list of persons"))
    }

    @Test func aColumnGivenTwiceIsRefused() async {
        #expect(
            message(Array("name,email,Email\nAda,a@example.org,b@example.org\n".utf8))
                == "friends.csv:1: the column 'email' appears twice; which one counts?")
    }

    @Test func invalidValuesInImportsMeetTheSameRulesAsTypedOnes() async {
        let spoof = Array("name\nBob\u{202E}txt.exe\n".utf8)
        #expect(
            message(spoof)?.hasPrefix("friends.csv:2: name contains the invisible character U+202E")
                == true)
        let heavy = Array(("name\na" + String(repeating: "\u{301}", count: 30_000) + "\n").utf8)
        #expect(message(heavy)?.hasSuffix("takes 60001 bytes; at most 400 are allowed") == true)
    }

    @Test func aFileOfMoreTinyRowsThanAnImportMayHoldIsRefusedBeforeItFillsTheMemory() {
        let limit = PersonImport.personLimit
        let rows =
            Array("name\n".utf8)
            + Array(repeating: Array("a\n".utf8), count: limit + 1).flatMap { $0 }
        #expect(
            message(rows)
                == "friends.csv:\(limit + 2): more than \(limit + 1) rows, the most people reads from one file"
        )
        let exactly =
            Array("name\n".utf8) + Array(repeating: Array("a\n".utf8), count: limit).flatMap { $0 }
        #expect(message(exactly) == nil, "as many as may be imported are")
        let json =
            Array("[".utf8)
            + Array(repeating: Array(#"{"name":"a"},"#.utf8), count: limit).flatMap { $0 }
            + Array(#"{"name":"a"}]"#.utf8)
        #expect(
            message(json, name: "friends.json")
                == "friends.json: more than \(limit) persons, the most people reads from one file")
    }
}
