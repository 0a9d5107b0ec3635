/// A vCard file's content lines, unfolded, each with the line it starts on.
///
/// A long line is folded by a line break followed by a space or a tab
/// (RFC 6350 §3.2; CRLF, LF or a lone CR); vCard 2.1's quoted-printable
/// values also continue past a line that ends in `=` (a soft line break).
/// Both are joined here, in one pass that appends each piece once: a 5 MB
/// line folded 70,000 times costs what the 5 MB cost, never their square.
enum VCardLines {
    /// One unfolded content line: its bytes and its first line's number.
    struct Line {
        var bytes: [UInt8]
        var number: Int
    }

    /// The content lines of `bytes`, blank lines left out.
    static func lines(of bytes: ArraySlice<UInt8>) -> [Line] {
        var lines: [Line] = []
        // Changed in place: a copy taken to append to would copy the
        // whole line at every fold.
        var current = Line(bytes: [], number: 0)
        var hasCurrent = false
        // Where the head of `current` ends, once found, and how far the
        // search for it has read: kept, so a line of many soft breaks is
        // not searched from its start at every one.
        var head = HeadSearch()
        var number = 0
        var start = bytes.startIndex
        while start <= bytes.endIndex {
            number += 1
            var end = start
            while end < bytes.endIndex, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let physical = bytes[start..<end]
            // The next line starts after LF, CR or CR LF.
            var next = end + 1
            if end < bytes.endIndex, bytes[end] == 0x0D, end + 1 < bytes.endIndex,
                bytes[end + 1] == 0x0A
            {
                next += 1
            }
            defer { start = next }
            if hasCurrent {
                if let first = physical.first, first == 0x20 || first == 0x09 {
                    current.bytes.append(contentsOf: physical.dropFirst())
                    continue
                }
                if current.bytes.last == UInt8(ascii: "="),
                    head.isQuotedPrintable(current.bytes)
                {
                    current.bytes.removeLast()
                    // A soft break just before the card's end ends the
                    // value: `END:VCARD` is never part of one, and joined
                    // it would leave the card unended.
                    if !Self.endsACard(physical) {
                        current.bytes.append(contentsOf: physical)
                        continue
                    }
                }
                lines.append(current)
                hasCurrent = false
            }
            guard !physical.isEmpty else { continue }
            current = Line(bytes: Array(physical), number: number)
            hasCurrent = true
            head = HeadSearch()
        }
        if hasCurrent { lines.append(current) }
        return lines
    }

    /// Whether `line` is `END:VCARD`, in any case, spaces after it or not.
    private static func endsACard(_ line: ArraySlice<UInt8>) -> Bool {
        var line = line
        while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
        // ASCII letters to upper case; `END:VCARD` has no other letters.
        return line.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 } == Array("END:VCARD".utf8)
    }

    /// The search for the colon that ends a line's head, resumed where it
    /// stopped as the line grows.
    private struct HeadSearch {
        var read = 0
        var quoted = false
        var answer: Bool?

        /// Whether the line's head, once complete, names quoted-printable.
        mutating func isQuotedPrintable(_ line: [UInt8]) -> Bool {
            if let answer { return answer }
            while read < line.count {
                if line[read] == UInt8(ascii: "\"") { quoted.toggle() }
                if line[read] == UInt8(ascii: ":") && !quoted {
                    let answer = VCardProperty.isQuotedPrintable(head: line[..<read])
                    self.answer = answer
                    return answer
                }
                read += 1
            }
            return false
        }
    }
}
