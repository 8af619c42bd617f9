// alternative: shows an error title when the fetch fails, and still throws the fetch's own error
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
        do {
            title = try await client.photo(for: day).title
        } catch {
            title = "Could not load the photo"
            throw error
        }
    }
}
