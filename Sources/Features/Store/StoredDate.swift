import Foundation

/// How a store that keeps a date as seconds since 1970 in a double — the
/// SQLite file, the server — turns a date into that number and back, so that
/// both ways are exact.
///
/// A `Date` counts seconds from 2001, a stored date from 1970. Moving a
/// fraction of a second from one to the other in a double rounds it: the
/// date read back was a few hundred nanoseconds off the one written, and the
/// store then took the person its own `add` returned for one someone else had
/// changed. Every multiple of 1/1024 s between the years 1 and 9999 is exact
/// on both sides, so these stores keep a date to that precision (under a
/// millisecond): the date `add` returns, the date read back and the date a
/// restore writes again are one and the same. (A date another program
/// stored more finely is read as stored, and written again, by an undo, to
/// the nearest 1/1024 s.)
public enum StoredDate {
    /// The dates a store keeps, in seconds since 1970: the years 1 to 9999.
    ///
    /// A number outside them, stored by another program, is read as the
    /// nearest end.
    public static let secondsRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// How many steps a second is kept in: a power of two, so each step is
    /// exact in binary.
    private static let stepsPerSecond = 1024.0

    /// `date` as the number to store: rounded to the nearest 1/1024 s and
    /// kept within ``secondsRange``.
    public static func seconds(of date: Date) -> Double {
        let steps = (date.timeIntervalSinceReferenceDate * stepsPerSecond).rounded()
        let sinceReference = steps.isFinite ? steps / stepsPerSecond : 0
        return clamped(sinceReference + Date.timeIntervalBetween1970AndReferenceDate)
    }

    /// The date a stored number stands for: any number at all, since another
    /// program may have written it (not a number reads as 1970).
    public static func date(fromSeconds seconds: Double) -> Date {
        Date(timeIntervalSince1970: clamped(seconds))
    }

    /// `date` as a store that keeps it this way gives it back.
    public static func rounded(_ date: Date) -> Date {
        Self.date(fromSeconds: seconds(of: date))
    }

    private static func clamped(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, secondsRange.lowerBound), secondsRange.upperBound)
    }
}
