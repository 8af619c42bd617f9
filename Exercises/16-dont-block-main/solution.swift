import Foundation
import LabCore

// Exercise 16 · solution: await the async fetch; the main actor draws meanwhile.

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient

    init(client: PhotoClient) {
        self.client = client
    }

    func refresh(day: Date) async throws {
        let photo = try await client.photo(for: day)
        title = photo.title
    }
}
