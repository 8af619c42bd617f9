// alternative: refresh itself nonisolated: fetches off the main actor, then sets the title in MainActor.run
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient

    init(client: PhotoClient) {
        self.client = client
    }

    nonisolated func refresh(day: Date) async throws {
        let photo = try await client.photo(for: day)
        await MainActor.run { self.title = photo.title }
    }
}
