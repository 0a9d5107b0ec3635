import Features

/// A whole number as a setting takes one: decimal digits, perhaps after a
/// minus sign, and nothing else.
///
/// Every setting that takes a number is read here — `--page-size`,
/// `PEOPLE_PAGE_SIZE`, the configuration file's `pageSize`, `--page` and
/// `seed` — so each follows the same rules and says what is wrong the same
/// way. `Int(_:)` alone lets `+5` and `010` through, and a JSON decoder reads
/// numbers as `Double` before anyone sees them (`1e400` is infinity, `5.0`
/// is 5, digits past 2^53 are rounded); here the text is judged as it was
/// written, and named in the message cut short, however long it is.
enum WholeNumber {
    /// `text` as a number in `range`.
    ///
    /// - Parameter source: where the text came from, for the message:
    ///   `--page-size`, `PEOPLE_PAGE_SIZE`, or a configuration file and key.
    /// - Throws: ``Features/UsageError`` naming `source`, the text and the problem:
    ///   not a whole number, a plus sign, a leading zero, or out of range.
    static func parse(_ text: String, for source: String, in range: ClosedRange<Int>)
        throws(UsageError) -> Int
    {
        let shown = InertText.quoted(text)
        let bytes = text.utf8
        let sign = bytes.first.flatMap {
            $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") ? $0 : nil
        }
        let digits = bytes.dropFirst(sign == nil ? 0 : 1)
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw UsageError("\(source): \(shown) is not a whole number")
        }
        if sign == UInt8(ascii: "+") {
            throw UsageError("\(source): \(shown) has a plus sign; write the number without it")
        }
        if digits.count > 1 && digits.first == UInt8(ascii: "0") {
            throw UsageError("\(source): \(shown) starts with 0; leading zeros are not allowed")
        }
        // More digits than any Int has is out of range without reading them.
        guard digits.count <= 19, let value = Int(text), range.contains(value) else {
            throw UsageError("\(source): \(shown) is out of range (\(bounds(of: range)))")
        }
        return value
    }

    /// `1 to 500`, or `at least 1` for a range with no real top.
    private static func bounds(of range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }
}
