import Features
import Foundation

/// The date this program writes as `X-PEOPLE-ADDED`, and reads back: ISO
/// 8601 UTC, `2010-06-21T09:00:00Z`, with the fraction of a second when
/// there is one (`…:00.5Z`).
///
/// Exact both ways for the dates a store keeps (multiples of 1/1024 s,
/// ``Features/StoredDate``), so an export read into an empty book gives
/// every person the date they had. The whole seconds are ``ISODate``'s, and
/// a text is read by asking ``ISODate`` to write the date found: a date
/// that does not write back as read (the 30th of February) is refused.
enum VCardDate {
    /// `date` as written, to the nearest 1/1024 s.
    static func string(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let steps = Int(((seconds - whole) * 1024).rounded())
        guard steps > 0, steps < 1024 else {
            return ISODate.string(Date(timeIntervalSince1970: steps == 1024 ? whole + 1 : whole))
        }
        // A 1/1024 s step is exactly 0.0009765625 s: ten decimal places.
        var digits = String(steps * 9_765_625)
        digits = String(repeating: "0", count: 10 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        let text = ISODate.string(Date(timeIntervalSince1970: whole))
        return text.dropLast() + "." + digits + "Z"
    }

    /// The date `text` names, or `nil` when it is not written as
    /// ``string(_:)`` writes one or is outside the range every store keeps.
    static func date(_ text: String) -> Date? {
        guard text.utf8.count <= 40, text.hasSuffix("Z"), text.utf8.count >= 20 else { return nil }
        let whole = String(text.prefix(19)) + "Z"
        let fraction = text.dropFirst(19).dropLast()
        var seconds = 0.0
        if !fraction.isEmpty {
            guard fraction.first == ".", fraction.count > 1,
                fraction.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Double("0" + fraction)
            else { return nil }
            seconds = value
        }
        let parts = whole.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0) }
        guard parts.count == 6, let year = parts[0], let month = parts[1], let day = parts[2],
            let hour = parts[3], let minute = parts[4], let second = parts[5]
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let date = Date(
            timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
        guard ISODate.string(date) == whole,
            StoredDate.secondsRange.contains(date.timeIntervalSince1970 + seconds)
        else { return nil }
        return Date(timeIntervalSince1970: date.timeIntervalSince1970 + seconds)
    }

    /// Days from 1970-01-01 to the date, in the calendar ``ISODate`` uses
    /// for it: Gregorian from 1582-10-15, Julian before.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let gregorian = era * 146_097 + dayOfEra - 719_468
        guard gregorian + 2_440_588 < 2_299_161 else { return gregorian }
        // Julian calendar: its day number, less 1970-01-01's.
        let a = (14 - month) / 12
        let y = year + 4_800 - a
        let m = month + 12 * a - 3
        return day + (153 * m + 2) / 5 + 365 * y + y / 4 - 32_083 - 2_440_588
    }
}
