import Foundation

extension Person {
    /// Every value the card holds, as a detail screen lists it: a label and
    /// one line of text per row, whatever the front end.
    ///
    /// The name, the emails and the address always have a row ("—" for
    /// none); the other fields only when they hold something. Each email
    /// and phone is a row of its own with its label after it, so a label
    /// as long as a field's name cannot push the column of values over;
    /// each line of the notes is a row, so no line feed reaches a view.
    public var shownFields: [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = [("Name", name)]
        func add(_ field: PersonField, _ value: String) {
            if !value.isEmpty { rows.append((field.label, value)) }
        }
        func addList(_ field: PersonField, _ values: [LabelledValue]) {
            for value in values {
                rows.append(
                    (
                        field.label,
                        value.label.isEmpty ? value.value : "\(value.value) (\(value.label))"
                    ))
            }
        }
        add(.nickname, details.nickname)
        if details.emails.isEmpty { rows.append((PersonField.email.label, "—")) }
        addList(.email, details.emails)
        addList(.phone, details.phones)
        add(.organization, details.organization)
        add(.title, details.title)
        rows.append(
            (PersonField.address.label, details.address.isEmpty ? "—" : details.address.oneLine))
        add(.birthday, details.birthday?.description ?? "")
        for (index, line) in details.notes.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated() where !details.notes.isEmpty
        {
            rows.append((index == 0 ? PersonField.notes.label : "", String(line)))
        }
        rows.append(("Added", added.formatted(.iso8601.year().month().day())))
        rows.append(("Id", String(id)))
        if let source { rows.append(("Source", "\(source) (read-only)")) }
        return rows
    }
}
