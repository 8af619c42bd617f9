// alternative: fetches in a Task it awaits at once, passing cancellation on through withTaskCancellationHandler
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
        let loading = Task { try await client.photo(for: day) }
        let photo = try await withTaskCancellationHandler {
            try await loading.value
        } onCancel: {
            loading.cancel()
        }
        title = photo.title
    }
}
