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
        text(date, tenths: nil)
    }

    /// `date` to the fraction of a second a store keeps:
    /// `2010-06-21T09:00:00.5Z`, or `string(_:)` when it is a whole second.
    ///
    /// What an export writes, so an import puts back the very date: the
    /// SQL stores keep dates in steps of 1/1024 s, which ten decimals hold
    /// exactly.
    static func exactString(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let fraction = seconds - seconds.rounded(.down)
        guard fraction > 0, fraction < 1 else { return string(date) }
        // A step of 1/1024 s, as every SQL store keeps: its ten decimals
        // are a whole number, with no formatting call.
        let steps = fraction * 1024
        if steps == steps.rounded(.down) {
            return text(date, tenths: Int(steps) * 9_765_625)
        }
        var digits = String(format: "%.10f", fraction).dropFirst(2)
        while digits.last == "0" { digits = digits.dropLast() }
        let whole = string(date)
        guard !digits.isEmpty else { return whole }
        return whole.dropLast() + "." + digits + "Z"
    }

    /// `date`'s whole seconds, then `fraction` (ten decimal digits, as a
    /// whole number; its trailing zeros left out) when there is one.
    ///
    /// Written byte by byte into the string's own storage: an export of a
    /// million persons writes a million dates, and building each from
    /// eight small strings (or with `String(format:)`) was a sixth of its
    /// time.
    private static func text(_ date: Date, tenths fraction: Int?) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (0...9_999).contains(year) else {
            // Out of the stores' range: the plain way, however many digits.
            let whole =
                "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
                + "\(pad(second / 3_600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
            guard let fraction, fraction > 0 else { return whole }
            var digits = Substring(pad(fraction, 10))
            while digits.last == "0" { digits = digits.dropLast() }
            return whole.dropLast() + "." + digits + "Z"
        }
        return String(unsafeUninitializedCapacity: 31) { bytes in
            var end = 0
            func put(_ value: Int, width: Int) {
                var value = value
                for place in (end..<end + width).reversed() {
                    bytes[place] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                end += width
            }
            func put(_ byte: Unicode.Scalar) {
                bytes[end] = UInt8(ascii: byte)
                end += 1
            }
            put(year, width: 4)
            put("-")
            put(month, width: 2)
            put("-")
            put(day, width: 2)
            put("T")
            put(second / 3_600, width: 2)
            put(":")
            put(second / 60 % 60, width: 2)
            put(":")
            put(second % 60, width: 2)
            if let fraction, fraction > 0 {
                put(".")
                put(fraction, width: 10)
                while bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
            }
            put("Z")
            return end
        }
    }

    /// What a refused date should have been, for a message: the form and
    /// the days a store keeps, so a date before the first one (which reads
    /// as a date to a person) is not just called "not a date".
    static let expected = "a UTC date from 0001-01-03 to 9999-12-31 such as 2026-01-01T09:30:00Z"

    /// The date `text` writes as `exactString(_:)` and `string(_:)` do:
    /// `YYYY-MM-DDTHH:MM:SSZ`, with or without a fraction of a second, in
    /// the range every store keeps (``Features/StoredDate/secondsRange``,
    /// 0001-01-03 to 9999-12-31); `nil` for anything else.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == 0x2D,
            bytes[7] == 0x2D, bytes[10] == UInt8(ascii: "T"), bytes[13] == 0x3A,
            bytes[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == 0x2E, bytes.count <= 31, number(20..<bytes.count - 1) != nil,
                let parsed = Double(
                    "0." + String(decoding: bytes[20..<bytes.count - 1], as: UTF8.self))
            else { return nil }
            fraction = parsed
        } else if bytes[19] != UInt8(ascii: "Z") {
            return nil
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), year >= 1, hour < 24, minute < 60, second < 60,
            let days = daysSince1970(year: year, month: month, day: day)
        else { return nil }
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        // Before 0001-01-03 (Julian) a store would keep another day.
        guard StoredDate.secondsRange.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The day `year`-`month`-`day` as days after 1970-01-01, in the
    /// calendars `civilDate` reads; `nil` for a day that is not there.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1 else { return nil }
        // Gregorian (Hinnant's days-from-civil).
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        var days = era * 146_097 + dayOfEra - 719_468
        if days + 2_440_588 < gregorianStart {
            // Julian: the day number of the date, as Richards' algorithm reads it back.
            let a = (14 - month) / 12
            let y = year + 4_800 - a
            let m = month + 12 * a - 3
            days = day + (153 * m + 2) / 5 + 365 * y + y / 4 - 32_083 - 2_440_588
        }
        // A day past the month's end reads as another date: refused.
        let (backYear, backMonth, backDay) = civilDate(daysSince1970: days)
        guard backYear == year, backMonth == month, backDay == day else { return nil }
        return days
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
