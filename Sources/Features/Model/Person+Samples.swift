import Foundation

extension Person {
    /// The three people a new address book starts with, so the list is never
    /// empty the first time someone runs the sample.
    ///
    /// A constant, not shared mutable state: every store copies it.
    public static let samples: [Person] = [
        Person(
            id: 1, name: "Ada Lovelace", address: "12 St James's Square, London",
            email: "ada@example.org", added: Date(timeIntervalSince1970: 1_277_110_800)),
        Person(
            id: 2, name: "Alan Turing", address: "Hollymeade, Wilmslow",
            email: nil, added: Date(timeIntervalSince1970: 1_277_114_400)),
        Person(
            id: 3, name: "Grace Hopper", address: "Arlington, Virginia",
            email: "grace@example.org", added: Date(timeIntervalSince1970: 1_277_118_000)),
    ]
}
