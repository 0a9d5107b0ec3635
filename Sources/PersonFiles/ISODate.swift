import Features
import Foundation

/// A date as ISO 8601 UTC text to the second, `2010-06-21T09:00:00Z`: the
/// form `--json` gives every date.
///
/// Worked out with integer arithmetic rather than a date formatter, because
/// a script walking a million persons asks for a million of them. Like
/// Foundation, it counts days in the Gregorian calendar from its start on
/// 1582-10-15, and in the Julian calendar before, so the text is exactly what
/// Foundation's ISO 8601 format gives.
enum ISODate {
    /// `date`, whole seconds, in UTC.
    static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(second / 3_600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
    }

    /// The first day of the Gregorian calendar, 1582-10-15, as a Julian day number.
    private static let gregorianStart = 2_299_161

    /// Year, month and day of the day `days` after 1970-01-01.
    private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
        let julianDay = days + 2_440_588
        if julianDay < gregorianStart {
            // Julian calendar (Richards' algorithm).
            let c = julianDay + 32_082
            let d = (4 * c + 3) / 1_461
            let e = c - 1_461 * d / 4
            let m = (5 * e + 2) / 153
            return (d - 4_800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
        }
        // Gregorian calendar (Hinnant's days-to-civil).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
