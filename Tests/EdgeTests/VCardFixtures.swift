import Foundation

/// vCard files shaped like the ones address books write, written by hand
/// for these tests: what each program does that the others do not.
enum VCardFixtures {
    /// `lines` joined by CRLF, as every program here writes them.
    static func file(_ lines: [String]) -> Data {
        Data(lines.map { $0 + "\r\n" }.joined().utf8)
    }

    /// Apple Contacts 3.0: item groups with `X-ABLabel`, `type=` repeated,
    /// `X-APPLE-OMIT-YEAR` for a birthday without a year, a folded base64
    /// photo, a social profile it alone writes, and an escaped note.
    static let apple = file([
        "BEGIN:VCARD",
        "VERSION:3.0",
        "PRODID:-//Apple Inc.//macOS 14.0//EN",
        "N:Lovelace;Ada;;Countess;",
        "FN:Countess Ada Lovelace",
        "NICKNAME:Ada",
        "ORG:Analytical Engines Ltd;Research;Notes",
        "TITLE:Mathematician",
        "item1.EMAIL;type=INTERNET;type=HOME:ada@home.example",
        "item2.EMAIL;type=INTERNET;type=WORK;type=pref:ada@engines.example",
        "item3.EMAIL;type=INTERNET:ada@club.example",
        "item3.X-ABLabel:_$!<Other>!$_",
        "item4.TEL:+44 20 7946 0000",
        "item4.X-ABLabel:Dad's office",
        "TEL;type=CELL;type=VOICE;type=pref:+44 7700 900123",
        "item5.TEL:+44 20 7946 0001",
        "item5.X-ABLabel:_$!<HomeFAX>!$_",
        "item6.ADR;type=HOME;type=pref:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom",
        "item6.X-ABADR:gb",
        "BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10",
        "NOTE:Wrote the first program\\, for the Engine.\\nSee her notes.",
        "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEx",
        " 8QFB0aHx4dGhwcICQuJyAiLCMcHCg3KSwwMTQ0NB8nOT04MjwuMzQy",
        "X-SOCIALPROFILE;type=twitter:https://twitter.com/ada",
        "UID:5F7E4C1A-2B3D-4E5F-8A9B-0C1D2E3F4A5B",
        "END:VCARD",
        "BEGIN:VCARD",
        "VERSION:3.0",
        "FN:Charles Babbage",
        "N:Babbage;Charles;;;",
        "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=",
        "END:VCARD",
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:Hopper;Grace;Brewster Murray;Rear Admiral;",
        "PHOTO;VALUE=uri:https://example.org/grace.jpg",
        "END:VCARD",
    ])

    /// Google Contacts 3.0: `TYPE=` with comma lists, an `ADR` with a PO
    /// box, a `CATEGORIES` line, `BDAY` with a time part.
    static let google = file([
        "BEGIN:VCARD",
        "VERSION:3.0",
        "FN:Alan Turing",
        "N:Turing;Alan;Mathison;;",
        "EMAIL;TYPE=INTERNET,WORK:alan@bletchley.example",
        "EMAIL;TYPE=INTERNET,HOME,PREF:alan@home.example",
        "TEL;TYPE=CELL:+44 7700 900456",
        "TEL;TYPE=WORK,VOICE:01908 640404",
        "ADR;TYPE=WORK:PO Box 42;Hut 8;Bletchley Park;Milton Keynes;Bucks;MK3 6EB;UK",
        "ADR;TYPE=HOME:;;Hollymeade;Wilmslow;;;UK",
        "BDAY:1912-06-23T00:00:00Z",
        "CATEGORIES:myContacts,Colleagues",
        "END:VCARD",
    ])

    /// Outlook 2.1: bare parameters (`;WORK;PREF`), quoted-printable with
    /// soft line breaks, and text in Windows-1252, where 0x80 is the euro
    /// sign and 0x93/0x94 are curly quotes.
    static let outlook = file([
        "BEGIN:VCARD",
        "VERSION:2.1",
        "N;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;Ren=E9",
        "FN;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:Ren=E9 M=FCller",
        "ORG;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:Caf=E9 GmbH",
        "TEL;WORK;VOICE:+49 30 1234567",
        "TEL;CELL;PREF:+49 170 1234567",
        "EMAIL;PREF;INTERNET:rene@cafe.example",
        "ADR;WORK;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:;;Hauptstra=DFe 1;Berlin;;10115;=",
        "Deutschland",
        "NOTE;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:Costs 5 =80 a =93cup=94.=0D=0A=",
        "Second line.",
        "LABEL;WORK;ENCODING=QUOTED-PRINTABLE:Hauptstra=DFe 1=0D=0ABerlin",
        "END:VCARD",
    ])

    /// A 4.0 file: `PREF=` ranks, `VALUE=uri` phones with an extension,
    /// a birthday without a year, a list of street parts, a quoted
    /// parameter value holding a colon and a semicolon.
    static let version4 = file([
        "BEGIN:VCARD",
        "VERSION:4.0",
        "FN:Grace Hopper",
        "N:Hopper;Grace;;;",
        "EMAIL;TYPE=work;PREF=2:grace@navy.example",
        "EMAIL;TYPE=home;PREF=1:grace@home.example",
        "TEL;VALUE=uri;TYPE=\"voice,cell\":tel:+1-555-555-0100",
        "TEL;VALUE=uri;TYPE=work:tel:+1-555-555-0199;ext=102",
        "ADR;LABEL=\"1 Main St; Flat 2: back\";TYPE=home:;;1 Main St,Flat 2;Arlington;VA;22201;USA",
        "BDAY:--1209",
        "UID:urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "END:VCARD",
    ])
}
