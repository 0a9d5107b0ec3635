import Foundation

/// One content line of a vCard, unfolded and split into its parts:
/// `item1.EMAIL;TYPE=work,pref:ada@example.org`.
///
/// Parameters are read in every spelling the three versions allow —
/// `TYPE=work,voice`, `TYPE=WORK;TYPE=PREF`, and 2.1's bare `;WORK;PREF` —
/// into one list of names and values, so the reader asks one question
/// ("is it pref?") whatever program wrote the file.
struct VCardProperty {
    /// The group before the dot, lowercased (`item1`); empty for none.
    var group: String
    /// The property's name, uppercased (`EMAIL`).
    var name: String
    /// Each parameter's name, uppercased, with its values as written.
    var parameters: [(name: String, values: [String])]
    /// The value's bytes, quoted-printable decoded, escapes still in.
    var value: ArraySlice<UInt8>
    /// The 1-based line the property starts on.
    var line: Int

    /// The values of every parameter called `name`.
    func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.flatMap(\.values)
    }

    /// The `TYPE` words, lowercased: `work`, `cell`, `pref`, … (4.0's
    /// quoted list `TYPE="voice,cell"` too).
    var types: Set<String> {
        Set(values(of: "TYPE").flatMap { $0.lowercased().split(separator: ",").map(String.init) })
    }

    /// How preferred the value is: `PREF=1` (4.0) or `TYPE=pref` (2.1,
    /// 3.0) come first; a value with no preference after every one that has.
    var preference: Int {
        if let rank = values(of: "PREF").compactMap({ Int($0) }).min() { return rank }
        return types.contains("pref") ? 1 : 101
    }

    /// The property in `line`, or `nil` when it has no colon.
    init?(_ text: [UInt8], line: Int) {
        guard let colon = VCardProperty.headEnd(of: text) else { return nil }
        let head = VCardProperty.pieces(of: text[..<colon])
        let fullName = String(decoding: head.first ?? [], as: UTF8.self)
        if let dot = fullName.lastIndex(of: ".") {
            group = fullName[..<dot].lowercased()
            name = fullName[fullName.index(after: dot)...].uppercased()
        } else {
            group = ""
            name = fullName.uppercased()
        }
        parameters = head.dropFirst().map(VCardProperty.parameter)
        self.line = line
        let raw = text[(colon + 1)...]
        let encodings = parameters.filter { $0.name == "ENCODING" }.flatMap(\.values)
        value =
            encodings.contains { $0.uppercased() == "QUOTED-PRINTABLE" }
            ? VCardText.quotedPrintable(raw)[...] : raw
    }

    /// Where the name and parameters end: the first colon outside double
    /// quotes (a quoted parameter value may hold one).
    static func headEnd(of text: some Collection<UInt8>) -> Int? {
        var quoted = false
        for (offset, byte) in text.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":") && !quoted { return offset }
        }
        return nil
    }

    /// Whether a content line's head, `text` up to its colon, says its
    /// value is quoted-printable (2.1's bare `;QUOTED-PRINTABLE` too).
    static func isQuotedPrintable(head text: ArraySlice<UInt8>) -> Bool {
        String(decoding: text, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }

    /// The head split at the semicolons outside double quotes.
    private static func pieces(of head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var quoted = false
        var start = head.startIndex
        for index in head.indices {
            if head[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if head[index] == UInt8(ascii: ";") && !quoted {
                pieces.append(head[start..<index])
                start = index + 1
            }
        }
        pieces.append(head[start...])
        return pieces
    }

    /// One parameter: `NAME=a,"b",c`, or a bare 2.1 word, which is an
    /// encoding (`QUOTED-PRINTABLE`, `BASE64`, …) or else a type.
    private static func parameter(_ text: ArraySlice<UInt8>) -> (name: String, values: [String]) {
        let piece = String(decoding: text, as: UTF8.self)
        guard let equals = piece.firstIndex(of: "=") else {
            let word = piece.trimmingCharacters(in: .whitespaces)
            let encodings = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]
            return (encodings.contains(word.uppercased()) ? "ENCODING" : "TYPE", [word])
        }
        let name = piece[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
        var values: [String] = []
        var current = ""
        var quoted = false
        for character in piece[piece.index(after: equals)...] {
            switch character {
            case "\"": quoted.toggle()
            case "," where !quoted:
                values.append(current)
                current = ""
            default: current.append(character)
            }
        }
        values.append(current)
        return (name, values.map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
