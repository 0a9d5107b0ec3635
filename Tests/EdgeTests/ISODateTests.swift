import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import PersonFiles

/// The JSON dates are written by hand for speed; they must be exactly what
/// Foundation's ISO 8601 format gives, over the whole range a store keeps.
@Suite struct ISODateTests {
    @Test func everyDateFromYearOneToYear9999MatchesFoundation() async {
        var generator = SeededGenerator(seed: 42)
        let edges: [Double] = [
            -62_135_596_800, 253_402_300_799, 0, -1, 86_399, 86_400, 951_782_400, 1_277_110_800.75,
        ]
        let samples =
            edges
            + (0..<20_000).map { _ in
                Double(Int.random(in: -62_135_596_800...253_402_300_799, using: &generator))
            }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISODate.string(date) == date.formatted(.iso8601), "at \(seconds)")
        }
    }
}
