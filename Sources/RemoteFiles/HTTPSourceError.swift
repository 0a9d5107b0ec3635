import Features
import Foundation

/// Why a fetch failed, as one line naming the URL and the reason.
///
/// For example `http://127.0.0.1:8080/team.csv: the server answered 404 Not
/// Found`. Both parts may hold text the server chose (a redirect target, a
/// content type), so both are made inert and clipped, and the line stays one
/// line that moves nothing on a terminal.
public struct HTTPSourceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The URL fetched, inert and clipped to 120 characters.
    public let url: String

    /// What went wrong, in words a person can act on.
    public let reason: String

    /// `url: reason`.
    public var description: String { "\(url): \(reason)" }

    init(url: URL, reason: String) {
        self.url = InertText.clipped(url.absoluteString, limit: 120)
        self.reason = reason
    }
}
