import Foundation

public struct HTTPSource: Sendable {
    public init(timeout: Duration = .seconds(15), sizeLimit: Int = 16 << 20) {}
    public func fetch(_ url: URL) async throws -> Data { Data() }
}
