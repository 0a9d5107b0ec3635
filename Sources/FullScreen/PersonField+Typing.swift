import Features

extension PersonField {
    /// Whether `value` can take `character` and still be a value the field
    /// stores: no more characters than its most, and no more bytes.
    ///
    /// Both limits, since one character may carry any number of combining
    /// marks: a paste of marks after one letter is one character long, and
    /// would otherwise grow a field, and the work each key costs, without end.
    func hasRoom(for character: Character, after value: String) -> Bool {
        value.utf8.count + character.utf8.count <= maximumBytes
            && (value + String(character)).count <= maximumLength
    }
}
