/// Everything a person's card holds besides the name: the shape of a vCard
/// 4 contact (RFC 6350) and of Apple's `CNContact`, cut to what people keep.
///
/// One value, so that a store reads and writes it with the row it belongs
/// to, a save compares it whole against what was opened, and a new field
/// is added here and in ``PersonField`` — not in every store's signature.
/// Every text in it has passed its field's check when it came from a draft;
/// one a database another program wrote holds may hold anything.
public struct ContactDetails: Sendable, Hashable {
    /// Email addresses, the preferred one first: the one the list shows.
    public var emails: [LabelledValue]
    /// Phone numbers, the preferred one first.
    public var phones: [LabelledValue]
    /// The postal address, in parts.
    public var address: PostalAddress
    /// The company or organisation; empty for none.
    public var organization: String
    /// The job title; empty for none.
    public var title: String
    /// What friends call the person; empty for none.
    public var nickname: String
    /// The birthday, with or without its year; `nil` for none.
    public var birthday: Birthday?
    /// Free text, lines kept; empty for none.
    public var notes: String
    /// The id the card came with from outside this book (vCard's `UID`).
    ///
    /// What an import matches a contact by. Empty when unknown, as for a
    /// card made here (see ``Person/cardID``) or a row another program
    /// wrote without one.
    public var uid: String

    /// A card with these values; what is left out is empty.
    public init(
        emails: [LabelledValue] = [], phones: [LabelledValue] = [],
        address: PostalAddress = PostalAddress(), organization: String = "", title: String = "",
        nickname: String = "", birthday: Birthday? = nil, notes: String = "", uid: String = ""
    ) {
        self.emails = emails
        self.phones = phones
        self.address = address
        self.organization = organization
        self.title = title
        self.nickname = nickname
        self.birthday = birthday
        self.notes = notes
        self.uid = uid
    }

    /// Whether `other` holds the same values, byte for byte.
    ///
    /// Bytes, not Swift's `==`, which takes two spellings of "é" as one: a
    /// program that rewrote a value in another spelling changed it, and a
    /// save must not hide that (``Person/hasSameValues(as:)``).
    public func hasSameBytes(as other: ContactDetails) -> Bool {
        func same(_ one: String, _ two: String) -> Bool { one.utf8.elementsEqual(two.utf8) }
        func same(_ one: [LabelledValue], _ two: [LabelledValue]) -> Bool {
            one.count == two.count
                && zip(one, two).allSatisfy { same($0.label, $1.label) && same($0.value, $1.value) }
        }
        return same(emails, other.emails) && same(phones, other.phones)
            && address.parts.count == other.address.parts.count
            && zip(address.parts, other.address.parts).allSatisfy { same($0, $1) }
            && same(organization, other.organization) && same(title, other.title)
            && same(nickname, other.nickname) && birthday == other.birthday
            && same(notes, other.notes) && same(uid, other.uid)
    }
}

/// One email address or phone number and what it is for.
///
/// The label is free text, as in vCard and Contacts: usually one of
/// ``commonLabels``, but "Dad's office" is as good; empty for none.
public struct LabelledValue: Sendable, Hashable {
    /// "home", "work", "mobile", "other", the person's own word, or empty.
    public var label: String
    /// The address or number.
    public var value: String

    /// A value with its label.
    public init(label: String = "", value: String) {
        self.label = label
        self.value = value
    }

    /// The labels most cards use, offered first and written as vCard's own
    /// `TYPE` words.
    public static let commonLabels = ["home", "work", "mobile", "other"]

    /// How a form shows it and reads it back: `work: ada@example.org`, or
    /// the value alone when it has no label.
    ///
    /// A value with no label that holds a colon — `tel:+1 555`, as another
    /// program may store one — is written after an empty label (`: tel:+1
    /// 555`): read back, the text before the first colon is the label, and
    /// the value would lose its `tel:` to it on the next save.
    public var formText: String {
        label.isEmpty && !value.utf8.contains(UInt8(ascii: ":")) ? value : "\(label): \(value)"
    }
}

/// A postal address in the parts vCard's `ADR` and `CNPostalAddress` keep.
///
/// The street is what earlier releases kept as the one address line, so a
/// book from before the parts existed reads its addresses as streets.
public struct PostalAddress: Sendable, Hashable {
    /// House number, street, flat: may hold several comma-separated parts.
    public var street: String
    /// Town or city.
    public var city: String
    /// State, county or province.
    public var region: String
    /// Postal code.
    public var postcode: String
    /// Country.
    public var country: String

    /// An address with these parts; each is empty when unknown.
    public init(
        street: String = "", city: String = "", region: String = "", postcode: String = "",
        country: String = ""
    ) {
        self.street = street
        self.city = city
        self.region = region
        self.postcode = postcode
        self.country = country
    }

    /// The parts in vCard's order after the two it leaves empty.
    public var parts: [String] { [street, city, region, postcode, country] }

    /// Whether every part is empty.
    public var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }

    /// The parts that are there, joined by commas: the address on one line,
    /// as the list and a mail label read it.
    public var oneLine: String { parts.filter { !$0.isEmpty }.joined(separator: ", ") }
}

/// A birthday: month and day, and the year when it is known.
///
/// Many people know a friend's birthday but not the year; vCard 4 writes
/// that as `--MMDD` and Contacts keeps it the same way.
public struct Birthday: Sendable, Hashable, CustomStringConvertible {
    /// The year, or `nil` when unknown.
    public let year: Int?
    /// 1 to 12.
    public let month: Int
    /// 1 to the month's last day (29 for February without a year).
    public let day: Int

    /// The birthday, when the day exists in that month (and year).
    ///
    /// Returns `nil` for the 31st of April, or the 29th of February of a
    /// year that had none, or a year before 1 or after 9999.
    public init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1 else { return nil }
        if let year, !(1...9999).contains(year) { return nil }
        let isLeap = year.map { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 } ?? true
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The birthday written as ISO 8601 and vCard 4 write one: `1815-12-10`,
    /// or `--12-10` without the year.
    public var description: String {
        let monthAndDay = "\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        guard let year else { return "--\(monthAndDay)" }
        let digits = String(year)
        return "\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)-\(monthAndDay)"
    }

    /// Reads `1815-12-10`, `18151210`, `--12-10`, `--1210` or `12-10`:
    /// what people type and what vCard 3 and 4 files hold.
    ///
    /// Returns `nil` for anything else, or a day that does not exist.
    public init?(_ text: String) {
        var rest = Substring(text)
        var year: Int?
        if rest.hasPrefix("--") {
            rest = rest.dropFirst(2)
        } else if rest.count == 8 || (rest.count == 10 && rest.dropFirst(4).first == "-") {
            guard let parsed = Self.number(rest.prefix(4)) else { return nil }
            year = parsed
            rest = rest.dropFirst(4)
            if rest.first == "-" { rest = rest.dropFirst() }
        }
        if rest.count == 5, rest.dropFirst(2).first == "-" {
            rest = rest.prefix(2) + rest.dropFirst(3)
        }
        guard rest.count == 4, let month = Self.number(rest.prefix(2)),
            let day = Self.number(rest.dropFirst(2))
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The value of `digits` when it is only ASCII digits.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(digits)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
