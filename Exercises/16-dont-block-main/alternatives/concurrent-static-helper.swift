// alternative: a guard on cancellation, and a @concurrent static helper that fetches the title off the main actor
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient

    init(client: PhotoClient) {
        self.client = client
    }

    func refresh(day: Date) async throws {
        guard !Task.isCancelled else { return }
        title = try await Self.loadTitle(for: day, from: client)
    }

    /// Off the main actor: a nonisolated async function runs on the pool.
    @concurrent nonisolated static func loadTitle(for day: Date, from client: PhotoClient) async throws -> String {
        let photo = try await client.photo(for: day)
        return photo.title
    }
}
