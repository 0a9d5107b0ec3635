import Features
import Foundation
import Launch
import PeopleTestSupport
import PersonFiles
import Terminal
import Testing

/// Every parser of outside input, fed thousands of generated inputs.
///
/// None may crash, and every refusal is one bounded line with the outside
/// text shown inert. Seeded, so a failure names the input that caused it.
@Suite struct ParserFuzzTests {
    static let rounds = 3_000

    /// A refusal as the rules want it: one line, inert, not flooded.
    private func expectReadable(_ error: UsageError, _ input: @autoclosure () -> String) {
        #expect(
            !error.message.unicodeScalars.contains(where: InertText.isObeyed),
            "message not inert for input \(InertText.quoted(input(), limit: 200))")
        #expect(
            error.message.utf8.count <= 400,
            "message too long for input \(InertText.quoted(input(), limit: 200))")
    }

    static let argumentSamples: [[String]] = [
        ["list", "--page", "2", "--search", "ada", "--json"], ["show", "3", "--json"],
        ["add", "--name", "Ada", "--address", "London", "--email", "ada@example.org"],
        ["edit", "2", "--email=alan@example.org"], ["delete", "4"], ["seed", "10"],
        ["--store", "memory", "--page-size", "20", "--db", "x.sqlite", "--debug", "--trace"],
        ["--import", "friends.csv", "--config", "people.json", "--help"], ["--version"],
    ]

    @Test(arguments: [UInt64(1), 2])
    func argumentsAndEnvironment(seed: UInt64) async {
        var mutator = InputMutator(seed: seed)
        for _ in 0..<Self.rounds {
            var arguments = mutator.pick(Self.argumentSamples)
            for _ in 0..<mutator.number(in: 1..<4) {
                let index = mutator.number(in: 0..<(arguments.count + 1))
                if index < arguments.count, mutator.number(in: 0..<2) == 0 {
                    arguments[index] = mutator.mutate(arguments[index])
                } else {
                    arguments.insert(mutator.pick(InputMutator.nasties), at: index)
                }
            }
            let environment = [
                mutator.pick(["PEOPLE_DB", "PEOPLE_STORE", "PEOPLE_PAGE_SIZE", "NO_COLOR"]):
                    mutator.mutate(mutator.pick(["10", "memory", "x.sqlite", ""]))
            ]
            do {
                _ = try Invocation(
                    arguments: arguments, environment: environment, outputIsTerminal: true,
                    readFile: { (_) throws(UsageError) in Data("{}".utf8) })
            } catch {
                expectReadable(error, "\(arguments) \(environment)")
            }
        }
    }

    static let configurationSample = """
        {"store": "sqlite", "database": "/srv/people.sqlite", "pageSize": 20, "debug": true,
         "trace": false, "import": ["a.csv", "b.json"],
         "theme": {"title": "#FFB000", "keys": "#8A8A8A", "error": "#FF3030", "success": "#00FF00"}}
        """

    @Test(arguments: [UInt64(3), 4])
    func configurationFiles(seed: UInt64) async {
        var mutator = InputMutator(seed: seed)
        for round in 0..<Self.rounds {
            let bytes: [UInt8] =
                switch round % 3 {
                case 0: Array(mutator.mutate(Self.configurationSample).utf8)
                case 1: mutator.mutate(bytes: Array(Self.configurationSample.utf8))
                default: mutator.bytes(upTo: 200)
                }
            do {
                _ = try ConfigurationFile(data: Data(bytes), name: "people.json")
            } catch {
                expectReadable(error, String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    static let csvSample = """
        name,address,email
        Ada Lovelace,"12 St James's Square, London",ada@example.org
        "Alan ""Prof"" Turing","Hollymeade
        Wilmslow",
        Grace Hopper,,grace@example.org
        """

    static let jsonSample = """
        [{"name": "Ada Lovelace", "address": "London", "email": "ada@example.org"},
         {"name": "Alan Turing", "address": null}, {"name": "Zoë Ødegaard 李"}]
        """

    @Test(arguments: [(UInt64(5), "friends.csv"), (6, "friends.json")])
    func importFiles(seed: UInt64, name: String) async throws {
        var mutator = InputMutator(seed: seed)
        let sample = name.hasSuffix(".csv") ? Self.csvSample : Self.jsonSample
        for round in 0..<Self.rounds {
            let bytes: [UInt8] =
                switch round % 3 {
                case 0: Array(mutator.mutate(sample).utf8)
                case 1: mutator.mutate(bytes: Array(sample.utf8))
                default: mutator.bytes(upTo: 300)
                }
            let drafts: [ValidatedDraft]
            do {
                drafts = try PersonImport.drafts(in: Data(bytes), name: name)
            } catch {
                expectReadable(error, String(decoding: bytes, as: UTF8.self))
                continue
            }
            // What an import accepts, a person could have typed.
            for draft in drafts { #expect(try draft.asDraft.validated() == draft) }
        }
    }

    static let vcardSample = [
        "BEGIN:VCARD", "VERSION:2.1",
        "N;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;Ren=E9",
        "TEL;WORK;PREF:+49 30 1234567", "NOTE;ENCODING=QUOTED-PRINTABLE:a=0D=0A=", "b", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "FN:Ada\\, Countess",
        "item1.EMAIL;type=INTERNET:ada@example.org",
        "item1.X-ABLabel:_$!<Other>!$_", "ADR;TYPE=home:;;12 St James's Sq;London;;SW1Y;UK",
        "NOTE:long line fol", " ded", "BDAY:--1210", "PHOTO;ENCODING=b:AAAA", "END:VCARD",
        "BEGIN:VCARD", "VERSION:4.0", "FN:Grace", "TEL;VALUE=uri;PREF=1:tel:+1-555-0100",
        "UID:urn:uuid:1", "X-PEOPLE-ID:3", "X-PEOPLE-ADDED:2010-06-21T09:00:00.5Z", "END:VCARD",
    ].joined(separator: "\r\n")

    @Test func vCardImportFiles() async throws {
        var mutator = InputMutator(seed: 7)
        for round in 0..<Self.rounds {
            let bytes: [UInt8] =
                switch round % 3 {
                case 0: Array(mutator.mutate(Self.vcardSample).utf8)
                case 1: mutator.mutate(bytes: Array(Self.vcardSample.utf8))
                default: Array("BEGIN:VCARD\r\n".utf8) + mutator.bytes(upTo: 300)
                }
            let cards: [VCard]
            do {
                cards = try VCardReader.read(Data(bytes), name: "friends.vcf").cards
            } catch {
                expectReadable(error, String(decoding: bytes, as: UTF8.self))
                continue
            }
            // What an import accepts, a person could have typed.
            for card in cards {
                let person = Person(
                    id: 1, name: card.draft.name, details: card.draft.details, added: .distantPast)
                #expect(try PersonDraft(person).validated() == card.draft)
            }
        }
    }
}
