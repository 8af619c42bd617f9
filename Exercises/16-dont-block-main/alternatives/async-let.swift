// alternative: async let for the photo, a log line, then await it
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
        async let photo = client.photo(for: day)
        print("fetching the photo of \(day)")
        title = try await photo.title
    }
}
