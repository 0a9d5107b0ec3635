import Features

extension PersonField {
    /// `value` with as much of `text` as the field can take after it, from
    /// its start: no more characters than its most, and no more bytes.
    ///
    /// Both limits, since one character may carry any number of combining
    /// marks: a paste of marks after one letter is one character long, and
    /// would otherwise grow a field, and the work each key costs, without end.
    /// What does not fit is dropped, with everything after it, so a paste
    /// is cut at the field's end, never kept with holes in it.
    func appending(_ text: String, to value: String) -> String {
        var result = value
        var bytes = value.utf8.count
        for character in text {
            bytes += character.utf8.count
            guard bytes <= maximumBytes, (result + String(character)).count <= maximumLength
            else { break }
            result.append(character)
        }
        return result
    }
}
