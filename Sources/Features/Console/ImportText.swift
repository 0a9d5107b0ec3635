import Foundation

/// The text of an import or configuration file, or why it is not text this
/// program can read.
///
/// Files come from anywhere: a spreadsheet that wrote a byte order mark, an
/// editor that saved UTF-16 or Latin-1, a binary file named by mistake.
/// Reading any of those as UTF-8 would import garbled names (`Ren� M�ller`)
/// or print raw bytes into an error; instead each is refused with one line
/// naming the file, and the line where the trouble starts.
package enum ImportText {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `data` as UTF-8 text, without a leading byte order mark.
    ///
    /// - Throws: ``UsageError`` for UTF-16 or UTF-32 text, a NUL byte, or
    ///   bytes that are not UTF-8, naming the line.
    package static func decode(_ data: Data, name: String) throws(UsageError) -> String {
        let bytes = Array(data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0, 0, 0xFE, 0xFF])
        {
            throw UsageError("\(name): is UTF-16 or UTF-32 text; save it as UTF-8")
        }
        let text = bytes.starts(with: byteOrderMark) ? bytes[3...] : bytes[...]
        if let nul = text.firstIndex(of: 0) {
            throw UsageError(
                "\(name):\(line(of: nul, in: text)): holds a NUL byte, so it is not a text file")
        }
        guard let decoded = String(validating: text, as: UTF8.self) else {
            let offset = firstInvalidByte(in: text) ?? text.startIndex
            throw UsageError(
                "\(name):\(line(of: offset, in: text)): is not UTF-8 text; save the file as UTF-8")
        }
        return decoded
    }

    /// The 1-based line holding the byte at `offset`.
    private static func line(of offset: Int, in text: ArraySlice<UInt8>) -> Int {
        text[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
    }

    /// Where the first byte that does not belong to a UTF-8 character is.
    private static func firstInvalidByte(in text: ArraySlice<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = text.makeIterator()
        var offset = text.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
