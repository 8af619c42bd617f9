import Foundation
import LabCore

// Exercise 16 · main-actor · Keep the UI drawing while loading
//
// Space Photos' model refreshes the photo of the day on the main actor. It fetches
// with a blocking call, so while the photo loads no frame can be drawn: the app freezes.
//
// TODO: fetch with the client's async photo(for:) instead, so the main actor is free
// while the request is in flight.

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient

    init(client: PhotoClient) {
        self.client = client
    }

    func refresh(day: Date) async throws {
        let photo = client.fetchBlocking(day)
        title = photo.title
    }
}
