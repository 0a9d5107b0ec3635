import Foundation
import PeopleTestSupport
import Testing

@testable import Features
@testable import PersonFiles

/// The JSON dates are written by hand for speed; they must be exactly what
/// Foundation's ISO 8601 format gives, over the whole range a store keeps.
@Suite struct ISODateTests {
    /// Every step of 1/1024 s a store keeps is written with the digits
    /// `%.10f` gives it, without that call, and reads back as the same date.
    @Test func everyStepOfASecondIsWrittenExactlyAndReadBack() {
        let base = 1_277_110_800.0
        for step in 1..<1024 {
            let date = Date(timeIntervalSince1970: base + Double(step) / 1024)
            var digits = String(format: "%.10f", Double(step) / 1024).dropFirst(2)
            while digits.last == "0" { digits = digits.dropLast() }
            #expect(ISODate.exactString(date) == "2010-06-21T09:00:00.\(digits)Z")
            #expect(ISODate.date(ISODate.exactString(date)) == date)
        }
    }

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
