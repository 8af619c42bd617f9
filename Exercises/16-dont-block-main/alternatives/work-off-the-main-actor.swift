// alternative: awaits the fetch, then computes 200 ms off the main actor (a detached task): the main actor stays free
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
        let photo = try await client.photo(for: day)
        let shown = await Task.detached {
            let end = Date().addingTimeInterval(0.2)
            var turns = 0
            while Date() < end { turns += 1 }
            return turns >= 0 ? photo.title : ""
        }.value
        title = shown
    }
}
