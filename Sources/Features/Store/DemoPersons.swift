/// Made-up persons for trying the sample at scale (`people seed N`).
///
/// Deterministic: the same N gives the same persons, so a demo or a benchmark
/// can be repeated. Names combine first and last names with a number, so
/// paging and search have plenty to work through.
public enum DemoPersons {
    private static let firstNames = [
        "Ada", "Alan", "Barbara", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace",
        "Hedy",
        "Ivan", "John", "Ken", "Leslie", "Margaret", "Niklaus", "Radia", "Shafi", "Tim", "Vint",
    ]
    private static let lastNames = [
        "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldwasser", "Hamilton",
        "Iverson", "Kay", "Knuth", "Lamport", "Liskov", "McCarthy", "Perlman", "Ritchie",
        "Shannon", "Thompson", "Wirth", "Zuse",
    ]
    private static let streets = [
        "Oak", "Elm", "Mill", "Station", "Church", "Park", "High", "Bridge",
    ]
    private static let towns = [
        "Leeds", "Lyon", "Turin", "Porto", "Ghent", "Bergen", "Graz", "Cork",
    ]

    /// The `count` demo persons, made one at a time as the sequence is read.
    public static func drafts(count: Int) -> some Sequence<PersonDraft> {
        (0..<max(0, count)).lazy.map(draft)
    }

    private static func draft(_ index: Int) -> PersonDraft {
        let first = firstNames[index % firstNames.count]
        let last = lastNames[(index / firstNames.count) % lastNames.count]
        let number = index / (firstNames.count * lastNames.count) + 1
        return PersonDraft(
            name: "\(first) \(last) \(number)",
            address:
                "\(index % 300 + 1) \(streets[index % streets.count]) Street, \(towns[index % towns.count])",
            email: index % 3 == 0
                ? "" : "\(first.lowercased()).\(last.lowercased())\(number)@example.org")
    }
}
