import Features
import Foundation

/// What `--import` may name: a file, or an `http://` or `https://` URL.
///
/// Checked at launch, so a source that can never be read — an empty name,
/// a control character, a scheme such as `ftp://` that `people` does not
/// speak — is bad usage (exit 2) before anything is opened or downloaded.
enum ImportSource {
    /// `text`, checked as an import source.
    ///
    /// - Throws: ``Features/UsageError`` naming `source` and the problem.
    static func checked(_ text: String, from source: String) throws(UsageError) -> String {
        let path = try FilePath.checked(text, from: source)
        guard let scheme = scheme(of: path) else { return path }
        guard scheme == "http" || scheme == "https" else {
            throw UsageError(
                "\(source): \(InertText.quoted(scheme)) is not a scheme people reads; use a file, or an http:// or https:// URL"
            )
        }
        guard let url = URL(string: path), let host = url.host, !host.isEmpty else {
            throw UsageError("\(source): \(FilePath.shown(path)) is not a URL people can read")
        }
        // A password in a URL shows in the process list, in every error and
        // in the list beside each person; refused, so it shows nowhere.
        guard url.user == nil, url.password == nil else {
            throw UsageError(
                "\(source): a URL with a user or password is not read; it would be shown wherever the source is named"
            )
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw UsageError("\(source): \(port) is not a port (1 to 65535)")
        }
        // Schemes are case-insensitive; the fetch expects them lower-case.
        return scheme + path.drop { $0 != ":" }
    }

    /// Whether `source` names a URL to download rather than a file.
    static func isURL(_ source: String) -> Bool {
        scheme(of: source).map { $0 == "http" || $0 == "https" } ?? false
    }

    /// The scheme before `://`, lowercased, when `text` starts with one.
    private static func scheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }
}

/// A wait written on the command line, such as `300ms` or `2s`: the value
/// of `--latency`.
enum DurationText {
    /// The longest wait accepted: a minute, longer than any store should take.
    static let longest = Duration.seconds(60)

    /// `text` as a duration: a whole or decimal number followed by `ms` or
    /// `s`, from zero to a minute.
    ///
    /// - Throws: ``Features/UsageError`` naming `source` and the value.
    static func parse(_ text: String, for source: String) throws(UsageError) -> Duration {
        let shown = InertText.quoted(text)
        let unit = text.hasSuffix("ms") ? "ms" : text.hasSuffix("s") ? "s" : ""
        let number = text.dropLast(unit.count)
        guard !unit.isEmpty, !number.isEmpty,
            number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            number.filter({ $0 == "." }).count <= 1, number.first != ".", number.last != ".",
            let value = Double(number)
        else {
            throw UsageError("\(source): \(shown) is not a duration such as 300ms or 2s")
        }
        let milliseconds = unit == "ms" ? value : value * 1000
        guard milliseconds <= 60_000 else {
            throw UsageError("\(source): \(shown) is longer than a minute, the most it may be")
        }
        return .milliseconds(Int(milliseconds.rounded()))
    }
}
